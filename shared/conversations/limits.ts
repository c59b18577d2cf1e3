/**
 * The concierge chat's constants (issue 23 point 5; docs/decisions/044-concierge-chat.md), without valibot so the
 * browser's chat chunk can import them: the §9 delays before the launcher appears and the length of a message.
 */

/** §9 "Chat widget delay 10000 ms on home". */
export const CHAT_DELAY_HOME_MS = 10_000;
/** §9 "… 20000 ms on diamond search". */
export const CHAT_DELAY_DIAMOND_SEARCH_MS = 20_000;
/** §9 "… 200000 ms on paused pages": the cart, checkout and paying for an order (decision 044). */
export const CHAT_DELAY_PAUSED_MS = 200_000;
/** Every other page the chat shows on (the spec is silent; decision 044): later than search, far sooner than a paused page. */
export const CHAT_DELAY_DEFAULT_MS = 30_000;

/** Longest message a shopper or the concierge may send (characters, after trimming; the emailed link's form had 5,000 since issue 17). */
export const MESSAGE_MAX = 5000;
/** Longest subject an emailed link's form may give. */
export const SUBJECT_MAX = 200;
/** Longest operator name shown on an answer. */
export const OPERATOR_NAME_MAX = 80;

/** Pages where the shopper is paying or about to: the chat waits 200 s so it never interrupts (§9 "paused pages"). */
const PAUSED = [
  /^\/cart(\/|$)/,
  /^\/checkout(\/|$)/,
  /^\/orders\/[^/]+\/pay$/,
  /^\/orders\/re-payment\//,
  /^\/(orders|cart)\/approve-payment\//,
  /^\/order\/td\//,
];
/** Pages without the chat: the operators' and marketers' views (the quiz and the viewer, without navigation, are told apart by their flags). */
const NO_CHAT = [/^\/operator(\/|$)/, /^\/experiments(\/|$)/, /^\/content(\/|$)/, /^\/gemologist-reviews(\/|$)/, /^\/quiz(\/|$)/, /^\/dev\//];
/** The diamond search and its landing pages (§2: /diamond-search, its semantic URL and saved searches, /diamonds/slp/…). */
const DIAMOND_SEARCH = [/^\/diamond-search(\/|$)/, /^\/diamonds\/slp\//];

/** How long after the page becomes interactive the chat launcher appears on `pathname`; null where it never does. */
export function chatDelayFor(pathname: string): number | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (NO_CHAT.some((r) => r.test(path))) return null;
  if (path === "/") return CHAT_DELAY_HOME_MS;
  if (PAUSED.some((r) => r.test(path))) return CHAT_DELAY_PAUSED_MS;
  if (DIAMOND_SEARCH.some((r) => r.test(path))) return CHAT_DELAY_DIAMOND_SEARCH_MS;
  return CHAT_DELAY_DEFAULT_MS;
}
