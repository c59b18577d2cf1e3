/**
 * What the landing pages' loaders read for their live blocks (client/landing/blocks.tsx LiveData), through the
 * server's landing service. Setting cards are trimmed to what a card shows, so the page's hydration data stays small.
 */
import type { LandingService } from "../landing-context";
import type { CardSetting } from "../components/setting-card";
import type { SettingSummary } from "#shared/settings/schemas.ts";
import type { LiveData } from "./blocks";
import type { Block } from "./types";

/** A setting as its card shows it. */
export function cardOf(s: SettingSummary): CardSetting {
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

/** The first `count` results of a search page (SEARCH_PAGES id) with a semantic query, and the search's URL. */
export async function resultsFor(svc: LandingService, pageId: string, query: string, count: number): Promise<LiveData["results"][string]> {
  const result = await svc.settingResults(pageId, query, count);
  return result && { ...result, settings: result.settings.map(cardOf) };
}

/** Everything a page's live blocks need, read in parallel (a failed read is null and its block is left out). */
export async function liveData(svc: LandingService, body: readonly Block[]): Promise<LiveData> {
  const has = (kind: Block["kind"]) => body.some((b) => b.kind === kind);
  const bestCount = Math.max(0, ...body.map((b) => (b.kind === "best-selling" ? b.count : 0)));
  const [figures, shapeClicks, bestSelling, results] = await Promise.all([
    has("shapes") || has("origins") ? svc.figures() : null,
    has("shape-interest") ? svc.shapeClicks() : null,
    has("best-selling") ? svc.bestSelling() : null,
    Promise.all(body.map((b) => (b.kind === "results" ? resultsFor(svc, b.pageId, b.query, b.count) : null))),
  ]);
  return {
    figures,
    shapeClicks,
    bestSelling: bestSelling ? bestSelling.slice(0, bestCount).map(cardOf) : null,
    results: Object.fromEntries(results.map((r, i) => [String(i), r])),
  };
}
