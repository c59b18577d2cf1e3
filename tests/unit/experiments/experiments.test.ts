import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { applyOverrides, ExperimentOverride, parseStoredOverride } from "#shared/experiments/overrides.ts";
import {
  assign,
  assignAll,
  experience,
  hashSplit,
  isInactive,
  isScaled,
  isTargeted,
  parseForcing,
  type BucketingInput,
} from "#shared/experiments/bucketing.ts";
import { EXPERIMENTS, type Experiment } from "#shared/experiments/definitions.ts";

const NOW = Date.UTC(2026, 10, 21, 12);
const byName = (name: string) => EXPERIMENTS.find((e) => e.name === name)!;
const input = (over: Partial<BucketingInput> = {}): BucketingInput => ({
  visitorId: "visitor-1",
  cookies: {},
  forced: new Map(),
  isNewUser: true,
  platform: "desktop",
  countryCode: "US",
  regionCode: "TX",
  now: NOW,
  ...over,
});
/** A plain experiment (split by default) with some fields changed. */
const exp = (over: Partial<Experiment> = {}): Experiment => ({ ...byName("Lock_Price"), ...over });

describe("experiment definitions (§3)", () => {
  it("has about 40 experiments with every §3 field, unique ids, names and cookies, and the ones §3 names", () => {
    expect(EXPERIMENTS.length).toBeGreaterThanOrEqual(38);
    for (const key of [
      "Promocode_Variation_Global",
      "Lock_Price",
      "Combine_Promotions_V2",
      "Hide_Tariff_Alert_V2",
      "One_Trust_Script",
      "Sticky_Checkout_Button",
      "Similar_Rings_As_Grid",
    ]) {
      expect(byName(key), key).toBeDefined();
    }
    for (const field of [
      "id",
      "name",
      "cookie",
      "category",
      "variant",
      "labelControl",
      "labelTest",
      "nonInteraction",
      "noInitialTrack",
      "active",
      "disabled",
      "platform",
      "clientOnly",
      "ga4",
      "newUsersOnly",
      "startsAt",
      "success",
      "stopNewCookies",
      "enableForAlreadyGeneratedCookies",
      "variantMethod",
    ]) {
      for (const e of EXPERIMENTS) expect(e, `${e.name}.${field}`).toHaveProperty(field);
    }
    for (const key of ["id", "name", "cookie"] as const) expect(new Set(EXPERIMENTS.map((e) => e[key])).size).toBe(EXPERIMENTS.length);
    // Both variant methods of §3 are used: by user location and by state CA.
    expect(new Set(EXPERIMENTS.map((e) => e.variantMethod))).toEqual(new Set([null, "location-us", "state-ca"]));
  });
});

