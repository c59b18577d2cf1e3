/**
 * The retailer directory as the `/our-retailers`, `/our-retailers/{name}` and `/metro/{name}` pages read it on the
 * server (issue 20 point 5). worker/loaders/retailers.ts provides it from worker/retailers/directory.ts (D1 or the
 * upstream directory); a page that finds the directory unavailable says so instead of failing.
 */
import { createContext } from "react-router";
import type { DirectoryRetailer, MetroArea, MetroAreaAnswer, RetailerDirectory } from "#shared/retailers/schemas.ts";

/** The directory list for a page: `error` when the postal code was refused, `unavailable` after an upstream failure. */
export type DirectoryPage = RetailerDirectory & { error?: string; unavailable?: boolean };

export interface RetailersService {
  /** Shown retailers with features, social links and ratings; nearest first to `postalCode` when given. */
  directory(postalCode: string | null): Promise<DirectoryPage>;
  /** One shown retailer with everything embedded; null when unknown, "unavailable" when the upstream failed. */
  retailer(slug: string): Promise<DirectoryRetailer | null | "unavailable">;
  /** A metro area with the retailers near it; null when unknown, `unavailable` when the upstream failed. */
  metro(slug: string): Promise<(MetroAreaAnswer & { unavailable?: boolean }) | null>;
  /** Every metro area (the links of the directory page). */
  metros(): Promise<MetroArea[]>;
}

export const retailersContext = createContext<RetailersService>();
