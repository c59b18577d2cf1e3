/**
 * robots.txt and the sitemaps (docs/decisions/018-robots-and-sitemaps.md), mounted first in worker/index.ts (before
 * the middlewares that set the visitor's cookies, so a shared cache never keeps one) with the security headers:
 * `/robots.txt`, `/sitemap.xml` (the index) and `/sitemaps/{pages|settings|articles|diamonds-k}.xml`; an unknown child → 404.
 * Every answer may be cached publicly for an hour.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { securityHeaders } from "../middleware/security";
import { robotsTxt } from "./robots";
import { childSitemap, diamondFileNumbers, publicPagePaths, sitemapIndex, urlset } from "./sitemap";
import { articleSource } from "../articles/service";
import { articleUrls, diamondIdRange, diamondUrls, directoryPaths, settingUrls } from "./sources";
import { siteOrigin } from "../platform/config";

const CACHE = "public, max-age=3600";

const xml = (body: string, status = 200) =>
  new Response(body, { status, headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE } });

/** The request's origin (sitemap addresses are absolute). */

/** The robots.txt and sitemap routes. */
export const seo = new Hono<AppEnv>()
  .use("/robots.txt", securityHeaders())
  .use("/sitemap.xml", securityHeaders())
  .use("/sitemaps/*", securityHeaders())
  .get(
    "/robots.txt",
    (c) => new Response(robotsTxt(siteOrigin(c.env), c.env.APP_ENV), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE } }),
  )
  .get("/sitemap.xml", async (c) => {
    const origin = siteOrigin(c.env);
    const files = ["pages", "settings", "articles", ...diamondFileNumbers(await diamondIdRange(c.env.DB)).map((k) => `diamonds-${k}`)];
    return xml(sitemapIndex(files.map((f) => `${origin}/sitemaps/${f}.xml`)));
  })
  .get("/sitemaps/:file", async (c) => {
    const child = childSitemap(c.req.param("file"));
    const origin = siteOrigin(c.env);
    if (child?.kind === "pages") return xml(urlset([...publicPagePaths(), ...(await directoryPaths(c.env.DB))].map((p) => ({ loc: origin + p }))));
    if (child?.kind === "settings") return xml(urlset(await settingUrls(c.env.DB, origin)));
    if (child?.kind === "articles") return xml(urlset(await articleUrls(c.env.DB, articleSource(c.env), origin)));
    if (child?.kind === "diamonds") {
      const files = diamondFileNumbers(await diamondIdRange(c.env.DB));
      if (files.includes(child.k)) return xml(urlset(await diamondUrls(c.env.DB, origin, child.k)));
    }
    return c.notFound();
  });
