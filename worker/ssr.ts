import { createMiddleware } from "hono/factory";
import { RouterContextProvider, data } from "react-router";
import * as v from "valibot";
import { isUnknownPage, renderPage, renderedExperiments, type ViteManifest } from "#client/entry.server";
import { cartContext, catalogueContext, visitorContext } from "#client/context.ts";
import { CartIntent } from "#shared/cart/schemas.ts";
import { ApiError } from "./api/errors";
import { changeOverride } from "./api/experiments";
import { changeCart, draftOrder, getCart, lockPrice, shopperOf } from "./cart/service";
import { DiamondSearchRequest, SimilarDiamondsRequest } from "#shared/schemas.ts";
import { SimilarRingsRequest } from "#shared/rings.ts";
import { getDiamond, searchDiamonds, similarDiamonds } from "./catalogue/diamonds";
import { listRetailers } from "./catalogue/retailers";
import { similarRings } from "./catalogue/similar-rings";
import { PROMO_EXPERIMENT, offeredPromotion } from "./catalogue/promotions";
import { trafficAlert } from "./content/alerts";
import { searchHeading } from "./content/headings";
import { SettingFilters, StudSettingsRequest } from "#shared/settings/schemas.ts";
import {
  bestSellingSettings,
  getSettingDetail,
  popularEngagementRings,
  restoreSettingSearch,
  runSettingSearch,
  saveSettingSearch,
  studSettings,
} from "./catalogue/settings";
import { experimentReport } from "./experiments/report";
import { isAdmin } from "./middleware/admin";
import { contentContext } from "#client/content-context.ts";
import { marketerContext } from "#client/experiments/marketer.ts";
import { restoreSearch } from "./catalogue/searches";
import type { AppEnv, Bindings } from "./env";

/** Filters a page loader built from its URL, validated as the API would: a 400 route error when they are not valid. */
function settingFilters(input: unknown): SettingFilters {
  const parsed = v.safeParse(SettingFilters, input);
  if (!parsed.success) throw data(parsed.issues[0]?.message ?? "Invalid filters", { status: 400 });
  return parsed.output;
}
import { PageCache, clientAcceptEncoding } from "./page-cache";
import { SHARED_RENDER_HEADER } from "#shared/flags.ts";

/** Rendered pages that opted in to sharing (see page-cache.ts). */
export const pageCache = new PageCache();

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

/**
 * React Router SSR, last in the chain. Unknown page paths get a 301 to / (§2); a missing asset a 404;
 * everything else is rendered with the visitor's context and the D1-backed catalogue.
 */
