/**
 * The landing and information pages' server data (issue 20 point 3): a landing page's definition with its live
 * data, setting results of a landing page, catalogue figures, the running promotions and the app version. Only the
 * server reads it (client/server-page.ts `serverService`); worker/loaders/landing.ts provides it. The page texts
 * stay on the server (shared/landing/pages/): each page ships only its own, in its loader data, and no page's
 * JavaScript carries the others. Every answer is the same for every visitor (no favourites, promo variant 0), so
 * the pages may share their render. A failing read is swallowed to null (§8): the page renders without that block.
 */
import { createContext } from "react-router";
import type { AppVersion, ClickAggregate } from "#shared/api/analytics.ts";
import type { CatalogueFigures } from "#shared/landing/figures.ts";
import type { LandingDef } from "#shared/landing/pages/types.ts";
import type { SettingSearchKind } from "#shared/settings/pages.ts";
import type { MetalOption, SettingSummary } from "#shared/settings/schemas.ts";

/** A setting as a card shows it (components/setting-card.tsx CardSetting; declared here so the worker need not read the component). */
export type LandingCard = Pick<SettingSummary, "id" | "name" | "url"> & {
  metals: Pick<MetalOption, "metal" | "metalName" | "price" | "priceBeforeDiscount" | "discountPercentage" | "imagesUrl" | "promoCode">[];
};

/** A running promotion as `/active-promotions` lists it. */
export interface PromotionView {
  code: string;
  description: string;
  /** Whole USD the order must reach; 0 for none. */
  minimumOrder: number;
  /** Epoch ms (exclusive). */
  endsAt: number;
}

/** Setting results of a landing page: the first few as cards, how many match, and the search with the same filters. */
export interface LandingResults {
  settings: LandingCard[];
  total: number;
  href: string;
  kind: SettingSearchKind;
}

/** What a landing page's live blocks show (client/landing/blocks.tsx); null where the read failed. */
export interface LiveData {
  figures: CatalogueFigures | null;
  shapeClicks: ClickAggregate | null;
  bestSelling: LandingCard[] | null;
  /** Results blocks by their index in the page's body. */
  results: Record<string, LandingResults | null>;
}

export interface LandingService {
  /** A landing page (shared/landing/pages/) by path with its live data, or null for no such page. */
  landingPage(path: string): Promise<{ def: LandingDef; live: LiveData } | null>;
  /** The first `count` results of a setting or jewellery search page (a SEARCH_PAGES id) with a semantic query. */
  settingResults(pageId: string, query: string, count: number): Promise<LandingResults | null>;
  figures(): Promise<CatalogueFigures | null>;
  /** Promotions running now that are offered to every shopper. */
  activePromotions(): Promise<PromotionView[] | null>;
  version(): AppVersion;
}

export const landingContext = createContext<LandingService>();