describe("bucketing (§4)", () => {
  it("splits 10,000 simulated visitors 50/50 (± 2 %) in every split experiment", () => {
    const split = EXPERIMENTS.filter((e) => assign(e, input()).source === "split");
    expect(split.length).toBeGreaterThan(25);
    const ones = new Map(split.map((e) => [e.name, 0]));
    for (let i = 0; i < 10_000; i++) {
      const visitor = input({ visitorId: crypto.randomUUID() });
      for (const e of split) ones.set(e.name, ones.get(e.name)! + assign(e, visitor).variant);
    }
    for (const [name, n] of ones) {
      expect(n / 10_000, name).toBeGreaterThanOrEqual(0.48);
      expect(n / 10_000, name).toBeLessThanOrEqual(0.52);
    }
  });

  it("gives the same visitor the same variant on every request: before the cookie arrives and after", () => {
    for (let i = 0; i < 200; i++) {
      const visitorId = crypto.randomUUID();
      const first = assignAll(EXPERIMENTS, input({ visitorId }));
      const again = assignAll(EXPERIMENTS, input({ visitorId }));
      const cookies = Object.fromEntries([...first].filter(([, a]) => a.writeCookie).map(([e, a]) => [e.cookie, String(a.variant)]));
      const withCookies = assignAll(EXPERIMENTS, input({ visitorId, cookies, isNewUser: false }));
      for (const e of EXPERIMENTS) {
        expect(again.get(e)!.variant).toBe(first.get(e)!.variant);
        expect(withCookies.get(e)!.variant, e.name).toBe(first.get(e)!.variant);
        // A visitor with the cookie gets no new one.
        expect(withCookies.get(e)!.writeCookie).toBe(false);
      }
    }
  });

  it("keeps a cookie's variant over the split, and writes a cookie only for split or forced variants", () => {
    const e = exp();
    const split = hashSplit("visitor-1", e) < 0.5 ? 0 : 1;
    expect(assign(e, input())).toEqual({ variant: split, source: "split", writeCookie: true });
    expect(assign(e, input({ cookies: { [e.cookie]: String(1 - split) } }))).toEqual({ variant: 1 - split, source: "cookie", writeCookie: false });
    // A cookie that is not 0 or 1 is ignored (and replaced).
    expect(assign(e, input({ cookies: { [e.cookie]: "7" } })).source).toBe("split");
    // The random source is injectable.
    expect(assign(e, input(), () => 0.49).variant).toBe(0);
    expect(assign(e, input(), () => 0.5).variant).toBe(1);
  });

  it("uses a variant fixed on the experiment instead of the random choice, and gives the control without new cookies when they are stopped", () => {
    expect(assign(exp({ variant: 1 }), input())).toEqual({ variant: 1, source: "fixed", writeCookie: false });
    expect(assign(exp({ variant: 0 }), input(), () => 0.9)).toEqual({ variant: 0, source: "fixed", writeCookie: false });
    expect(assign(exp({ stopNewCookies: true }), input(), () => 0.9)).toEqual({ variant: 0, source: "stopped", writeCookie: false });
    // Visitors bucketed before keep their variant.
    expect(assign(exp({ stopNewCookies: true }), input({ cookies: { Lock_Price: "1" } })).variant).toBe(1);
  });

  it("deactivates an experiment that is disabled, on another platform, for new users only with a returning visitor without a cookie, or not started", () => {
    const off = { variant: 0, writeCookie: false };
    expect(assign(exp({ disabled: true }), input({ cookies: { Lock_Price: "1" } }))).toEqual({ ...off, source: "disabled" });
    expect(assign(exp({ platform: "mobile" }), input({ platform: "desktop" }))).toEqual({ ...off, source: "deactivated" });
    expect(assign(exp({ platform: "mobile" }), input({ platform: "mobile" }), () => 0.9).variant).toBe(1);
    const newOnly = exp({ newUsersOnly: true });
    expect(assign(newOnly, input({ isNewUser: false }))).toEqual({ ...off, source: "deactivated" });
    expect(assign(newOnly, input({ isNewUser: false, cookies: { Lock_Price: "1" } }))).toEqual({ variant: 1, source: "cookie", writeCookie: false });
    expect(assign(newOnly, input({ isNewUser: true }), () => 0.9)).toEqual({ variant: 1, source: "split", writeCookie: true });
    const later = exp({ startsAt: new Date(NOW + 60_000).toISOString() });
    expect(assign(later, input())).toEqual({ ...off, source: "deactivated" });
    expect(assign(later, input({ now: NOW + 60_000 }), () => 0.9).source).toBe("split");
    // enableForAlreadyGeneratedCookies: a visitor bucketed before keeps the variant where the experiment is now off for them.
    expect(assign(exp({ platform: "mobile" }), input({ cookies: { Lock_Price: "1" } })).source).toBe("deactivated");
    expect(assign(exp({ platform: "mobile", enableForAlreadyGeneratedCookies: true }), input({ cookies: { Lock_Price: "1" } }))).toEqual({
      variant: 1,
      source: "cookie",
      writeCookie: false,
    });
  });

  it("decides location experiments by country (US) or state (California), without a cookie", () => {
    const us = byName("Affirm_Monthly_Price");
    const ca = byName("CA_Prop65_Notice");
    expect(assign(us, input({ countryCode: "US", regionCode: "TX" }))).toEqual({ variant: 1, source: "location", writeCookie: false });
    expect(assign(us, input({ countryCode: "GB", regionCode: "ENG" })).variant).toBe(0);
    expect(assign(ca, input({ countryCode: "US", regionCode: "CA" })).variant).toBe(1);
    expect(assign(ca, input({ countryCode: "US", regionCode: "TX" })).variant).toBe(0);
    expect(assign(ca, input({ countryCode: null, regionCode: null })).variant).toBe(0);
  });

  it("forces variants with exc/exv: several at once, any letter case, unknown names and invalid values ignored", () => {
    const known = EXPERIMENTS.map((e) => e.cookie);
    const forced = parseForcing("Sticky_Checkout_Button,lock_price,No_Such_Test,Similar_Rings_As_Grid,Home_Shape_Grid", "1,0,1,2,", known);
    expect(forced).toEqual(
      new Map([
        ["Sticky_Checkout_Button", 1],
        ["Lock_Price", 0],
      ]),
    );
    expect(parseForcing("Lock_Price", null, known).size).toBe(0);
    expect(parseForcing(null, "1", known).size).toBe(0);
    const assigned = assignAll(EXPERIMENTS, input({ forced, cookies: { Lock_Price: "1" } }));
    expect(assigned.get(byName("Sticky_Checkout_Button"))).toEqual({ variant: 1, source: "forced", writeCookie: true });
    // Forcing beats the visitor's cookie, a location rule and a start in the future, but not "disabled".
    expect(assigned.get(byName("Lock_Price"))).toEqual({ variant: 0, source: "forced", writeCookie: true });
    const more = parseForcing("CA_Prop65_Notice,Ring_Viewer_360,Dark_Mode_Toggle", "1,1,1", known);
    const preview = assignAll(EXPERIMENTS, input({ forced: more }));
    expect(preview.get(byName("CA_Prop65_Notice"))!.variant).toBe(1);
    expect(preview.get(byName("Ring_Viewer_360"))).toMatchObject({ variant: 1, source: "forced" });
    expect(preview.get(byName("Dark_Mode_Toggle"))).toMatchObject({ variant: 0, source: "disabled" });
  });

  it("names the §4 states: inactive (disabled), scaled (variant 1, success, no new cookies), targeted (active and successful or variant 1)", () => {
    expect(isInactive(byName("Dark_Mode_Toggle"))).toBe(true);
    expect(isScaled(byName("Combine_Promotions_V2"))).toBe(true);
    expect(isScaled(byName("Lock_Price"))).toBe(false);
    expect(isTargeted(byName("Similar_Rings_As_Grid"), 1)).toBe(true);
    expect(isTargeted(byName("Similar_Rings_As_Grid"), 0)).toBe(false);
    expect(isTargeted(byName("Free_Studs_Banner"), 0)).toBe(true);
    expect(isTargeted(byName("Dark_Mode_Toggle"), 1)).toBe(false);
    // A scaled experiment gives new visitors variant 1 and no cookie.
    expect(assign(byName("Combine_Promotions_V2"), input())).toEqual({ variant: 1, source: "fixed", writeCookie: false });
  });
});

