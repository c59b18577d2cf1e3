/**
 * Server rendering (imported by the worker as `#client/entry.server`; its interface is
 * entry.server.types.d.ts). React Router's static handler runs the matched loaders; `renderToString`
 * renders the page — the loaders await everything a page shows and the hydration data is an inline
 * script, so nothing needs streaming (and on workerd the streaming renderer is several times slower).
 */
import { renderToString } from "react-dom/server";
import { StaticRouterProvider, createStaticHandler, createStaticRouter, matchRoutes, type RouteObject } from "react-router";
import { SHARED_RENDER_HEADER, effectiveTheme } from "#shared/flags.ts";
import { visitorContext } from "./context";
import { absolutize } from "./structured-data";
import { type PageMeta, allowsSharedRender, isPersonalPage, pageMeta } from "./route-handle";
import { bodyData, flagsFor } from "./root";
import { CATCH_ALL_ID, createRoutes, routeFile } from "./routes";

export { renderedExperiments } from "./routes";
import type { RenderOptions, RouteAssets, ViteManifest } from "./entry.server.types";

const routes = createRoutes();
/** Built once per isolate. */
const handler = createStaticHandler(routes);

const ENTRY = "client/entry.client.tsx";

export function isUnknownPage(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  return !matches || matches[matches.length - 1]!.route.id === CATCH_ALL_ID;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The share card shown when a page is linked on social networks (client/static/social-card.png, 1200 × 630). */
const DEFAULT_SHARE_IMAGE = "/social-card.png";

/** Open Graph and Twitter card tags: title, description, type, the canonical URL and the share image (absolute URLs). */
function shareTags(meta: PageMeta, pageUrl: string): string {
  const abs = (path: string) => escapeHtml(new URL(path, pageUrl).href);
  const tags = [
    `<meta property="og:site_name" content="Loupe">`,
    `<meta property="og:type" content="${meta.type ?? "website"}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    meta.description ? `<meta property="og:description" content="${escapeHtml(meta.description)}">` : "",
    meta.canonical ? `<meta property="og:url" content="${abs(meta.canonical)}">` : "",
    `<meta property="og:image" content="${abs(meta.image ?? DEFAULT_SHARE_IMAGE)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    meta.description ? `<meta name="twitter:description" content="${escapeHtml(meta.description)}">` : "",
    `<meta name="twitter:image" content="${abs(meta.image ?? DEFAULT_SHARE_IMAGE)}">`,
  ];
  return tags.join("");
}

/**
 * The page's schema.org objects as JSON-LD. "<" is written as \u003c so no text inside can close the script
 * element; the nonce keeps a strict CSP quiet about the (never executed) data block.
 */
function structuredData(meta: PageMeta, nonce: string, pageUrl: string): string {
  const origin = new URL(pageUrl).origin;
  return (meta.jsonLd ?? [])
    .map((o) => `<script type="application/ld+json" nonce="${nonce}">${JSON.stringify(absolutize(o, origin)).replace(/</g, "\\u003c")}</script>`)
    .join("");
}

/** The entry and the matched routes' chunks, their static imports and their CSS. */
function assetsFor(manifest: ViteManifest, routeIds: string[]) {
  const scripts = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  visit(ENTRY);
  for (const id of routeIds) {
    const file = routeFile(id);
    if (file) visit(file);
  }
  return { entry: manifest[ENTRY]?.file, scripts: [...scripts], css: [...css] };
}

/**
 * Every route of the tree (pages, aliases, the root and the catch-all) with the scripts and CSS a page
 * there links: what `renderPage` puts in its head. The JavaScript budget test weighs them.
 */
export function routeAssets(manifest: ViteManifest): RouteAssets[] {
  const walk = (list: RouteObject[], parents: string[], base: string): RouteAssets[] =>
    list.flatMap((r) => {
      const ids = [...parents, r.id!];
      const path = r.index ? base || "/" : `${base}/${r.path ?? ""}`.replace(/\/+/g, "/");
      return [{ path, routeId: r.id!, module: routeFile(r.id!), ...assetsFor(manifest, ids) }, ...walk(r.children ?? [], ids, path)];
    });
  return walk(routes, [], "");
}

/**
 * The page's scripts load once the server-rendered page has painted (decision 004): the entry and the
 * matched routes' chunks with their static imports, all at once (modulepreload links, then the entry).
 * Fetched with the HTML, they shared the network with the stylesheet and the images in view and delayed the
 * first paint of a page that needs no script to show (Lighthouse's FCP and LCP); the page is usable
 * meanwhile (links, GET forms). `requestAnimationFrame` runs before the first frame, the timeout after it;
 * a page opened in the background (no frames) loads them at once.
 */
function scriptLoader(entry: string, scripts: string[]): string {
  const files = JSON.stringify(scripts.map((f) => `/${f}`));
  return (
    `const load=()=>{for(const href of ${files}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}import("/${entry}")};` +
    `document.visibilityState==="hidden"?load():requestAnimationFrame(()=>setTimeout(load,0))`
  );
}

export async function renderPage(request: Request, { context, nonce, manifest }: RenderOptions): Promise<Response> {
  const result = await handler.query(request, { requestContext: context });
  if (result instanceof Response) return result;
  const router = createStaticRouter(handler.dataRoutes, result);
  const html = renderToString(<StaticRouterProvider router={router} context={result} nonce={nonce} />);

  const visitor = context.get(visitorContext);
  const hasError = result.errors !== null;
  const flags = flagsFor(
    result.matches.map((m) => m.route.handle),
    hasError,
  );
  const theme = effectiveTheme(visitor.theme, flags, visitor.fromSearchEngine);
  const meta = hasError ? { title: "Page not found — Loupe" } : pageMeta(result.matches, result.loaderData);
  const assets = assetsFor(
    manifest,
    result.matches.map((m) => m.route.id),
  );
  const body = Object.entries(bodyData(flags))
    .map(([k, v]) => ` data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeHtml(v)}"`)
    .join("");
  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(meta.title)}</title>`,
    meta.description ? `<meta name="description" content="${escapeHtml(meta.description)}">` : "",
    // Absolute, as search engines prefer.
    meta.canonical ? `<link rel="canonical" href="${escapeHtml(new URL(meta.canonical, request.url).href)}">` : "",
    flags.preventRobots ? `<meta name="robots" content="noindex">` : "",
    shareTags(meta, request.url),
    structuredData(meta, nonce, request.url),
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    `<link rel="manifest" href="/site.webmanifest">`,
    ...assets.css.map((f) => `<link rel="stylesheet" href="/${f}">`),
  ].join("");
  const entry = assets.entry ? `<script type="module" nonce="${nonce}">${scriptLoader(assets.entry, assets.scripts)}</script>` : "";
  const page = `<!DOCTYPE html><html lang="en" data-theme="${theme}"><head>${head}</head><body${body}><div id="root">${html}</div>${entry}</body></html>`;
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  if (flags.preventRobots) headers.set("X-Robots-Tag", "noindex");
  if (!hasError && result.statusCode === 200 && allowsSharedRender(result.matches)) headers.set(SHARED_RENDER_HEADER, "1");
  if (isPersonalPage(result.matches)) headers.set("Cache-Control", "private, no-store");
  // A refused form's wait (the failed sign-in limit's 429) reaches the browser as it does from the API.
  const retryAfter = Object.values(result.actionHeaders)
    .find((h) => h.has("Retry-After"))
    ?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return new Response(page, { status: result.statusCode, headers });
}

// The worker type-checks against entry.server.types.d.ts: keep this module to that contract.
void ({ renderPage, isUnknownPage, routeAssets } satisfies Pick<typeof import("./entry.server.types"), "renderPage" | "isUnknownPage" | "routeAssets">);
