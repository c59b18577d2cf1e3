/**
 * Similar stones for an unavailable one (issue 22 point 4; docs/decisions/035): the same shape and origin
 * (lab-grown or natural), carat within 10 %, colour, clarity and cut within one grade (the house "Loupe Ideal"
 * counts as Ideal), price within 15 % of what the shopper paid for the line; not sold, held by no order being
 * made (any order but a draft, an expired, cancelled or refunded one), never reported unavailable by a retailer.
 * The closest first: relative price and carat distance, then the grades. One SQL statement (the price
 * window and origin ride the catalogue's search index), the same conditions both to offer and to accept a
 * choice, and again inside the choice's compare-and-set so two orders cannot take the same stone.
 */
import { CERTIFICATE_LABS, CLARITIES, COLORS, CUTS, SHAPES, labelOf } from "#shared/enums.ts";
import type { DiamondRow } from "#shared/catalogue/rows.ts";
import { diamondPath } from "#shared/slug.ts";

/** How far a substitute may be from the stone it replaces. */
export const SIMILAR = { caratRatio: 0.1, priceRatio: 0.15, gradeSteps: 1, max: 5 } as const;

/** The catalogue facts a substitute is chosen and shown by. */
export type StoneRow = Pick<
  DiamondRow,
  | "id"
  | "retailer_id"
  | "certificate_lab"
  | "certificate_id"
  | "is_lab_grown"
  | "shape"
  | "carat"
  | "cut"
  | "color"
  | "clarity"
  | "price_cents"
  | "is_sold"
  | "image_url"
>;

export const STONE_COLUMNS =
  "d.id, d.retailer_id, d.certificate_lab, d.certificate_id, d.is_lab_grown, d.shape, d.carat, d.cut, d.color, d.clarity, d.price_cents, d.is_sold, d.image_url";

/** The name an order line gives a stone (as the cart names it: worker/cart/products.ts). */
export function stoneName(d: Pick<StoneRow, "carat" | "color" | "clarity" | "cut" | "shape" | "is_lab_grown">): string {
  return `${d.carat.toFixed(2)} ct ${labelOf(COLORS, d.color)} ${labelOf(CLARITIES, d.clarity)} ${labelOf(CUTS, d.cut)} ${labelOf(SHAPES, d.shape)} ${d.is_lab_grown ? "Lab-Grown " : ""}Diamond`;
}

/** A stone's catalogue facts as the calls show them. */
export function stoneFacts(d: StoneRow) {
  return {
    diamondId: d.id,
    retailerId: d.retailer_id,
    name: stoneName(d),
    url: diamondPath({ id: d.id, carat: d.carat, color: d.color, clarity: d.clarity, cut: d.cut, shape: d.shape, isLabGrown: d.is_lab_grown === 1 }),
    imageUrl: d.image_url,
    shape: labelOf(SHAPES, d.shape),
    carat: d.carat,
    color: labelOf(COLORS, d.color),
    clarity: labelOf(CLARITIES, d.clarity),
    cut: labelOf(CUTS, d.cut),
    certificateLab: labelOf(CERTIFICATE_LABS, d.certificate_lab),
    labGrown: d.is_lab_grown === 1,
    price: d.price_cents,
  };
}

/** The cut's rank for closeness: the house grade (4) is an Ideal (0). */
const CUT_RANK = (column: string) => `(CASE ${column} WHEN 4 THEN 0 ELSE ${column} END)`;

/**
 * SQL: stone `{alias}.id` is held — by an order being made, or reported unavailable (a line unavailable or
 * refunded instead, or a stone replaced). Binds nothing.
 */
export const HELD = (alias: string) => `(EXISTS (SELECT 1 FROM order_items hi JOIN orders ho ON ho.order_number = hi.order_number
    WHERE hi.diamond_id = ${alias}.id AND (ho.status NOT IN ('drafted', 'expired', 'cancelled', 'refunded') OR hi.availability IN ('unavailable', 'refunded')))
  OR EXISTS (SELECT 1 FROM order_substitutions hs WHERE hs.old_diamond_id = ${alias}.id))`;

/** The stone a line held (its catalogue row), and what the shopper paid for it. */
export interface Original {
  stone: StoneRow;
  paidCents: number;
}

/** The WHERE of a similar stone (binds ?1…?10 from `similarBinds`). */
const SIMILAR_WHERE = `d.is_lab_grown = ?1 AND d.is_sold = 0 AND d.price_cents BETWEEN ?2 AND ?3 AND d.shape = ?4 AND d.carat BETWEEN ?5 AND ?6
  AND d.color BETWEEN ?7 - ${SIMILAR.gradeSteps} AND ?7 + ${SIMILAR.gradeSteps} AND d.clarity BETWEEN ?8 - ${SIMILAR.gradeSteps} AND ?8 + ${SIMILAR.gradeSteps}
  AND ABS(${CUT_RANK("d.cut")} - ?9) <= ${SIMILAR.gradeSteps} AND d.id != ?10 AND NOT ${HELD("d")}`;

function similarBinds({ stone, paidCents }: Original): unknown[] {
  const price = Math.max(paidCents, 1);
  return [
    stone.is_lab_grown,
    Math.floor(price * (1 - SIMILAR.priceRatio)),
    Math.ceil(price * (1 + SIMILAR.priceRatio)),
    stone.shape,
    stone.carat * (1 - SIMILAR.caratRatio) - 1e-9,
    stone.carat * (1 + SIMILAR.caratRatio) + 1e-9,
    stone.color,
    stone.clarity,
    stone.cut === 4 ? 0 : stone.cut,
    stone.id,
  ];
}

/** Up to 5 similar available stones, the closest first. */
export async function similarStones(db: D1Database, original: Original): Promise<StoneRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${STONE_COLUMNS} FROM diamonds d WHERE ${SIMILAR_WHERE}
       ORDER BY ABS(d.price_cents - ?11) * 1.0 / ?11 + ABS(d.carat - ?12) / ?12
         + 0.05 * (ABS(d.color - ?7) + ABS(d.clarity - ?8) + ABS(${CUT_RANK("d.cut")} - ?9)), d.id
       LIMIT ${SIMILAR.max}`,
    )
    .bind(...similarBinds(original), Math.max(original.paidCents, 1), original.stone.carat)
    .all<StoneRow>();
  return results;
}

/** Stone `id` if it is a similar available stone for `original` now, else null. */
export async function similarStone(db: D1Database, original: Original, id: number): Promise<StoneRow | null> {
  return db
    .prepare(`SELECT ${STONE_COLUMNS} FROM diamonds d WHERE ${SIMILAR_WHERE} AND d.id = ?11`)
    .bind(...similarBinds(original), id)
    .first<StoneRow>();
}

/** The catalogue row of a stone. */
export function stoneById(db: D1Database, id: number): Promise<StoneRow | null> {
  return db.prepare(`SELECT ${STONE_COLUMNS} FROM diamonds d WHERE d.id = ?`).bind(id).first<StoneRow>();
}
