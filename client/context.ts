/**
 * Typed router contexts. Loaders read the catalogue through `catalogueContext`: on the server the worker
 * provides a D1-backed service, in the browser `catalogue-client.ts` provides one that calls the public
 * API — so route modules never import worker code, and the same loader runs on both sides.
 */
import { createContext } from "react-router";
import type { CartIntentInput, CartView } from "#shared/cart/schemas.ts";
import type { OfferedPromotion, Diamond, DiamondFilters, DiamondSearchInput, RetailerOption, DiamondSearchResponse, DiamondSummary, SimilarDiamondsRequest } from "#shared/schemas.ts";
import type { RingSummary, SimilarRingsRequest } from "#shared/rings.ts";

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
}

export type { RetailerOption };

/** A cart call's answer: the whole cart, or why the change was refused (the API's status and message). */
export type CartResult = { ok: true; cart: CartView } | { ok: false; status: number; message: string };

/** The visitor's cart: the worker's CartObject on the server, the `/api/cart` calls in the browser. */
export interface CartService {
  get(): Promise<CartView>;
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
