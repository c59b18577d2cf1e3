/**
 * The welcome offer's rules (issue 20 point 7, decision 025), pure so they are tested without a browser: the
 * code, when the popup may open on its own, and the remembered dismissal (localStorage and a cookie).
 */

/** The code the popup gives (migrations/0004_promotions.sql: $100 off an order of $1,500 or more). */
export const WELCOME_CODE = "WELCOME100";

/** After a dismissal (or a claimed code) the popup does not open on its own again for this many days. */
export const OFFER_QUIET_DAYS = 30;

/** How long after the page is ready (hydrated, consent answered) the popup opens, unless an exit intent or a scroll comes first. */
export const OFFER_DELAY_MS = 20_000;

/** The share of the page scrolled past that opens the popup early. */
export const OFFER_SCROLL_SHARE = 0.5;

/** Where the dismissal is remembered: localStorage key and cookie name (the value is the epoch ms of the dismissal). */
export const OFFER_DISMISSED_KEY = "loupe_offer_dismissed";

/** The cookie's value (epoch ms) from a cookie header, or null. */
export function dismissedFromCookie(cookie: string): number | null {
  const m = new RegExp(`(?:^|;\\s*)${OFFER_DISMISSED_KEY}=(\\d{1,15})(?:;|$)`).exec(cookie);
  return m ? Number(m[1]) : null;
}

/** The latest of the remembered dismissals (either store may be missing or cleared), or null. */
export function lastDismissal(stored: string | null, cookie: string): number | null {
  const fromStorage = stored && /^\d{1,15}$/.test(stored) ? Number(stored) : null;
  const fromCookie = dismissedFromCookie(cookie);
  if (fromStorage === null) return fromCookie;
  return fromCookie === null ? fromStorage : Math.max(fromStorage, fromCookie);
}

/** Whether the popup may open on its own at `now`: never dismissed, or dismissed at least OFFER_QUIET_DAYS ago. */
export function popupDue(dismissedAt: number | null, now: number, quietDays = OFFER_QUIET_DAYS): boolean {
  return dismissedAt === null || now - dismissedAt >= quietDays * 24 * 60 * 60 * 1000;
}

/** Whether the visitor has scrolled through `share` of the scrollable distance (a page that does not scroll never has). */
export function scrolledFar(scrollY: number, viewport: number, pageHeight: number, share = OFFER_SCROLL_SHARE): boolean {
  const scrollable = pageHeight - viewport;
  return scrollable > 0 && scrollY / scrollable >= share;
}
