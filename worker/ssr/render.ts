/**
 * React Router SSR, last in the chain: it only renders. The page's loader services and variants were set
 * by the loaders middleware (worker/middleware/loaders.ts); pages that opted in to sharing come from the
 * shared page cache (page-cache.ts).
 */
import { createMiddleware } from "hono/factory";
import { isUnknownPage, renderPage, type ViteManifest } from "#client/entry.server";
import { SHARED_RENDER_HEADER } from "#shared/flags.ts";
import type { AppEnv, Bindings } from "../env";
import { loaderServices } from "../middleware/loaders";
import { isAnonymousRequest } from "../platform/anonymous";
import { onContentEdit } from "../content/store";
import { PageCache, clientAcceptEncoding } from "./page-cache";

/** Rendered pages that opted in to sharing (see page-cache.ts); an operator's content edit empties it (this isolate). */
export const pageCache = new PageCache();
onContentEdit(() => pageCache.clear());

/** The manifest once read (the value, never a pending read: one request's I/O must not be awaited by another). */
let manifest: ViteManifest | undefined;

/**
 * The browser bundle's manifest (build/client/manifest.json), read once per isolate through the assets
 * binding. Without it pages still render, without scripts (and the failure is logged).
 */
async function clientManifest(env: Bindings): Promise<ViteManifest> {
  if (manifest) return manifest;
  try {
    const res = await env.ASSETS.fetch("https://assets.invalid/manifest.json");
    if (!res.ok) throw new Error(`manifest: HTTP ${res.status}`);
    manifest = (await res.json()) as ViteManifest;
    return manifest;
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: `client manifest unavailable (run npm run build): ${String(err)}` }));
    return {};
  }
}

/** Unknown page paths get a 301 to / (§2); a missing asset a 404. */
const knownPages = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  if ((c.req.method === "GET" || c.req.method === "HEAD") && isUnknownPage(url.pathname)) {
    // A path with a file extension is a missing asset, not a page: answer 404 instead of sending it home.
    if (/\.[a-z0-9]{1,8}$/i.test(url.pathname)) return c.text("Not found", 404);
    return c.redirect(`/${url.search}`, 301);
  }
  await next();
});

/** Renders the page (or answers it from the shared page cache). */
const render = createMiddleware<AppEnv>(async (c) => {
  const url = new URL(c.req.url);
  const nonce = c.get("secureHeadersNonce") ?? "";
  const variants = c.get("pageVariants");
  // Only an anonymous request (no bearer, session or admin credential, no key in the URL) is answered from, or
  // kept in, the shared cache: a page rendered for a credential shows its holder (worker/platform/anonymous.ts).
  const key =
    c.req.method === "GET" && isAnonymousRequest(c.req.raw)
      ? PageCache.key(url, { theme: c.get("theme"), fromSearchEngine: c.get("fromSearchEngine"), variants })
      : null;
  const acceptEncoding = clientAcceptEncoding(c.req.raw);
  let response = key ? pageCache.get(key, acceptEncoding) : null;
  if (!response) {
    const rendered = await renderPage(c.req.raw, { context: c.get("loaderContext"), nonce, manifest: await clientManifest(c.env) });
    response = key ? await pageCache.offer(key, rendered, nonce, acceptEncoding) : rendered;
  }
  response.headers.delete(SHARED_RENDER_HEADER);
  // Pages carry the visitor's theme and experiment variants: never share them from a cache.
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-cache");
  return response;
});

/** The page handlers, in order: unknown paths, the loader services, the render. */
export function ssr() {
  return [knownPages, loaderServices(), render] as const;
}
