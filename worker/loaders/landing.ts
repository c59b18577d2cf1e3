/**
 * The landing pages' service (client/landing-context.ts) on the server: catalogue figures, click aggregates,
 * best-selling settings, setting results and promotions, each read as every visitor would see it (promo variant
 * 0, no favourites) and each failure logged and swallowed to null (§8).
 */
import type { LandingService, PromotionView } from "#client/landing-context.ts";
import { APP_VERSION } from "#shared/landing/site.ts";
import { searchPage } from "#shared/settings/pages.ts";
import { filtersFromQuery, searchHrefOf } from "#shared/settings/url.ts";
import { clickAggregate } from "../analytics/store";
import { catalogueFigures } from "../analytics/figures";
import type { Bindings } from "../env";
import { validPromotions } from "../promotions/store";
import { bestSellingSettings, runSettingSearch } from "../settings/service";

async function orNull<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (e) {
    console.error(`landing page: ${what} unavailable`, e);
    return null;
  }
}

/** Promotions offered to everyone: valid now for both Promocode_Variation_Global variants. */
async function everyonesPromotions(db: D1Database, now: number): Promise<PromotionView[]> {
  const [a, b] = await Promise.all([validPromotions(db, now, 0), validPromotions(db, now, 1)]);
  const inB = new Set(b.map((p) => p.code));
  return a
    .filter((p) => inB.has(p.code))
    .map((p) => ({ code: p.code, description: p.description, minimumOrder: Math.ceil(p.minSubtotalCents / 100), endsAt: p.endsAt }));
}

/** The service for one request. */
export function serverLanding(env: Bindings, now: () => number = Date.now): LandingService {
  return {
    figures: () => orNull("catalogue figures", () => catalogueFigures(env, now())),
    shapeClicks: () => orNull("shape clicks", () => clickAggregate(env.DB, "shapes", now())),
    bestSelling: () => orNull("best-selling settings", () => bestSellingSettings(env.DB, 0)),
    settingResults: (pageId, query, count) =>
      orNull("setting results", async () => {
        const page = searchPage(pageId);
        const { filters } = filtersFromQuery(new URLSearchParams(query), page);
        const { result } = await runSettingSearch(env.DB, filters, { kind: page.kind, pageNumber: 1, pageSize: count, variation: 0, now: now() });
        return { settings: result.settings, total: result.total, href: searchHrefOf(filters, page), kind: page.kind };
      }),
    activePromotions: () => orNull("promotions", () => everyonesPromotions(env.DB, now())),
    version: () => ({ version: APP_VERSION, environment: env.APP_ENV ?? "local" }),
  };
}
