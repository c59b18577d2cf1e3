/**
 * Typed router contexts. Loaders read the catalogue through `catalogueContext`: on the server the worker
 * provides a D1-backed service, in the browser `catalogue-client.ts` provides one that calls the public
 * API — so route modules never import worker code, and the same loader runs on both sides.
 */
import { createContext } from "react-router";
import type { Outcome } from "#shared/refusal.ts";
import type { CartIntentInput, CartView } from "#shared/cart/schemas.ts";
import type {
  OfferedPromotion,
  Diamond,
  DiamondFilters,
  DiamondSearchInput,
  RetailerOption,
  DiamondSearchResponse,
  DiamondSummary,
  SimilarDiamondsRequest,
} from "#shared/schemas.ts";
import type { RingSummary, SimilarRingsRequest } from "#shared/rings.ts";
import type { SettingDetail, SettingFiltersInput, SettingSearchResponse, SettingSummary, StudSettingsRequest } from "#shared/settings/schemas.ts";
import type { SettingSearchKind } from "#shared/settings/pages.ts";

export interface VisitorInfo {
  requestId: string;
  visitorId: string;
  isNewUser: boolean;
  fromSearchEngine: boolean;
  theme: "light" | "dark";
  platform: "mobile" | "desktop";
  countryCode: string | null;
  regionCode: string | null;
  /** Experiment name → variant, as assigned at the edge. */
  variants: Record<string, 0 | 1>;
}

export interface CatalogueService {
  searchDiamonds(req: DiamondSearchInput): Promise<DiamondSearchResponse>;
  /** A saved search's filters and the given page of its results; null when the searchId is unknown. */
  restoreSearch(searchId: string, page: number): Promise<{ filters: DiamondFilters; result: DiamondSearchResponse } | null>;
  listRetailers(): Promise<RetailerOption[]>;
  getDiamond(id: number): Promise<Diamond | null>;
  similarDiamonds(d: SimilarDiamondsRequest): Promise<DiamondSummary[]>;
  /** Engagement rings like a setting or for a diamond shape (`POST /api/similar-searches`); empty for an unknown setting. */
  similarRings(req: SimilarRingsRequest): Promise<RingSummary[]>;
  /** The promo code offered on a diamond to a Promocode_Variation_Global variant (§7 get-valid-promotion-code with promoCodeVariation). */
  offeredPromotion(diamondId: number, promoCodeVariation: 0 | 1): Promise<OfferedPromotion | null>;
  /**
   * A setting or jewellery search (`POST /api/search/settingsv2` or `/api/search/jewellery`): the filters
   * (validated by the server: a bad filter rejects with a 400 route error) and the page; page size 20 or 19
   * by kind unless given.
   */
  searchSettings(
    kind: SettingSearchKind,
    filters: SettingFiltersInput,
    page: { pageNumber: number; pageSize?: number },
    promoCodeVariation: 0 | 1,
  ): Promise<SettingSearchResponse>;
  /** Saves a filter state (`POST /api/search-request/settings2` or `/jewellery`) and returns its searchId. */
  saveSettingSearch(kind: SettingSearchKind, filters: SettingFiltersInput): Promise<string>;
  /** A saved setting or jewellery search's filters and the given page of its results; null when the searchId is unknown. */
  restoreSettingSearch(kind: SettingSearchKind, searchId: string, pageNumber: number, promoCodeVariation: 0 | 1): Promise<SettingSearchResponse | null>;
  /**
   * A setting in a metal (`GET /api/settings/{id}/{metal}`), or in its default metal when `metal` is
   * undefined (`GET /api/settings/{id}`); null when the setting is unknown or has no such metal.
   */
  getSetting(id: number, metal: number | undefined, promoCodeVariation: 0 | 1): Promise<SettingDetail | null>;
  /** §7 `GET /api/settings/best-selling`: the best-selling engagement ring settings. */
  bestSellingSettings(): Promise<SettingSummary[]>;
  /** §7 `GET /api/setting/engagement-rings`: the most popular (preset) engagement rings. */
  popularEngagementRings(): Promise<SettingSummary[]>;
  /** §7 `POST /api/studsettings`: stud settings that hold a pair of diamonds of this shape and size. */
  studSettings(req: StudSettingsRequest): Promise<SettingSummary[]>;
  /** A search page's heading and subheading from the content store (`GET /api/content/search-heading/{pageId}`), or null. */
  searchHeading(pageId: string): Promise<{ heading: string; subheading: string } | null>;
}

export type { RetailerOption };

/** A cart call's answer: the whole cart, or why the change was refused (shared/refusal.ts). */
export type CartResult = Outcome<{ cart: CartView }>;

/** The visitor's cart: the worker's CartObject on the server, the `/api/cart` calls in the browser. */
export interface CartService {
  get(): Promise<CartView>;
  /** The cart for the checkout page (`GET /api/cart/checkout`): a signed-in customer's empty address filled from their last order. */
  forCheckout(): Promise<CartView>;
  change(intent: CartIntentInput): Promise<CartResult>;
  /** Locks the cart's total (`POST /api/orders/price-lock`). */
  lockPrice(): Promise<CartResult>;
  /** Drafts the order of the cart as it is (`POST /api/orders/draft`): the cart afterwards, or what is missing. */
  draftOrder(): Promise<CartResult>;
}

export const visitorContext = createContext<VisitorInfo>();
export const cartContext = createContext<CartService>();
export const catalogueContext = createContext<CatalogueService>();

// Loaders receive a RouterContextProvider (router contexts), as with React Router's middleware API.
declare module "react-router" {
  interface Future {
    v8_middleware: true;
  }
}
