/**
 * From a validated `POST /api/diamonds2` body to the index's query: whole dollars to cents, "ships by
 * holiday date" to a shipping-day limit, page number to offset.
 */
import type { DiamondSearchRequest } from "#shared/schemas.ts";
import type { EngineQuery } from "./types";

const DAY_MS = 86_400_000;

/**
 * The most shipping days a diamond may take to arrive by `date` (YYYY-MM-DD, UTC) when ordered at `now`:
 * whole days from today (UTC) to that date; negative when the date has passed (nothing qualifies).
 */
export function shippingDaysUntil(date: string, now: number): number {
  const target = Date.parse(`${date}T00:00:00Z`);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Math.floor((target - today) / DAY_MS);
}

export function toEngineQuery(req: DiamondSearchRequest, opts: { now: number; onlyIds: readonly number[] | null }): EngineQuery {
  let maxShippingDays: number | null = req.shippingDays >= 0 ? req.shippingDays : null;
  if (req.shipsByHolidayDate) {
    const byDate = shippingDaysUntil(req.shipsByHolidayDate, opts.now);
    maxShippingDays = maxShippingDays === null ? byDate : Math.min(maxShippingDays, byDate);
  }
  return {
    isLabGrown: req.isLabGrown ?? null,
    shapes: req.diamondShapes,
    colors: req.colors,
    clarities: req.clarities,
    cuts: req.cuts,
    certificateLabs: req.certificateLabs,
    polishes: req.polishes,
    symmetries: req.symmetries,
    fluorescences: req.fluorescences,
    naturalRetailers: req.naturalDiamondRetailers,
    labRetailers: req.labGrownDiamondRetailers,
    priceMinCents: Math.ceil(req.priceMin * 100),
    priceMaxCents: Math.floor(req.priceMax * 100),
    caratMin: req.caratMin,
    caratMax: req.caratMax,
    depthMin: req.depthMin,
    depthMax: req.depthMax,
    tableMin: req.tableMin,
    tableMax: req.tableMax,
    ratioMin: req.ratioMin,
    ratioMax: req.ratioMax,
    maxShippingDays,
    eyeClean: req.eyeClean,
    hasImage: req.hasImage,
    hasVideo: req.hasVideo,
    loupeIdeal: req.loupeIdeal,
    onlyIds: opts.onlyIds,
    sortBy: req.sortBy,
    sortOrder: req.sortOrder,
    offset: (req.pageNumber - 1) * req.pageSize,
    limit: req.pageSize,
    facets: req.includeFacets,
  };
}
