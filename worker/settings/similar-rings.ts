/**
 * Similar engagement rings (`POST /api/similar-searches`, the diamond page's "Rings for this diamond"): ring
 * settings (item types 1 and 5) for a setting or a diamond shape, each shown in one available variant —
 * the asked metal where the ring has it, else its cheapest. One D1 round trip.
 */
import { STYLE_BITS } from "#shared/enums.ts";
import type { RingSummary, SimilarRingsRequest } from "#shared/rings.ts";
import type { SettingRow, SettingVariantRow } from "#shared/catalogue/rows.ts";
import { placementOf } from "../cart/products";

type RingRow = Pick<SettingRow, "item_type" | "item_type_name"> &
  Pick<SettingVariantRow, "setting_id" | "metal" | "name" | "price_cents" | "price_before_discount_cents" | "image_url"> & { variant_id: number };

/** How many style bits a candidate shares with the asked setting (STYLE_BITS are the only bits rings use). */
const SHARED_STYLE_BITS = STYLE_BITS.map((b) => `((s.style & t.style & ${b.code}) <> 0)`).join(" + ");

/**
 * The variant shown for a ring: available, the asked metal (?3) first, then the cheapest. Correlated per
 * candidate and served by the (setting_id, metal) unique index.
 */
const VARIANT_OF_RING = `(SELECT x.id FROM setting_variants x WHERE x.setting_id = s.id AND x.is_sold = 0
  ORDER BY (x.metal = ?3) DESC, x.price_cents, x.id LIMIT 1)`;

const COLUMNS = `s.item_type, s.item_type_name, v.setting_id, v.id AS variant_id, v.metal, v.name, v.price_cents, v.price_before_discount_cents, v.image_url`;

/**
 * With a setting (?1): the other rings sharing a style bit or a diamond shape with it, most shared style bits
 * first. With a shape (?2, as its bit in shapes_mask): only rings taking that shape. Then sorting_order, id.
 */
function ringsSql(bySetting: boolean, byShape: boolean): string {
  const where = ["s.item_type IN (1, 5)"];
  if (bySetting) where.push("s.id <> ?1", "((s.style & t.style) <> 0 OR (s.shapes_mask & t.shapes_mask) <> 0)");
  if (byShape) where.push("(s.shapes_mask & ?2) <> 0");
  return `${bySetting ? "WITH t AS (SELECT style, shapes_mask FROM settings WHERE id = ?1 AND item_type IN (1, 5)) " : ""}SELECT ${COLUMNS}
  FROM settings s${bySetting ? " CROSS JOIN t" : ""} JOIN setting_variants v ON v.id = ${VARIANT_OF_RING}
  WHERE ${where.join(" AND ")}
  ORDER BY ${bySetting ? `${SHARED_STYLE_BITS} DESC, ` : ""}s.sorting_order, s.id
  LIMIT ?4`;
}

const SQL = {
  setting: ringsSql(true, false),
  settingAndShape: ringsSql(true, true),
  shape: ringsSql(false, true),
};

const RING_SETTING_EXISTS = "SELECT 1 AS ok FROM settings WHERE id = ? AND item_type IN (1, 5)";

function ringSummary(r: RingRow): RingSummary {
  const { page } = placementOf(r.item_type, r.item_type_name);
  return {
    settingId: r.setting_id,
    variantId: r.variant_id,
    name: r.name,
    metal: r.metal,
    price: r.price_cents,
    priceBeforeDiscount: r.price_before_discount_cents,
    imageUrl: r.image_url,
    url: `/${page}/${r.setting_id}/${r.metal}`,
  };
}

/**
 * Up to `pageSize` engagement rings like a setting and/or for a diamond shape (the request is validated:
 * itemId or shape is set). Null when `itemId` is not an engagement ring setting.
 */
export async function similarRings(db: D1Database, req: SimilarRingsRequest): Promise<RingSummary[] | null> {
  const bySetting = req.itemId !== undefined;
  const byShape = req.shape !== undefined;
  const sql = bySetting ? (byShape ? SQL.settingAndShape : SQL.setting) : SQL.shape;
  // Numbered parameters: ?1 setting, ?2 shape bit, ?3 metal, ?4 page size (an unused one is simply bound).
  const rings = db.prepare(sql).bind(req.itemId ?? null, byShape ? 1 << (req.shape! - 1) : null, req.metal ?? null, req.pageSize);
  if (!bySetting) return (await rings.all<RingRow>()).results.map(ringSummary);
  const [exists, found] = await db.batch([db.prepare(RING_SETTING_EXISTS).bind(req.itemId!), rings]);
  if (exists!.results.length === 0) return null;
  return (found!.results as RingRow[]).map(ringSummary);
}
