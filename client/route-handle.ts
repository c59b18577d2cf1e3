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
}

export interface RouteHandle<Data = unknown> {
  flags?: Partial<RouteFlags>;
  meta?: (data: Data | undefined) => PageMeta;
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
