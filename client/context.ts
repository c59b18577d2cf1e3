/**
 * Typed router contexts: the worker fills them per request (worker/ssr.ts) and loaders read them
 * (`context.get(requestContext)`). Loaders run only on the server, so route modules reach D1 through
 * these services without importing worker code.
 */
import { createContext } from "react-router";
import type { Diamond, DiamondSearchInput, DiamondSearchResponse } from "#shared/schemas.ts";

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
  getDiamond(id: number): Promise<Diamond | null>;
}

export const visitorContext = createContext<VisitorInfo>();
export const catalogueContext = createContext<CatalogueService>();
/** The CSP nonce of this response (script tags written by the server carry it). */
export const nonceContext = createContext<string>("");
