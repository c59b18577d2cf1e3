/**
 * The stone a report reads (docs/decisions/027-reports.md): an available inventory diamond found by its
 * certificate number — its grading, growth facts, price and retailer — and the report's title.
 */
import { CLARITIES, COLORS, CUTS, SHAPES, labelOf } from "#shared/enums.ts";
import type { DealStone, ReportStone } from "#shared/reports/schemas.ts";
import type { RetailerFacts } from "#shared/reports/sections.ts";

/** An inventory diamond as a report takes it. */
export interface InventoryStone {
  diamondId: number;
  certificateId: string;
  stone: ReportStone;
  priceCents: number;
  retailer: RetailerFacts;
}

interface InventoryRow {
  id: number;
  certificate_id: string;
  certificate_lab: number;
  is_lab_grown: number;
  shape: number;
  carat: number;
  cut: number;
  color: number;
  clarity: number;
  polish: number;
  symmetry: number;
  fluorescence: number;
  depth_pct: number;
  table_pct: number;
  lw_ratio: number;
  growth_method: "CVD" | "HPHT" | null;
  treated: number | null;
  price_cents: number;
  shipping_days: number;
  retailer_id: number;
  r_name: string;
  r_slugurl: string;
  r_ratings: string;
}

const COLUMNS = `d.id, d.certificate_id, d.certificate_lab, d.is_lab_grown, d.shape, d.carat, d.cut, d.color, d.clarity, d.polish,
  d.symmetry, d.fluorescence, d.depth_pct, d.table_pct, d.lw_ratio, d.growth_method, d.treated, d.price_cents, d.shipping_days,
  d.retailer_id, r.name AS r_name, r.slugurl AS r_slugurl, r.ratings AS r_ratings`;

/** The average rating out of 5 over a retailer's providers, weighted by their review counts. */
export function ratingOf(json: string): { rating: number | null; count: number } {
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    return { rating: null, count: 0 };
  }
  let sum = 0;
  let count = 0;
  for (const r of Array.isArray(list) ? list : []) {
    const rating = Number((r as { rating?: unknown }).rating);
    const n = Number((r as { count?: unknown }).count);
    if (Number.isFinite(rating) && Number.isFinite(n) && n > 0) {
      sum += rating * n;
      count += n;
    }
  }
  return { rating: count ? Math.round((sum / count) * 10) / 10 : null, count };
}

function inventoryOf(r: InventoryRow): InventoryStone {
  const { rating, count } = ratingOf(r.r_ratings);
  return {
    diamondId: r.id,
    certificateId: r.certificate_id,
    priceCents: r.price_cents,
    stone: {
      isLabGrown: r.is_lab_grown === 1,
      shape: r.shape,
      carat: r.carat,
      color: r.color,
      clarity: r.clarity,
      cut: r.cut,
      polish: r.polish,
      symmetry: r.symmetry,
      fluorescence: r.fluorescence,
      certificateLab: r.certificate_lab,
      depthPct: r.depth_pct,
      tablePct: r.table_pct,
      lwRatio: r.lw_ratio,
      growthMethod: r.growth_method,
      treated: r.treated === null ? null : r.treated === 1,
    },
    retailer: { id: r.retailer_id, name: r.r_name, slugurl: r.r_slugurl, rating, ratingCount: count, shippingDays: r.shipping_days },
  };
}

/** The available diamond with this certificate number (as typed or upper-cased; the cheapest of several), or null. */
export async function inventoryByCertificate(db: D1Database, certificateId: string): Promise<InventoryStone | null> {
  const row = await db
    .prepare(
      `SELECT ${COLUMNS} FROM diamonds d JOIN retailers r ON r.id = d.retailer_id
       WHERE d.certificate_id IN (?1, ?2) AND d.is_sold = 0 ORDER BY d.price_cents, d.id LIMIT 1`,
    )
    .bind(certificateId, certificateId.toUpperCase())
    .first<InventoryRow>();
  return row ? inventoryOf(row) : null;
}

/** A diamond by id whether or not it is still for sale (a report's retailer), with its availability. */
export async function inventoryById(db: D1Database, id: number): Promise<(InventoryStone & { available: boolean }) | null> {
  const row = await db
    .prepare(`SELECT ${COLUMNS}, d.is_sold FROM diamonds d JOIN retailers r ON r.id = d.retailer_id WHERE d.id = ?`)
    .bind(id)
    .first<InventoryRow & { is_sold: number }>();
  return row ? { ...inventoryOf(row), available: row.is_sold === 0 } : null;
}

/** "1.01 ct G VS1 Excellent Round", with "· Lab-grown" for a lab-grown stone (no cut grade: left out). */
export function reportTitle(s: ReportStone): string {
  const cut = s.cut === null ? "" : ` ${labelOf(CUTS, s.cut)}`;
  return `${s.carat.toFixed(2)} ct ${labelOf(COLORS, s.color)} ${labelOf(CLARITIES, s.clarity)}${cut} ${labelOf(SHAPES, s.shape)}${s.isLabGrown ? " · Lab-grown" : ""}`;
}

/** The stone as the deal score compares it. */
export function dealStoneOf(s: ReportStone, priceCents: number, diamondId: number | null): DealStone {
  return {
    id: diamondId,
    isLabGrown: s.isLabGrown,
    shape: s.shape,
    carat: s.carat,
    color: s.color,
    clarity: s.clarity,
    cut: s.cut,
    fluorescence: s.fluorescence,
    priceCents,
  };
}