export function ssr() {
  return createMiddleware<AppEnv>(async (c) => {
    const url = new URL(c.req.url);
    if ((c.req.method === "GET" || c.req.method === "HEAD") && isUnknownPage(url.pathname)) {
      // A path with a file extension is a missing asset, not a page: answer 404 instead of sending it home.
      if (/\.[a-z0-9]{1,8}$/i.test(url.pathname)) return c.text("Not found", 404);
      return c.redirect(`/${url.search}`, 301);
    }
    const db = c.env.DB;
    // Only the variants this page renders differently reach it (and key its shared render).
    const all = c.get("variants");
    const variants = Object.fromEntries(renderedExperiments(url.pathname).map((name) => [name, all[name] ?? 0]));
    const context = new RouterContextProvider();
    context.set(visitorContext, {
      requestId: c.get("requestId"),
      visitorId: c.get("visitorId"),
      isNewUser: c.get("isNewUser"),
      fromSearchEngine: c.get("fromSearchEngine"),
      theme: c.get("theme"),
      platform: c.get("platform"),
      countryCode: c.get("geo").countryCode,
      regionCode: c.get("geo").regionCode,
      variants,
    });
    context.set(catalogueContext, {
      searchDiamonds: (req) => searchDiamonds(c.env, v.parse(DiamondSearchRequest, req)),
      restoreSearch: async (searchId, page) => {
        const restored = await restoreSearch(c.env, searchId, { pageNumber: page, includeFacets: true }, (p) => c.executionCtx.waitUntil(p));
        return restored && { filters: restored.saved.filters, result: restored.result };
      },
      listRetailers: () => listRetailers(db),
      getDiamond: (id) => getDiamond(db, id),
      similarDiamonds: (d) => similarDiamonds(c.env, v.parse(SimilarDiamondsRequest, d)),
      similarRings: async (r) => (await similarRings(db, v.parse(SimilarRingsRequest, r))) ?? [],
      offeredPromotion: async (id, variation) => (await offeredPromotion(db, "diamond", id, { variation })) ?? null,
      searchSettings: async (kind, input, page, variation) => runSettingSearch(db, settingFilters(input), { kind, ...page, variation }),
      saveSettingSearch: async (kind, input) => (await saveSettingSearch(db, kind, settingFilters(input), Date.now())).searchId,
      restoreSettingSearch: (kind, searchId, pageNumber, variation) => restoreSettingSearch(db, searchId, { kind, pageNumber, variation }, (p) => c.executionCtx.waitUntil(p)),
      getSetting: (id, metal, variation) => getSettingDetail(db, id, metal, variation),
      bestSellingSettings: () => bestSellingSettings(db, all[PROMO_EXPERIMENT] ?? 0),
      popularEngagementRings: () => popularEngagementRings(db, all[PROMO_EXPERIMENT] ?? 0),
      studSettings: (req) => studSettings(db, v.parse(StudSettingsRequest, req), all[PROMO_EXPERIMENT] ?? 0),
      searchHeading: (pageId) => searchHeading(db, pageId),
    });
    context.set(contentContext, { trafficAlert: (id) => trafficAlert(db, id) });
    const shopper = shopperOf(c);
    // The API's refusals (4xx) become a form message; anything else is a page error.
    const refused = async <T,>(run: () => Promise<T>): Promise<T | { ok: false; status: number; message: string }> => {
      try {
        return await run();
      } catch (e) {
        if (e instanceof ApiError && e.status < 500) return { ok: false, status: e.status, message: e.message };
        throw e;
      }
    };
    context.set(marketerContext, {
      report: async () => ((await isAdmin(c)) ? experimentReport(c) : null),
      setOverride: async (name, override) => {
        if (!(await isAdmin(c))) return null;
        return refused(async () => {
          await changeOverride(c, name, override);
          return { ok: true as const };
        });
      },
    });
    context.set(cartContext, {
      get: () => getCart(c.env, shopper),
      change: (intent) =>
        refused(async () => {
          const parsed = v.safeParse(CartIntent, intent);
          if (!parsed.success) return { ok: false, status: 400, message: parsed.issues[0]?.message ?? "Invalid change" };
          return { ok: true, cart: await changeCart(c.env, shopper, parsed.output) };
        }),
      lockPrice: () => refused(async () => ({ ok: true, cart: (await lockPrice(c.env, shopper)).cart })),
      draftOrder: () => refused(async () => ({ ok: true, cart: (await draftOrder(c.env, shopper)).cart })),
    });
    const nonce = c.get("secureHeadersNonce") ?? "";
    const key = c.req.method === "GET" ? PageCache.key(url, { theme: c.get("theme"), fromSearchEngine: c.get("fromSearchEngine"), variants }) : null;
    const acceptEncoding = clientAcceptEncoding(c.req.raw);
    let response = key ? pageCache.get(key, acceptEncoding) : null;
    if (!response) {
      const rendered = await renderPage(c.req.raw, { context, nonce, manifest: await clientManifest(c.env) });
      response = key ? await pageCache.offer(key, rendered, nonce, acceptEncoding) : rendered;
    }
    response.headers.delete(SHARED_RENDER_HEADER);
    // Pages carry the visitor's theme and experiment variants: never share them from a cache.
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-cache");
    return response;
  });
}
