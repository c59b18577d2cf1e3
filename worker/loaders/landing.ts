/**
 * The landing pages' service (client/landing-context.ts) on the server: the page definitions with their live
 * data — catalogue figures, click aggregates, best-selling settings, setting results — and promotions, each read as
 * every visitor would see it (promo variant 0, no favourites) and each failure logged and swallowed to null (§8).
 */
import type { LandingCard, LandingResults, LandingService, LiveData, PromotionView } from "#client/landing-context.ts";
import { landingDef } from "#shared/landing/pages/index.ts";
import type { Block } from "#shared/landing/pages/types.ts";
import { APP_VERSION } from "#shared/landing/site.ts";
import { searchPage } from "#shared/settings/pages.ts";
import type { SettingSummary } from "#shared/settings/schemas.ts";
import { filtersFromQuery, searchHrefOf } from "#shared/settings/url.ts";
import { catalogueFigures } from "../analytics/figures";
import { clickAggregate } from "../analytics/store";
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

/** A setting as its card shows it: the page's hydration data carries no more. */
export function cardOf(s: SettingSummary): LandingCard {
  return {
    id: s.id,
    name: s.name,
    url: s.url,
    metals: s.metals.map(({ metal, metalName, price, priceBeforeDiscount, discountPercentage, imagesUrl, promoCode }) => ({
      metal,
      metalName,
      price,
      priceBeforeDiscount,
      discountPercentage,
      imagesUrl: imagesUrl.slice(0, 1),
      promoCode,
    })),
  };
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
  const figures = () => orNull("catalogue figures", () => catalogueFigures(env, now()));
  const settingResults = (pageId: string, query: string, count: number) =>
    orNull("setting results", async (): Promise<LandingResults> => {
      const page = searchPage(pageId);
      const { filters } = filtersFromQuery(new URLSearchParams(query), page);
      const { result } = await runSettingSearch(env.DB, filters, { kind: page.kind, pageNumber: 1, pageSize: count, variation: 0, now: now() });
      return { settings: result.settings.map(cardOf), total: result.total, href: searchHrefOf(filters, page), kind: page.kind };
    });

  /** Everything a page's live blocks need, read in parallel. */
  async function liveData(body: readonly Block[]): Promise<LiveData> {
    const has = (kind: Block["kind"]) => body.some((b) => b.kind === kind);
    const bestCount = Math.max(0, ...body.map((b) => (b.kind === "best-selling" ? b.count : 0)));
    const [fig, shapeClicks, bestSelling, results] = await Promise.all([
      has("shapes") || has("origins") ? figures() : null,
      has("shape-interest") ? orNull("shape clicks", () => clickAggregate(env.DB, "shapes", now())) : null,
      has("best-selling") ? orNull("best-selling settings", () => bestSellingSettings(env.DB, 0)) : null,
      Promise.all(body.map((b) => (b.kind === "results" ? settingResults(b.pageId, b.query, b.count) : null))),
    ]);
    return {
      figures: fig,
      shapeClicks,
      bestSelling: bestSelling ? bestSelling.slice(0, bestCount).map(cardOf) : null,
      results: Object.fromEntries(results.map((r, i) => [String(i), r])),
    };
  }

  return {
    landingPage: async (path) => {
      const def = landingDef(path);
      return def ? { def, live: await liveData(def.body) } : null;
    },
    settingResults,
    figures,
    activePromotions: () => orNull("promotions", () => everyonesPromotions(env.DB, now())),
    version: () => ({ version: APP_VERSION, environment: env.APP_ENV ?? "local" }),
  };
}