describe("content-store overrides and the experience a visitor gets", () => {
  it("lays valid overrides over the deployed definitions and refuses bad ones whole", () => {
    const o = v.parse(ExperimentOverride, { disabled: true, variant: 1, startsAt: "2027-03-01T00:00:00Z" });
    const out = applyOverrides(
      EXPERIMENTS,
      new Map([
        ["Lock_Price", o],
        ["No_Such_Experiment", o],
      ]),
    );
    expect(out).toHaveLength(EXPERIMENTS.length);
    expect(out.find((e) => e.name === "Lock_Price")).toMatchObject({ disabled: true, variant: 1, startsAt: "2027-03-01T00:00:00Z", cookie: "Lock_Price" });
    expect(out.find((e) => e.name === "Sticky_Checkout_Button")).toBe(byName("Sticky_Checkout_Button"));
    for (const bad of [{}, { variant: 2 }, { name: "Renamed" }, { platform: "tablet" }, { startsAt: "next week" }, { disabled: "yes" }]) {
      expect(v.safeParse(ExperimentOverride, bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(parseStoredOverride('{"disabled":true}')).toEqual({ disabled: true });
    expect(parseStoredOverride("{not json")).toBeNull();
    expect(parseStoredOverride('{"variant":7}')).toBeNull();
  });

  it("gives the test behaviour to targeted visitors, the control to deactivated ones, and the forced variant when forced", () => {
    const won = exp({ success: true });
    expect(
      experience(
        won,
        assign(won, input(), () => 0.1),
      ),
    ).toBe(1); // a winner targets everyone it is running for
    expect(experience(won, assign(won, input({ forced: new Map([["Lock_Price", 0]]) })))).toBe(0);
    const mobileOnly = exp({ platform: "mobile", success: true });
    expect(experience(mobileOnly, assign(mobileOnly, input({ platform: "desktop" })))).toBe(0);
    const plain = exp();
    expect(
      experience(
        plain,
        assign(plain, input(), () => 0.9),
      ),
    ).toBe(1);
    expect(
      experience(
        plain,
        assign(plain, input(), () => 0.1),
      ),
    ).toBe(0);
    const inactive = exp({ active: false });
    expect(
      experience(
        inactive,
        assign(inactive, input(), () => 0.9),
      ),
    ).toBe(0);
  });
});
