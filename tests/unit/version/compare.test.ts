/**
 * §4/§5/§8 version rules as tables: reading `{ major, minor, patch }` and `{ environment, version }` answers
 * (with the §8 reasons), comparing, the update decision, the paths a reload skips, and the random number.
 */
import { describe, expect, it, vi } from "vitest";
import {
  compareVersions,
  cryptoRandomNumber,
  formatVersion,
  needsUpdate,
  parseVersion,
  readRunningVersion,
  readVersionParts,
  reloadAllowed,
  VERSION_REASONS,
  type VersionParts,
} from "#shared/version/compare.ts";

const v = (text: string): VersionParts => parseVersion(text)!;

describe("readVersionParts (§5: numeric major, minor and patch, else no update)", () => {
  it.each<[string, unknown, string | null]>([
    ["a release", { major: 1, minor: 3, patch: 98 }, null],
    ["zeros", { major: 0, minor: 0, patch: 0 }, null],
    ["extra fields ignored", { major: 2, minor: 0, patch: 1, note: "x" }, null],
    ["null", null, VERSION_REASONS.noData],
    ["undefined", undefined, VERSION_REASONS.noData],
    ["empty text", "", VERSION_REASONS.noData],
    ["empty object", {}, VERSION_REASONS.noData],
    ["numeric strings", { major: "1", minor: "3", patch: "98" }, VERSION_REASONS.invalidFormat],
    ["a missing patch", { major: 1, minor: 3 }, VERSION_REASONS.invalidFormat],
    ["a fraction", { major: 1, minor: 3.5, patch: 0 }, VERSION_REASONS.invalidFormat],
    ["a negative", { major: 1, minor: -1, patch: 0 }, VERSION_REASONS.invalidFormat],
    ["NaN", { major: Number.NaN, minor: 0, patch: 0 }, VERSION_REASONS.invalidFormat],
    ["an array", [1, 3, 98], VERSION_REASONS.invalidFormat],
    ["a version text", "1.3.98", VERSION_REASONS.invalidFormat],
    ["a number", 42, VERSION_REASONS.invalidFormat],
  ])("%s", (_name, data, reason) => {
    const read = readVersionParts(data);
    if (reason === null)
      expect(read).toEqual({
        ok: true,
        version: { major: (data as VersionParts).major, minor: (data as VersionParts).minor, patch: (data as VersionParts).patch },
      });
    else expect(read).toEqual({ ok: false, reason });
  });
});

describe("readRunningVersion (GET /api/version)", () => {
  it.each<[string, unknown, VersionParts | string]>([
    ["the server's answer", { version: "1.3.98", environment: "production" }, { major: 1, minor: 3, patch: 98 }],
    ["no environment", { version: "2.0.0" }, { major: 2, minor: 0, patch: 0 }],
    ["null", null, VERSION_REASONS.noData],
    ["empty object", {}, VERSION_REASONS.noData],
    ["two parts", { version: "1.3", environment: "local" }, VERSION_REASONS.invalidFormat],
    ["a pre-release tag", { version: "1.3.98-beta", environment: "local" }, VERSION_REASONS.invalidFormat],
    ["a number", { version: 1.3, environment: "local" }, VERSION_REASONS.invalidFormat],
    ["text", "1.3.98", VERSION_REASONS.invalidFormat],
  ])("%s", (_name, data, expected) => {
    const read = readRunningVersion(data);
    if (typeof expected === "string") expect(read).toEqual({ ok: false, reason: expected });
    else expect(read).toMatchObject({ ok: true, version: expected });
  });

  it("keeps the environment for the ?env= request", () => {
    expect(readRunningVersion({ version: "1.0.0", environment: "staging" })).toEqual({ ok: true, version: v("1.0.0"), environment: "staging" });
  });
});

describe("compareVersions", () => {
  it.each<[string, string, number]>([
    ["1.3.98", "1.3.98", 0],
    ["1.3.98", "1.3.99", -1],
    ["1.3.99", "1.3.98", 1],
    ["1.3.98", "1.4.0", -1],
    ["2.0.0", "1.99.99", 1],
    ["1.10.0", "1.9.0", 1],
    ["0.0.1", "0.0.0", 1],
  ])("%s vs %s", (a, b, sign) => {
    expect(Math.sign(compareVersions(v(a), v(b)))).toBe(sign);
  });

  it("formats back to text", () => {
    expect(formatVersion(v("1.3.98"))).toBe("1.3.98");
  });
});

describe("needsUpdate (§4: bundle older than the latest while the running server is current)", () => {
  it.each<[string, string, string, boolean]>([
    // bundled, running, latest, update
    ["1.3.97", "1.3.98", "1.3.98", true],
    ["1.3.97", "1.3.99", "1.3.98", true],
    ["1.3.98", "1.3.98", "1.3.98", false],
    ["1.3.99", "1.3.98", "1.3.98", false],
    // A gradual deployment: the server answering is still the old one, a reload would not help.
    ["1.3.97", "1.3.97", "1.3.98", false],
    ["1.2.0", "1.3.0", "1.4.0", false],
    ["1.3.98", "1.3.97", "1.3.97", false],
  ])("bundled %s, running %s, latest %s → %s", (bundled, running, latest, update) => {
    expect(needsUpdate({ bundled: v(bundled), running: v(running), latest: v(latest) })).toBe(update);
  });
});

describe("reloadAllowed (§4: never on /cart or /checkout)", () => {
  it.each<[string, boolean]>([
    ["/", true],
    ["/diamond-search", true],
    ["/diamond/12/round-1-ct", true],
    ["/cart", false],
    ["/cart/anything", false],
    ["/checkout", false],
    ["/orders/123/checkout", false],
    ["/carts-and-more", false],
    ["/cards", true],
  ])("%s → %s", (path, allowed) => {
    expect(reloadAllowed(path)).toBe(allowed);
  });
});

describe("cryptoRandomNumber (§8: absence of a crypto random source throws)", () => {
  it("answers a 32-bit unsigned integer from the source", () => {
    const source = { getRandomValues: (a: Uint32Array) => a.fill(0xdeadbeef) };
    expect(cryptoRandomNumber(source)).toBe(0xdeadbeef);
    const n = cryptoRandomNumber();
    expect(Number.isInteger(n) && n >= 0 && n < 2 ** 32).toBe(true);
  });

  it("throws when the platform has no crypto (no Math.random fallback)", () => {
    vi.stubGlobal("crypto", undefined);
    try {
      expect(() => cryptoRandomNumber()).toThrow("No crypto random source available");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("throws with a source lacking getRandomValues", () => {
    expect(() => cryptoRandomNumber({} as never)).toThrow("No crypto random source available");
  });
});
