/**
 * The landing and information pages' server data (issue 20 point 3): live catalogue figures, shape interest,
 * best-selling settings, a landing page's setting results, the running promotions and the app version. Only the
 * server reads it (client/server-page.ts `serverService`); worker/loaders/landing.ts provides it. Every answer
 * is the same for every visitor (no favourites, promo variant 0), so the pages may share their render.
 * A failing read is swallowed to null (§8): the page renders without that block.
 */
import { createContext } from "react-router";
import type { AppVersion, ClickAggregate } from "#shared/api/analytics.ts";
import type { CatalogueFigures } from "#shared/landing/figures.ts";
import type { SettingSearchKind } from "#shared/settings/pages.ts";
import type { SettingSummary } from "#shared/settings/schemas.ts";

/** A landing page's setting results: the first few, how many match, and the search with the same filters. */
export interface LandingResults {
  settings: SettingSummary[];
  total: number;
  href: string;
  kind: SettingSearchKind;
}

/** A running promotion as `/active-promotions` lists it. */
export interface PromotionView {
  code: string;
  description: string;
  /** Whole USD the order must reach; 0 for none. */
  minimumOrder: number;
  /** Epoch ms (exclusive). */
  endsAt: number;
}

export interface LandingService {
  figures(): Promise<CatalogueFigures | null>;
  /** Clicks per shape (the shape analytics of the landing pages). */
  shapeClicks(): Promise<ClickAggregate | null>;
  /** §7 settings/best-selling. */
  bestSelling(): Promise<SettingSummary[] | null>;
  /**
   * The first `count` results of a setting or jewellery search page (a SEARCH_PAGES id) with a semantic query
   * (shared/settings/url.ts reads it on the server, so the parser stays out of the page's JavaScript), and the
   * search's URL with those filters.
   */
  settingResults(pageId: string, query: string, count: number): Promise<LandingResults | null>;
  /** Promotions running now that are offered to every shopper. */
  activePromotions(): Promise<PromotionView[] | null>;
  version(): AppVersion;
}

export const landingContext = createContext<LandingService>();
