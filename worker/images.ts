import { Hono } from "hono";
import { SHAPES } from "#shared/enums.ts";
import { diamondSvg } from "#shared/catalogue/images.ts";
import { retailerLogoSvg } from "#shared/catalogue/retailer-images.ts";
import { settingSvg } from "#shared/catalogue/setting-images.ts";
import { ringViewSvg } from "#shared/catalogue/ring-view.ts";
import { gemologistPortraitSvg } from "#shared/content/portraits.ts";
import type { AppEnv } from "./env";
import { upstreamLogo } from "./retailers/logos";
import { configuredDirectory, UpstreamError } from "./retailers/upstream";
import { securityHeaders } from "./middleware/security";

const svg = (body: string) => new Response(body, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" } });

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><circle cx="12" cy="12" r="8" fill="none" stroke="#1f4e79" stroke-width="2.5"/><path d="M18 18l7 7" stroke="#1f4e79" stroke-width="3" stroke-linecap="round"/></svg>`;

/**
 * Generated illustrations (no external image hosts): diamond shapes, retailer logos, settings. Mounted first in
 * worker/index.ts, with the security headers, before the middlewares that set the visitor's cookies: a public,
 * cacheable image never carries one visitor's cookies to others.
 */
export const images = new Hono<AppEnv>()
  .use("/favicon.svg", securityHeaders())
  .use("/images/*", securityHeaders())
  .get("/favicon.svg", () => svg(FAVICON))
  .get("/images/diamonds/:file{[a-z]+\\.svg}", (c) => {
    const slug = c.req.param("file").replace(/\.svg$/, "");
    const shape = SHAPES.find((s) => s.slug === slug);
    return shape ? svg(diamondSvg(shape.code)) : c.notFound();
  })
  .get("/images/retailers/:file{[a-z0-9-]+\\.svg}", (c) => {
    const name = c.req.param("file").replace(/\.svg$/, "");
    const small = name.endsWith("-small");
    const base = name.replace(/-(small|about)$/, "");
    const title = base
      .split("-")
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(" ");
    return svg(retailerLogoSvg(title, small));
  })
  // An upstream directory's retailer logo (worker/retailers/logos.ts; §8: skipped → 404, other failures → 502).
  .get("/images/retailer-logos/:file{[a-z0-9-]+\\.svg}", async (c) => {
    const upstream = configuredDirectory(c.env);
    if (!upstream) return c.notFound();
    try {
      const body = await upstreamLogo(upstream, c.req.param("file").replace(/\.svg$/, ""));
      return body ? svg(body) : c.notFound();
    } catch (e) {
      if (e instanceof UpstreamError) return c.text("The retailer directory is unavailable.", 502, { "Cache-Control": "no-store" });
      throw e;
    }
  })
  .get("/images/settings/:file{[a-z0-9-]+\\.svg}", (c) => {
    const m = /^(.+)-(\d{1,3})\.svg$/.exec(c.req.param("file"));
    return m ? svg(settingSvg(m[1]!, Number(m[2]))) : c.notFound();
  })
  // A setting turned in the ring viewer (detail galleries): /images/ring-view/{style}-{metal}-{shape}-{yaw}.svg.
  .get("/images/ring-view/:file{[a-z0-9-]+\\.svg}", (c) => {
    const m = /^([a-z-]+)-(\d{1,3})-(\d{1,2})-(\d{1,3})\.svg$/.exec(c.req.param("file"));
    const shape = m ? Number(m[3]) : 0;
    return m && SHAPES.some((s) => s.code === shape) ? svg(ringViewSvg({ styleSlug: m[1]!, metal: Number(m[2]), shape, yaw: Number(m[4]) })) : c.notFound();
  })
  // A gemologist's portrait (/team, GET /api/team/gemologists/images): /images/team/{id}.svg.
  .get("/images/team/:file{[a-z0-9-]+\\.svg}", (c) => svg(gemologistPortraitSvg(c.req.param("file").replace(/\.svg$/, ""))));
