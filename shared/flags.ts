/**
 * Per-route display flags (§2). Each route module exports `handle = { flags: {...} }` with the flags it
 * changes; the one layout merges the matched routes' flags (the deepest route wins) over the defaults.
 */

export type NavigationMode = "full" | "simple" | "none";

export interface RouteFlags {
  /** Site navigation: full header, a simple one (checkout), or none (quiz, viewer). */
  navigation: NavigationMode;
  footer: boolean;
  announcement: boolean;
  /** Shows the buying-flow steps (choose setting → choose diamond → review). */
  buyingFlow: boolean;
  /** Scroll to the top on every navigation into this route. */
  scrollToTop: boolean;
  /** Keep the scroll position when only the query changes (filters, paging) on the same page. */
  preserveScroll: boolean;
  /** Emits `<meta name="robots" content="noindex">` and `X-Robots-Tag: noindex`. */
  preventRobots: boolean;
  darkTheme: boolean;
  preventCouponPopup: boolean;
  hideOfferLauncher: boolean;
  preventGoogleSignIn: boolean;
}

export const DEFAULT_FLAGS: Readonly<RouteFlags> = {
  navigation: "full",
  footer: true,
  announcement: true,
  buyingFlow: false,
  scrollToTop: false,
  preserveScroll: false,
  preventRobots: false,
  darkTheme: false,
  preventCouponPopup: false,
  hideOfferLauncher: false,
  preventGoogleSignIn: false,
};

export interface FlagHandle {
  flags?: Partial<RouteFlags>;
}

function isFlagHandle(h: unknown): h is FlagHandle {
  return typeof h === "object" && h !== null && "flags" in h;
}

/** Merges the flags of matched route handles, outermost first; later (deeper) routes win. */
export function resolveFlags(handles: readonly unknown[]): RouteFlags {
  const out: RouteFlags = { ...DEFAULT_FLAGS };
  for (const h of handles) {
    if (isFlagHandle(h) && h.flags) Object.assign(out, h.flags);
  }
  return out;
}

export type ThemePreference = "light" | "dark";

/**
 * Dark mode applies only when the visitor chose it, the route supports it, and the visitor did not come
 * from a search engine (§2 "Navigation behaviour").
 */
export function effectiveTheme(pref: ThemePreference, flags: RouteFlags, fromSearchEngine: boolean): ThemePreference {
  return pref === "dark" && flags.darkTheme && !fromSearchEngine ? "dark" : "light";
}

/** Routes whose full path is not stored as the current/previous route (§2). */
export function isRouteStored(pathname: string): boolean {
  return !/^\/(login|register)(\/|$)/i.test(pathname);
}

/**
 * Internal response header: the renderer marks a page whose HTML may be reused across visitors with the
 * same URL, theme, search-engine referral and variants (see RouteHandle.sharedRender); the worker strips it.
 */
export const SHARED_RENDER_HEADER = "x-loupe-shared-render";
