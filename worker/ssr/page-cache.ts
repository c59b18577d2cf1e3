/**
 * Rendered pages reused across visitors for 30 s, per isolate, for routes that opt in
 * (RouteHandle.sharedRender: their loaders read only the URL and the root data). The key holds everything
 * else the HTML depends on — the URL, the theme, the search-engine referral and the experiment variants —
 * so a varied page is never shown to a visitor bucketed differently.
 *
 * A shared page is byte-identical for every response: its inline scripts are allowed by their sha256
 * hashes in its own Content-Security-Policy instead of by a per-response nonce (the nonce attributes are
 * removed). That lets the page be kept encoded and gzip-compressed once, so a hit costs no rendering, no
 * string work and no compression.
 */
import { SHARED_RENDER_HEADER } from "#shared/flags.ts";
import { TimedCache } from "../lib/timed-cache";
import { contentSecurityPolicy } from "../middleware/security";

export interface CachedPage {
  status: number;
  /** The rendered headers with this page's own Content-Security-Policy. */
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

/** Inline scripts (no src attribute) and their text. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

async function gzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * True when an Accept-Encoding value allows gzip (RFC 9110 §12.5.3): a gzip (or x-gzip) entry decides by its
 * q-value, else a `*` entry does; no header, or neither entry, means identity only. `gzip;q=0` refuses it.
 */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [coding = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const qParam = params.find((p) => /^q\s*=/.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(qParam.indexOf("=") + 1).trim());
    const weight = Number.isFinite(q) ? q : 0;
    if (coding === "gzip" || coding === "x-gzip") gzip = Math.max(gzip ?? 0, weight);
    else if (coding === "*") any = weight;
  }
  return (gzip ?? any ?? 0) > 0;
}

/**
 * What the client itself accepts. Cloudflare's edge (and wrangler dev's miniflare) rewrites the request's
 * Accept-Encoding to "br, gzip" before the worker sees it and keeps the client's own value, "" when it sent
 * none, in `request.cf.clientAcceptEncoding`; without that field (a direct call) the header is the client's.
 */
export function clientAcceptEncoding(request: Request): string | null {
  const fromEdge = (request.cf as { clientAcceptEncoding?: unknown } | undefined)?.clientAcceptEncoding;
  return typeof fromEdge === "string" ? fromEdge : request.headers.get("accept-encoding");
}

export class PageCache {
  private readonly pages: TimedCache<CachedPage>;

  constructor(now: () => number = Date.now) {
    this.pages = new TimedCache<CachedPage>({ ttlMs: 30_000, maxEntries: 64, now });
  }

  static key(url: URL, parts: { theme: string; fromSearchEngine: boolean; variants: unknown }): string {
    return JSON.stringify([url.pathname + url.search, parts.theme, parts.fromSearchEngine, parts.variants]);
  }

  /** A response with the cached page (gzip-encoded when the client accepts gzip, identity otherwise); null on a miss. */
  get(key: string, acceptEncoding: string | null): Response | null {
    const page = this.pages.peek(key);
    return page ? PageCache.respond(page, acceptEncoding) : null;
  }

  /**
   * Keeps `response` when the renderer marked it shareable, and returns the shared form of it (the same
   * bytes every later hit gets). Anything else passes through unchanged.
   */
  async offer(key: string, response: Response, nonce: string, acceptEncoding: string | null): Promise<Response> {
    if (!response.headers.has(SHARED_RENDER_HEADER)) return response;
    let html = await response.text();
    if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "");
    const hashes = await Promise.all([...html.matchAll(INLINE_SCRIPT)].map((m) => sha256Source(m[1]!)));
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (name.toLowerCase() !== SHARED_RENDER_HEADER) headers.push([name, value]);
    });
    headers.push(["content-security-policy", contentSecurityPolicy([...new Set(hashes)])], ["vary", "Accept-Encoding"]);
    const body = new TextEncoder().encode(html) as Uint8Array<ArrayBuffer>;
    const page: CachedPage = { status: response.status, headers, body, gzip: await gzip(body) };
    this.pages.set(key, page);
    return PageCache.respond(page, acceptEncoding);
  }

  private static respond(page: CachedPage, acceptEncoding: string | null): Response {
    if (!acceptsGzip(acceptEncoding)) return new Response(page.body, { status: page.status, headers: page.headers });
    // Already encoded: the runtime must send these bytes as they are.
    return new Response(page.gzip, { status: page.status, headers: [...page.headers, ["content-encoding", "gzip"]], encodeBody: "manual" });
  }

  clear(): void {
    this.pages.clear();
  }
}
