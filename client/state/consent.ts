/**
 * The visitor's answer to the consent notice (decision 025): "granted" (accept) or "denied" (necessary only),
 * kept a year in the `loupe_consent` cookie (the server can read it on the next request) and mirrored in a
 * signal so what waits for the answer (tracking, the welcome offer) starts the moment it is given.
 * No answer yet: null. Small on purpose: it is in every page's entry chunk (the cookie's reading is
 * shared/tracking/consent.ts, the worker's too).
 */
import { signal } from "@preact/signals-core";
import { CONSENT_COOKIE, type ConsentAnswer, consentFromCookie } from "#shared/tracking/consent.ts";

export { consentFromCookie };
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The visitor's answer, null until given (always null on the server: nothing there waits for it). */
export const consent = signal<ConsentAnswer | null>(typeof document === "undefined" ? null : consentFromCookie(document.cookie));

/** Records the visitor's answer: the cookie for a year, and the signal. */
export function answerConsent(answer: ConsentAnswer): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the answer must reach the server on the next request (Cookie Store API is not in every browser)
  document.cookie = `${CONSENT_COOKIE}=${answer}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
  consent.value = answer;
}
