/**
 * Consent to tracking (decision 025, §7 "Nothing is sent before consent"): the visitor's answer is the
 * `loupe_consent` cookie (client/state/consent.ts writes it); a visitor whom One_Trust_Script targets
 * (experience 1: the consent banner) is tracked only after "granted"; "denied" is never tracked. Pure, so the
 * worker's one gate (worker/middleware/tracking.ts) and its tests share it.
 */

export const CONSENT_COOKIE = "loupe_consent";
/** The experiment whose test variant asks for consent before any tracking. */
export const CONSENT_EXPERIMENT = "One_Trust_Script";

export type ConsentAnswer = "granted" | "denied";

/** The answer stored in a Cookie header, null when none. */
export function consentFromCookie(cookie: string | null | undefined): ConsentAnswer | null {
  const m = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(granted|denied)(?:;|$)`).exec(cookie ?? "");
  return (m?.[1] as ConsentAnswer | undefined) ?? null;
}

/** Whether the visitor may be tracked: never after "denied"; after "granted" always; without an answer, unless the banner targets them. */
export function trackingAllowed(answer: ConsentAnswer | null, bannerTargeted: boolean): boolean {
  if (answer === "denied") return false;
  if (answer === "granted") return true;
  return !bannerTargeted;
}
