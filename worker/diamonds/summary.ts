/**
 * A diamond row as the search list shows it: the `diamonds` columns a DiamondSummary needs, the joined
 * retailer columns, and the one mapping to the wire shape. Used by the D1 reads (diamonds.ts) and by the
 * search index, which keeps these columns for every indexed diamond so a page needs no D1 read.
 */
import { diamondSlug } from "#shared/slug.ts";
import type { DiamondAvailability, DiamondSummary } from "#shared/schemas.ts";
import type { DiamondRow } from "#shared/catalogue/rows.ts";

/** The `diamonds` columns of a summary. */
export const SUMMARY_COLUMNS = [
  "id",
  "retailer_id",
  "certificate_lab",
  "certificate_id",
  "is_lab_grown",
  "shape",
  "carat",
  "cut",
  "color",
  "clarity",
  "fluorescence",
  "polish",
  "symmetry",
  "price_cents",
  "price_before_discount_cents",
  "discount_percentage",
  "is_sold",
  "is_rc_ideal",
  "has_video",
  "image_url",
  "shipping_days",
  "lw_ratio",
  "paired_diamond_id",
] as const satisfies readonly (keyof DiamondRow)[];

export type SummaryColumns = Pick<DiamondRow, (typeof SUMMARY_COLUMNS)[number]>;

export interface RetailerColumns {
  r_name: string;
  r_slugurl: string;
  r_logo_url: string;
  r_small_logo_url: string;
}

/**
 * The stone's hold (inventory_holds.state, docs/decisions/058-inventory-holds.md), for a read of `diamonds d`:
 * HOLD_JOIN after its FROM, HOLD_STATE among its columns.
 */
export const HOLD_JOIN = "LEFT JOIN inventory_holds ih ON ih.item_kind = 'diamond' AND ih.item_id = d.id";
export const HOLD_STATE = "ih.state AS hold_state";
export interface HoldColumn {
  hold_state?: "held" | "sold" | null;
}

/** A stone's availability from the catalogue's sold flag and its hold. */
export function availabilityOf(isSold: boolean, hold: HoldColumn["hold_state"]): DiamondAvailability {
  if (isSold || hold === "sold") return "sold";
  return hold === "held" ? "on_hold" : "available";
}

export function summary(r: SummaryColumns & RetailerColumns & HoldColumn): DiamondSummary {
  const isLabGrown = r.is_lab_grown === 1;
  const availability = availabilityOf(r.is_sold === 1, r.hold_state);
  return {
    id: r.id,
    slug: diamondSlug({ carat: r.carat, color: r.color, clarity: r.clarity, cut: r.cut, shape: r.shape, isLabGrown }),
    incomplete: true,
    // The signed-in owner's favourites are overlaid after any shared cache (worker/my-stuff/favorites.ts).
    isFavorite: false,
    certificateLab: r.certificate_lab,
    certificateId: r.certificate_id,
    isLabGrown,
    shape: r.shape,
    carat: r.carat,
    cut: r.cut,
    color: r.color,
    clarity: r.clarity,
    fluorescence: r.fluorescence,
    polish: r.polish,
    symmetry: r.symmetry,
    price: r.price_cents,
    priceBeforeDiscount: r.price_before_discount_cents,
    discountPercentage: r.discount_percentage,
    isSold: availability === "sold",
    availability,
    isRCIdeal: r.is_rc_ideal === 1,
    isB2CVideoDiamond: r.has_video === 1,
    imagesUrl: r.image_url,
    shippingDays: r.shipping_days,
    lwRatio: r.lw_ratio,
    pairedDiamondId: r.paired_diamond_id,
    retailer: { id: r.retailer_id, name: r.r_name, slugurl: r.r_slugurl, logoUrl: r.r_logo_url, smallLogoUrl: r.r_small_logo_url },
  };
}
