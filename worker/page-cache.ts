/**
 * Rendered pages reused across visitors for 30 s, per isolate, for routes that opt in
 * (RouteHandle.sharedRender: their loaders read only the URL and the root data). The key holds everything
 * else the HTML depends on — the URL, the theme, the search-engine referral and the experiment variants —
 * so a varied page is never shown to a visitor bucketed differently. The CSP nonce differs per response:
 * the HTML is kept with a placeholder and each response gets its own.
 */
import { SHARED_RENDER_HEADER } from "#shared/flags.ts";
import { SearchCache } from "./catalogue/search-cache";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** HTML with NONCE_PLACEHOLDER where the nonce was. */
  html: string;
}

const NONCE_PLACEHOLDER = "\u0000nonce\u0000";

export class PageCache {
  private readonly pages: SearchCache<CachedPage>;

  constructor(now: () => number = Date.now) {
    this.pages = new SearchCache<CachedPage>({ ttlMs: 30_000, maxEntries: 128, now });
  }

  static key(url: URL, parts: { theme: string; fromSearchEngine: boolean; variants: unknown }): string {
    return JSON.stringify([url.pathname + url.search, parts.theme, parts.fromSearchEngine, parts.variants]);
  }

  /** A fresh response from the cached page, with `nonce` in place; null on a miss. */
  get(key: string, nonce: string): Response | null {
    const page = this.pages.peek(key);
    return page ? new Response(page.html.replaceAll(NONCE_PLACEHOLDER, nonce), { status: page.status, headers: page.headers }) : null;
  }

  /**
   * Keeps `response` when the renderer marked it shareable, and returns it (body intact, marker removed).
   * Anything else passes through unchanged.
   */
  async offer(key: string, response: Response, nonce: string): Promise<Response> {
    if (!response.headers.has(SHARED_RENDER_HEADER)) return response;
    const html = await response.text();
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (name.toLowerCase() !== SHARED_RENDER_HEADER) headers.push([name, value]);
    });
    // A nonce is random and long: it cannot collide with page text.
    this.pages.set(key, { status: response.status, headers, html: nonce ? html.replaceAll(nonce, NONCE_PLACEHOLDER) : html });
    return new Response(html, { status: response.status, headers });
  }

  clear(): void {
    this.pages.clear();
  }
}
