import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashUserData, sha256Hex } from "#shared/tracking/hash.ts";
import { normaliseCity, normaliseEmail, normaliseName, normaliseState } from "#shared/tracking/normalise.ts";

/** The reference: Node's own SHA-256, independent of the WebCrypto code under test. */
const sha = (s: string): string => createHash("sha256").update(s, "utf8").digest("hex");

describe("hashed user data follows Meta's customer information rules", () => {
  it("matches the SHA-256 examples Meta's documentation gives", async () => {
    const hashed = await hashUserData({ em: "John_Smith@gmail.com", ph: "(650)555-1212", fn: "Mary", ln: "Valéry" });
    expect(hashed.em).toBe("62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f");
    expect(hashed.ph).toBe("e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176");
    expect(hashed.fn).toBe("6915771be1c5aa0c886870b6951b03d7eafc121fea0e80a5ea83beb7c449f4ec");
    expect(hashed.ln).toBe("08e1996b5dd49e62a4b4c010d44e4345592a863bb9f8e3976219bac29417149c");
  });

  it("hashes UTF-8 exactly as node:crypto does", async () => {
    for (const s of ["", "a", "정", "valéry", "x".repeat(1000)]) expect(await sha256Hex(s)).toBe(sha(s));
    // A decomposed é (e + combining accent) is composed first, so it hashes like the typed é.
    expect((await hashUserData({ fn: "Vale\u0301ry" })).fn).toBe(sha("valéry"));
  });

  // field, what the shopper typed (and country), what is hashed (null: the field is left out).
  const rows: [keyof Awaited<ReturnType<typeof hashUserData>>, string, string | null, string | null][] = [
    ["em", "  John_Smith@Gmail.COM ", null, "john_smith@gmail.com"],
    ["em", "not-an-address", null, null],
    ["em", "   ", null, null],
    ["ph", "(650) 555-1212", null, "16505551212"],
    ["ph", "1-650-555-1212", "US", "16505551212"],
    ["ph", "+44 844 412 4653", null, "448444124653"],
    ["ph", "0044 844 412 4653", null, "448444124653"],
    ["ph", "020 7946 0958", "GB", "442079460958"],
    ["ph", "call me", null, null],
    ["fn", " Mary-Ann ", null, "maryann"],
    ["ln", "O'Brien", null, "obrien"],
    ["ln", "van der Berg", null, "van der berg"],
    ["fn", "정", null, "정"],
    ["fn", "!!", null, null],
    ["ct", "New York", null, "newyork"],
    ["ct", "St. Louis", null, "stlouis"],
    ["st", "California", null, "ca"],
    ["st", " TX ", null, "tx"],
    ["st", "New York", null, "ny"],
    ["zp", "94025-1234", "US", "94025"],
    ["zp", "940251234", null, "94025"],
    ["zp", "SW1A 1AA", "GB", "sw1a1aa"],
    ["country", "US", "US", "us"],
    ["country", "United States", "United States", "us"],
    ["country", "Germany", "Germany", "de"],
    ["country", "Narnia", "Narnia", null],
    ["external_id", " Visitor-ABC ", null, "Visitor-ABC"],
  ];
  it.each(rows)("%s %j (country %j) is hashed as %j", async (field, typed, country, normalised) => {
    const hashed = await hashUserData({ [field]: typed, ...(country === null ? {} : { country }) });
    if (normalised === null) expect(hashed).not.toHaveProperty(field);
    else expect(hashed[field]).toBe(sha(normalised));
  });

  it("sends the ad-click cookie unhashed, and only in its fb.1.{13 digits}.{id} form", async () => {
    expect((await hashUserData({ fbc: "fb.1.1554763741205.AbCdEfGhIj" })).fbc).toBe("fb.1.1554763741205.AbCdEfGhIj");
    for (const bad of ["fb.1.123.x", "fb.2.1554763741205.x", "fb.1.1554763741205.", "junk"]) expect(await hashUserData({ fbc: bad })).toEqual({});
  });

  it("an empty or unknown shopper gives empty user data", async () => {
    expect(await hashUserData({})).toEqual({});
    expect(await hashUserData({ em: null, ph: "", fn: " ", country: "??" })).toEqual({});
  });

  it("normalising twice changes nothing (emails, names, cities, states)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        for (const f of [normaliseEmail, normaliseName, normaliseCity, normaliseState]) {
          const once = f(s);
          expect(once === null ? null : f(once)).toBe(once);
        }
      }),
    );
  });

  it("every hashed field is 64 lowercase hex characters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ em: fc.emailAddress(), fn: fc.string(), ct: fc.string(), zp: fc.string() }), async (raw) => {
        for (const v of Object.values(await hashUserData(raw))) expect(v).toMatch(/^[0-9a-f]{64}$/);
      }),
      { numRuns: 50 },
    );
  });
});
