/**
 * The search oracle: what `POST /api/diamonds2` must answer, written the plainest way — filter every
 * diamond with the documented rules, sort the survivors, slice the page. The property tests compare
 * the real search (index engine, API) with this over random filter states.
 */
import { isLoupeIdeal } from "#shared/loupe-ideal.ts";
import type { DiamondSearchRequest, SortField } from "#shared/schemas.ts";
import type { DiamondRow } from "#shared/catalogue/rows.ts";

export type OracleRow = Pick<
  DiamondRow,
  | "id"
  | "is_lab_grown"
  | "is_sold"
  | "shape"
  | "color"
  | "clarity"
  | "cut"
  | "certificate_lab"
  | "polish"
  | "symmetry"
  | "fluorescence"
  | "eye_clean"
  | "has_image"
  | "has_video"
  | "retailer_id"
  | "shipping_days"
  | "price_cents"
  | "carat"
  | "depth_pct"
  | "table_pct"
  | "lw_ratio"
  | "sorting_order"
  | "certificate_id"
>;

const DAY = 86_400_000;

function inRange(x: number, min: number | undefined, max: number | undefined): boolean {
  return (min === undefined || x >= min) && (max === undefined || x <= max);
}

function inList(x: number, list: readonly number[]): boolean {
  return list.length === 0 || list.includes(x);
}

export function oracleMatches(d: OracleRow, req: DiamondSearchRequest, now: number): boolean {
  if (d.is_sold) return false;
  if (req.isLabGrown !== null && req.isLabGrown !== undefined && (d.is_lab_grown === 1) !== req.isLabGrown) return false;
  if (!inList(d.shape, req.diamondShapes) || !inList(d.color, req.colors) || !inList(d.clarity, req.clarities)) return false;
  if (req.cuts.length && !req.cuts.includes(d.cut) && !(d.cut === 4 && req.cuts.includes(0))) return false;
  if (!inList(d.certificate_lab, req.certificateLabs) || !inList(d.polish, req.polishes) || !inList(d.symmetry, req.symmetries)) return false;
  if (!inList(d.fluorescence, req.fluorescences)) return false;
  if (!inList(d.retailer_id, d.is_lab_grown ? req.labGrownDiamondRetailers : req.naturalDiamondRetailers)) return false;
  if (d.price_cents < req.priceMin * 100 || d.price_cents > req.priceMax * 100) return false;
  if (!inRange(d.carat, req.caratMin, req.caratMax)) return false;
  if (!inRange(d.depth_pct, req.depthMin, req.depthMax) || !inRange(d.table_pct, req.tableMin, req.tableMax)) return false;
  if (!inRange(d.lw_ratio, req.ratioMin, req.ratioMax)) return false;
  if (req.shippingDays >= 0 && d.shipping_days > req.shippingDays) return false;
  if (req.shipsByHolidayDate) {
    // Ordered today, delivered by the date: today + shipping days ≤ the date (UTC days).
    const arrives = Math.floor(now / DAY) * DAY + d.shipping_days * DAY;
    if (arrives > Date.parse(`${req.shipsByHolidayDate}T00:00:00Z`)) return false;
  }
  if (req.eyeClean && d.eye_clean !== 1) return false;
  if (req.hasImage && d.has_image !== 1) return false;
  if (req.hasVideo && d.has_video !== 1) return false;
  if (req.loupeIdeal && !isLoupeIdeal(d.shape, d.depth_pct, d.table_pct, d.lw_ratio)) return false;
  if (req.certificateNumber && d.certificate_id.toUpperCase() !== req.certificateNumber.toUpperCase()) return false;
  return true;
}

function sortKey(d: OracleRow, field: SortField): number {
  switch (field) {
    case "price":
      return d.price_cents;
    case "carat":
      return d.carat;
    case "pricePerCarat":
      return d.price_cents / d.carat;
    case "color":
      return d.color;
    case "clarity":
      return d.clarity;
    case "cut":
      return d.cut === 4 ? -1 : d.cut;
    default:
      return d.sorting_order;
  }
}

/** The whole ordered result (ids) and the page the request asks for. */
export function oracleSearch(rows: readonly OracleRow[], req: DiamondSearchRequest, now: number): { ordered: number[]; page: number[]; total: number } {
  const sign = req.sortOrder === "desc" ? -1 : 1;
  const matched = rows.filter((d) => oracleMatches(d, req, now));
  matched.sort((a, b) => sign * (sortKey(a, req.sortBy) - sortKey(b, req.sortBy)) || a.sorting_order - b.sorting_order || a.id - b.id);
  const ordered = matched.map((d) => d.id);
  const offset = (req.pageNumber - 1) * req.pageSize;
  return { ordered, page: ordered.slice(offset, offset + req.pageSize), total: ordered.length };
}

/** Facet counts the plain way: for each value, the matches with that value and every other filter. */
export function oracleFacet(
  rows: readonly OracleRow[],
  req: DiamondSearchRequest,
  now: number,
  dim: "shape" | "color" | "clarity" | "cut" | "certificateLab" | "origin",
  value: number,
): number {
  const widened: DiamondSearchRequest = { ...req };
  if (dim === "shape") widened.diamondShapes = [value];
  if (dim === "color") widened.colors = [value];
  if (dim === "clarity") widened.clarities = [value];
  if (dim === "cut") widened.cuts = [value];
  if (dim === "certificateLab") widened.certificateLabs = [value];
  if (dim === "origin") widened.isLabGrown = value === 1;
  return rows.filter((d) => oracleMatches(d, widened, now)).length;
}
