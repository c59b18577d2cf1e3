/**
 * What a route module declares besides its component and loader: display flags (§2) and the page's head.
 * The server writes the head into the HTML; the client updates the title on navigation.
 */
import type { RouteFlags } from "#shared/flags.ts";

export interface PageMeta {
  title: string;
  description?: string;
  /** Site-relative canonical path. */
  canonical?: string;
  /** Open Graph type (default "website"); "article" for articles, "product" for diamonds, settings and jewellery. */
  type?: "website" | "article" | "product";
  /** The share image (absolute or site-relative) for Open Graph and Twitter cards; default the Loupe card. */
  image?: string;
  /**
   * schema.org objects written as `<script type="application/ld+json">` (each with its own "@context"): Product with
   * Offer, BreadcrumbList, Article, FAQPage… Build them with client/structured-data.ts.
   */
  jsonLd?: readonly Record<string, unknown>[];
}

export interface RouteHandle<Data = unknown> {
  flags?: Partial<RouteFlags>;
  meta?: (data: Data | undefined) => PageMeta;
  /**
   * The server may reuse this page's rendered HTML for 30 s across visitors with the same URL, theme,
   * search-engine referral and experiment variants (worker/page-cache.ts). Only for pages whose loaders
   * depend on nothing else (no visitor id, no cart, no account).
   */
  sharedRender?: boolean;
  /**
   * The page shows what belongs to its visitor (an address, an email: the checkout): answered `Cache-Control:
   * private, no-store`, so neither a shared cache nor the browser's keeps it.
   */
  personal?: boolean;
}

/** Whether a matched route shows what belongs to its visitor (never stored). */
export function isPersonalPage(matches: readonly MatchLike[]): boolean {
  return matches.some((m) => (m.route.handle as RouteHandle | undefined)?.personal === true);
}

/** Whether every matched route allows a shared render and the deepest says so. */
export function allowsSharedRender(matches: readonly MatchLike[]): boolean {
  const deepest = matches[matches.length - 1]?.route.handle as RouteHandle | undefined;
  return deepest?.sharedRender === true;
}

interface MatchLike {
  route: { handle?: unknown; id: string };
}

const DEFAULT_META: PageMeta = { title: "Loupe — compare certified diamonds and engagement rings" };

/** The head of the deepest matched route that declares one. */
export function pageMeta(matches: readonly MatchLike[], loaderData: Record<string, unknown>): PageMeta {
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i]!;
    const handle = m.route.handle as RouteHandle | undefined;
    if (handle?.meta) return handle.meta(loaderData[m.route.id]);
  }
  return DEFAULT_META;
}
