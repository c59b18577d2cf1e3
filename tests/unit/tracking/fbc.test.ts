import { describe, expect, it } from "vitest";
import { clickIdOf, fbcDecision, fbcFromClickId, FBC_MAX_AGE_SECONDS, isValidFbc } from "#shared/tracking/fbc.ts";
import { consentFromCookie, trackingAllowed } from "#shared/tracking/consent.ts";

const NOW = 1_764_300_000_123;

describe("the ad-click cookie (§5: fb.1.{13 digits}.{id})", () => {
  it.each([
    ["fb.1.1764300000123.AbC_12-x", true],
    ["fb.1.1764300000123.a", true],
    ["fb.1.176430000012.AbC", false],
    ["fb.1.17643000001234.AbC", false],
    ["fb.2.1764300000123.AbC", false],
    ["fb.1.1764300000123.", false],
    ["fb.1.1764300000123.a b", false],
    ["fb.1.1764300000123.a.b", false],
    ["fb.1.176430000012x.AbC", false],
    [" fb.1.1764300000123.AbC", false],
    [`fb.1.1764300000123.${"a".repeat(501)}`, false],
    ["", false],
  ])("%s valid: %s", (value, valid) => {
    expect(isValidFbc(value)).toBe(valid);
  });

  it("is made from a click id and the time in ms; kept 90 days", () => {
    expect(fbcFromClickId("AbC_1-2", NOW)).toBe("fb.1.1764300000123.AbC_1-2");
    expect(isValidFbc(fbcFromClickId("x", NOW))).toBe(true);
    expect(fbcFromClickId("", NOW)).toBeNull();
    expect(fbcFromClickId(null, NOW)).toBeNull();
    expect(fbcFromClickId("a b", NOW)).toBeNull();
    expect(fbcFromClickId("<script>", NOW)).toBeNull();
    // A clock that is not 13 digits of ms cannot make a valid cookie.
    expect(fbcFromClickId("x", 1_764_300_000)).toBeNull();
    expect(FBC_MAX_AGE_SECONDS).toBe(7_776_000);
    expect(clickIdOf("fb.1.1764300000123.AbC")).toBe("AbC");
    expect(clickIdOf("nope")).toBeNull();
  });

  it.each([
    [undefined, null, { action: "keep" }],
    ["fb.1.1764300000123.AbC", null, { action: "keep" }],
    ["garbage", null, { action: "remove" }],
    ["", null, { action: "remove" }],
    [undefined, "New", { action: "set", value: `fb.1.${NOW}.New` }],
    ["garbage", "New", { action: "set", value: `fb.1.${NOW}.New` }],
    ["fb.1.1700000000000.Old", "New", { action: "set", value: `fb.1.${NOW}.New` }],
    // The same click again: the cookie keeps its first time.
    ["fb.1.1700000000000.Same", "Same", { action: "keep" }],
    // A click id that cannot make a cookie changes nothing (a bad cookie is still removed).
    ["fb.1.1700000000000.Old", "bad id!", { action: "keep" }],
    ["garbage", "bad id!", { action: "remove" }],
  ] as const)("cookie %s, fbclid %s → %o", (cookie, fbclid, decision) => {
    expect(fbcDecision(cookie, fbclid, NOW)).toEqual(decision);
  });
});

describe("consent (One_Trust_Script, loupe_consent)", () => {
  it("reads the answer from a Cookie header", () => {
    expect(consentFromCookie("a=1; loupe_consent=granted; b=2")).toBe("granted");
    expect(consentFromCookie("loupe_consent=denied")).toBe("denied");
    expect(consentFromCookie("loupe_consent=maybe")).toBeNull();
    expect(consentFromCookie("xloupe_consent=granted")).toBeNull();
    expect(consentFromCookie(null)).toBeNull();
  });

  it.each([
    [null, false, true],
    [null, true, false],
    ["granted", true, true],
    ["granted", false, true],
    ["denied", false, false],
    ["denied", true, false],
  ] as const)("answer %s, banner targets %s → tracked %s", (answer, targeted, allowed) => {
    expect(trackingAllowed(answer, targeted)).toBe(allowed);
  });
});
