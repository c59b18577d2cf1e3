/**
 * The welcome offer's rules (shared/welcome-offer.ts) and the consent cookie's reading (client/state/consent.ts):
 * when the popup may open on its own again after a dismissal, which remembered dismissal counts, the scroll that
 * opens it early, and which consent answers count.
 */
import { describe, expect, it } from "vitest";
import { OFFER_QUIET_DAYS, dismissedFromCookie, lastDismissal, popupDue, scrolledFar } from "#shared/welcome-offer.ts";
import { consentFromCookie } from "#client/state/consent.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 1);

describe("when the popup may open on its own", () => {
  it("opens for a visitor who never dismissed it", () => {
    expect(popupDue(null, T0)).toBe(true);
  });

  it(`stays shut for ${OFFER_QUIET_DAYS} days after a dismissal, then may open again`, () => {
    expect(popupDue(T0, T0 + DAY)).toBe(false);
    expect(popupDue(T0, T0 + OFFER_QUIET_DAYS * DAY - 1)).toBe(false);
    expect(popupDue(T0, T0 + OFFER_QUIET_DAYS * DAY)).toBe(true);
    expect(popupDue(T0, T0 + 3 * DAY, 2)).toBe(true);
  });
});

describe("the remembered dismissal", () => {
  it("reads the cookie among others and ignores a malformed value", () => {
    expect(dismissedFromCookie(`a=1; loupe_offer_dismissed=${T0}; b=2`)).toBe(T0);
    expect(dismissedFromCookie("loupe_offer_dismissed=soon")).toBeNull();
    expect(dismissedFromCookie("x_loupe_offer_dismissed=5")).toBeNull();
    expect(dismissedFromCookie("")).toBeNull();
  });

  it("takes the later of storage and cookie, and either alone when the other is missing or cleared", () => {
    expect(lastDismissal(String(T0), `loupe_offer_dismissed=${T0 + DAY}`)).toBe(T0 + DAY);
    expect(lastDismissal(String(T0 + 2 * DAY), `loupe_offer_dismissed=${T0}`)).toBe(T0 + 2 * DAY);
    expect(lastDismissal(null, `loupe_offer_dismissed=${T0}`)).toBe(T0);
    expect(lastDismissal(String(T0), "")).toBe(T0);
    expect(lastDismissal("garbage", "")).toBeNull();
  });
});

describe("the scroll that opens the popup early", () => {
  it("is half the scrollable distance; a page that does not scroll never reaches it", () => {
    // 3,000 px page, 1,000 px window: 2,000 px to scroll.
    expect(scrolledFar(999, 1000, 3000)).toBe(false);
    expect(scrolledFar(1000, 1000, 3000)).toBe(true);
    expect(scrolledFar(0, 1000, 1000)).toBe(false);
  });
});

describe("the consent answer", () => {
  it("is accept (granted) or necessary only (denied); anything else is no answer yet", () => {
    expect(consentFromCookie("loupe_consent=granted")).toBe("granted");
    expect(consentFromCookie("a=b; loupe_consent=denied; c=d")).toBe("denied");
    expect(consentFromCookie("loupe_consent=maybe")).toBeNull();
    expect(consentFromCookie("loupe_consent=grantedX")).toBeNull();
    expect(consentFromCookie("")).toBeNull();
  });
});
