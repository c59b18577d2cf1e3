/**
 * What the cart needs from the catalogue (D1), read before a CartObject call so the object's own work
 * stays synchronous: products and their current prices, promotions. Every read is one D1 batch.
 */
import { CLARITIES, COLORS, CUTS, SHAPES, labelOf } from "#shared/enums.ts";
import type { CartIntent } from "#shared/cart/schemas.ts";
import {
  PRICE_SNAPSHOT_MAX_AGE_MS,
  productLines,
  type CartState,
  type DiamondPart,
  type Placement,
  type Product,
  type PromoCategory,
  type VariantPart,
} from "#shared/cart/model.ts";
import { diamondKey, variantKey, type CartChange } from "#shared/cart/rules.ts";
import { diamondPath } from "#shared/slug.ts";
import { pageOf } from "#shared/settings/search.ts";
import type { DiamondRow, SettingRow, SettingVariantRow } from "#shared/catalogue/rows.ts";
import type { CartLinkItems } from "#shared/cart/link.ts";
import { refused } from "#shared/refusal.ts";
import { TimedCache } from "../lib/timed-cache";
import { type PromoCustomer, promoRefusal } from "../promotions/eligibility";
import { findPromotion } from "../promotions/store";

/** The diamond columns the cart reads (DIAMOND_SQL). */
type DiamondFacts = Pick<
  DiamondRow,
  | "id"
  | "shape"
  | "carat"
  | "color"
  | "clarity"
  | "cut"
  | "is_lab_grown"
  | "price_cents"
  | "price_before_discount_cents"
  | "image_url"
  | "is_sold"
  | "paired_diamond_id"
>;

/** A setting variant with its setting's type and matching band (VARIANT_SQL). */
type VariantFacts = Pick<SettingVariantRow, "id" | "setting_id" | "metal" | "name" | "price_cents" | "price_before_discount_cents" | "image_url" | "is_sold"> &
  Pick<SettingRow, "item_type" | "item_type_name" | "matching_band_id">;

const DIAMOND_SQL =
  "SELECT id, shape, carat, color, clarity, cut, is_lab_grown, price_cents, price_before_discount_cents, image_url, is_sold, paired_diamond_id FROM diamonds WHERE id IN";
const VARIANT_SQL = `SELECT v.id, v.setting_id, v.metal, v.name, v.price_cents, v.price_before_discount_cents, v.image_url, v.is_sold,
  s.item_type, s.item_type_name, s.matching_band_id FROM setting_variants v JOIN settings s ON s.id = v.setting_id WHERE v.id IN`;

const marks = (n: number) => `(${Array.from({ length: n }, () => "?").join(", ")})`;

function diamondProduct(d: DiamondFacts): Product {
  const lab = d.is_lab_grown === 1;
  return {
    name: `${d.carat.toFixed(2)} ct ${labelOf(COLORS, d.color)} ${labelOf(CLARITIES, d.clarity)} ${labelOf(CUTS, d.cut)} ${labelOf(SHAPES, d.shape)} ${lab ? "Lab-Grown " : ""}Diamond`,
    imageUrl: d.image_url,
    url: diamondPath({ id: d.id, carat: d.carat, color: d.color, clarity: d.clarity, cut: d.cut, shape: d.shape, isLabGrown: lab }),
    priceCents: d.price_cents,
    listPriceCents: d.price_before_discount_cents,
    category: lab ? "lab-diamonds" : "natural-diamonds",
    status: d.is_sold ? "sold" : "available",
  };
}

/** Where an item of this type goes in the cart, its promotion category and its page. */
export function placementOf(itemType: number, itemTypeName: string): { placement: Placement; category: PromoCategory; page: string } {
  const page = pageOf(itemType, itemTypeName);
  if (page === "setting" || page === "engagement-ring") return { placement: "ring-setting", category: "settings", page };
  if (page === "wedding-ring") return { placement: "wedding-band", category: "wedding-bands", page };
  return { placement: itemTypeName === "Pendant" ? "pendant" : itemTypeName === "Stud" ? "stud" : "fine-jewelry", category: "jewelry", page };
}

function variantPart(v: VariantFacts): { part: VariantPart; placement: Placement } {
  const { placement, category, page } = placementOf(v.item_type, v.item_type_name);
  return {
    placement,
    part: {
      settingId: v.setting_id,
      variantId: v.id,
      metal: v.metal,
      matchingBandId: v.matching_band_id,
      product: {
        name: v.name,
        imageUrl: v.image_url,
        url: `/${page}/${v.setting_id}/${v.metal}`,
        priceCents: v.price_cents,
        listPriceCents: v.price_before_discount_cents,
        category,
        status: v.is_sold ? "sold" : "available",
      },
    },
  };
}

/**
 * Catalogue facts read in the last PRICE_SNAPSHOT_MAX_AGE_MS (30 s), per isolate: an add or a link
 * restore takes them from here instead of a D1 round trip (decision 008: a cart's prices are never more
 * than 30 s old anyway). Refreshes and price locks read D1 afresh and update them. Unknown ids are not kept.
 */
export const productCache = new TimedCache<DiamondFacts | VariantFacts>({ ttlMs: PRICE_SNAPSHOT_MAX_AGE_MS, maxEntries: 10_000 });
const diamondCacheKey = (id: number) => `d${id}`;
const variantCacheKey = (id: number) => `v${id}`;

/**
 * Reads diamonds and setting variants by id in one batch: `fresh` from D1, else from productCache where
 * it has them (and D1 for the rest).
 */
export async function readProducts(
  db: D1Database,
  diamondIds: readonly number[],
  variantIds: readonly number[],
  { fresh = false }: { fresh?: boolean } = {},
): Promise<{ diamonds: Map<number, DiamondFacts>; variants: Map<number, VariantFacts> }> {
  const diamonds = new Map<number, DiamondFacts>();
  const variants = new Map<number, VariantFacts>();
  const dIds: number[] = [];
  const vIds: number[] = [];
  for (const id of new Set(diamondIds)) {
    const hit = fresh ? undefined : (productCache.peek(diamondCacheKey(id)) as DiamondFacts | undefined);
    if (hit) diamonds.set(id, hit);
    else dIds.push(id);
  }
  for (const id of new Set(variantIds)) {
    const hit = fresh ? undefined : (productCache.peek(variantCacheKey(id)) as VariantFacts | undefined);
    if (hit) variants.set(id, hit);
    else vIds.push(id);
  }
  const statements: D1PreparedStatement[] = [];
  if (dIds.length) statements.push(db.prepare(`${DIAMOND_SQL} ${marks(dIds.length)}`).bind(...dIds));
  if (vIds.length) statements.push(db.prepare(`${VARIANT_SQL} ${marks(vIds.length)}`).bind(...vIds));
  const results = statements.length ? await db.batch(statements) : [];
  let i = 0;
  if (dIds.length)
    for (const r of results[i++]!.results as DiamondFacts[]) {
      diamonds.set(r.id, r);
      productCache.set(diamondCacheKey(r.id), r);
    }
  if (vIds.length)
    for (const r of results[i++]!.results as VariantFacts[]) {
      variants.set(r.id, r);
      productCache.set(variantCacheKey(r.id), r);
    }
  return { diamonds, variants };
}

/** A product the catalogue no longer has: kept in the cart with what it last said, flagged missing. */
const missing = (p: Product): Product => ({ ...p, status: "missing" });

/** The ids of every product a cart holds. */
function cartProductIds(s: CartState): { diamondIds: number[]; variantIds: number[] } {
  const diamondIds: number[] = [];
  const variantIds: number[] = [];
  if (s.ring?.diamond) diamondIds.push(s.ring.diamond.diamondId);
  if (s.pairedDiamond) diamondIds.push(s.pairedDiamond.diamondId);
  if (s.ring?.setting) variantIds.push(s.ring.setting.variantId);
  for (const l of [...s.weddingBands, ...s.pendants, ...s.studs, ...s.fineJewelry]) variantIds.push(l.variantId);
  return { diamondIds, variantIds };
}

/** The change that brings every product of a cart up to the catalogue's current facts (price, sold). */
export async function refreshChange(db: D1Database, s: CartState, now: number): Promise<CartChange> {
  const { diamondIds, variantIds } = cartProductIds(s);
  const { diamonds, variants } = await readProducts(db, diamondIds, variantIds, { fresh: true });
  const products: Record<string, Product> = {};
  const lines = new Map(productLines(s).map((l) => [l.lineId, l.product]));
  for (const id of diamondIds) {
    const d = diamonds.get(id);
    const stored = s.ring?.diamond?.diamondId === id ? lines.get("diamond") : lines.get("paired-diamond");
    products[diamondKey(id)] = d ? diamondProduct(d) : missing(stored!);
  }
  const storedVariant = (id: number) =>
    s.ring?.setting?.variantId === id
      ? s.ring.setting.product
      : [...s.weddingBands, ...s.pendants, ...s.studs, ...s.fineJewelry].find((l) => l.variantId === id)!.product;
  for (const id of variantIds) {
    const v = variants.get(id);
    products[variantKey(id)] = v ? variantPart(v).part.product : missing(storedVariant(id));
  }
  return { type: "refresh", products, at: now };
}

/** Whether a cart's catalogue facts are older than `maxAgeMs`. */
export function isStale(s: CartState, now: number, maxAgeMs: number): boolean {
  return productLines(s).length > 0 && now - s.pricedAt > maxAgeMs;
}

async function oneDiamond(db: D1Database, id: number, pairId: number | null): Promise<{ diamond: DiamondPart; pair: DiamondPart | null }> {
  const { diamonds } = await readProducts(db, pairId ? [id, pairId] : [id], []);
  const d = diamonds.get(id);
  if (!d) refused("not_found", `No diamond ${id}`);
  if (d.is_sold) refused("conflict", `Diamond ${id} has been sold`);
  let pair: DiamondPart | null = null;
  if (pairId !== null) {
    const p = diamonds.get(pairId);
    if (!p) refused("not_found", `No diamond ${pairId}`);
    if (d.paired_diamond_id !== pairId)
      refused("bad_request", `Diamond ${pairId} is not the pair of diamond ${id}`, [{ path: "pairId", message: "not this diamond's pair" }]);
    if (p.is_sold) refused("conflict", `Diamond ${pairId} has been sold`);
    pair = { diamondId: pairId, product: diamondProduct(p) };
  }
  return { diamond: { diamondId: id, product: diamondProduct(d) }, pair };
}

async function oneVariant(db: D1Database, variantId: number): Promise<{ part: VariantPart; placement: Placement }> {
  const { variants } = await readProducts(db, [], [variantId]);
  const v = variants.get(variantId);
  if (!v) refused("not_found", `No item variant ${variantId}`);
  if (v.is_sold) refused("conflict", `${v.name} is sold out`);
  return variantPart(v);
}

/** What the catalogue says about a diamond or variant, for the promotion lookups. */
export async function productFacts(db: D1Database, kind: "diamond" | "setting" | "jewellery", id: number): Promise<Product | null> {
  if (kind === "diamond") {
    const d = (await readProducts(db, [id], [])).diamonds.get(id);
    return d ? diamondProduct(d) : null;
  }
  // A setting or jewellery id: its cheapest available variant stands for it.
  const row = await db
    .prepare(
      `SELECT v.id FROM setting_variants v JOIN settings s ON s.id = v.setting_id WHERE s.id = ? AND ${kind === "setting" ? "s.item_type IN (1, 5)" : "s.item_type NOT IN (1, 5)"} ORDER BY v.is_sold, v.price_cents LIMIT 1`,
    )
    .bind(id)
    .first<{ id: number }>();
  if (!row) return null;
  return variantPart((await readProducts(db, [], [row.id])).variants.get(row.id)!).part.product;
}

/**
 * The changes an intent makes, with the catalogue facts it names looked up: 404 for an unknown item, 409
 * for one sold, 400 for one that does not fit. A promo code is checked against its dates and its rules for
 * `customer` (worker/promotions/eligibility.ts: first order only, once per customer).
 */
export async function resolveIntent(
  db: D1Database,
  intent: Exclude<CartIntent, { type: "restore" }>,
  now: number,
  customer: PromoCustomer = { userGuid: null, emails: [] },
): Promise<CartChange[]> {
  switch (intent.type) {
    case "add-diamond": {
      const { diamond, pair } = await oneDiamond(db, intent.diamondId, intent.pairId ?? null);
      return [{ type: "add-diamond", diamond, pair }];
    }
    case "add-item": {
      const { part, placement } = await oneVariant(db, intent.variantId);
      return [{ type: "add-item", placement, item: part, size: intent.size ?? null, quantity: intent.quantity }];
    }
    case "update": {
      const item = intent.variantId === undefined ? undefined : (await oneVariant(db, intent.variantId)).part;
      return [{ type: "update", lineId: intent.lineId, quantity: intent.quantity, size: intent.size, item }];
    }
    case "apply-promo": {
      const promo = await findPromotion(db, intent.code);
      if (!promo) return [{ type: "apply-promo", code: intent.code, promo: null, rejection: `Promo code ${intent.code} is not valid` }];
      if (now >= promo.endsAt) return [{ type: "apply-promo", code: intent.code, promo: null, rejection: `Promo code ${intent.code} has expired` }];
      if (now < promo.startsAt) return [{ type: "apply-promo", code: intent.code, promo: null, rejection: `Promo code ${intent.code} is not active yet` }];
      const refusal = await promoRefusal(db, promo.code, customer);
      if (refusal) return [{ type: "apply-promo", code: intent.code, promo: null, rejection: refusal }];
      return [{ type: "apply-promo", code: intent.code, promo, rejection: null }];
    }
    default:
      return [intent];
  }
}

/**
 * The change that rebuilds a cart from a link's items (§2 shareable link). Unknown or sold items are
 * skipped (and counted); a setting variant that is not a ring setting, or a band listed as jewellery, is
 * placed by its own item type.
 */
export async function restoreChange(db: D1Database, items: CartLinkItems): Promise<{ change: CartChange; skipped: number }> {
  const diamondIds = [items.diamondId, items.pairId].filter((x): x is number => x !== null);
  const variantIds = [...(items.variantId !== null ? [items.variantId] : []), ...items.bands, ...items.jewelry];
  const { diamonds, variants } = await readProducts(db, diamondIds, variantIds);
  let skipped = 0;
  const diamond = (id: number | null): DiamondPart | null => {
    if (id === null) return null;
    const d = diamonds.get(id);
    if (!d || d.is_sold) {
      skipped++;
      return null;
    }
    return { diamondId: id, product: diamondProduct(d) };
  };
  const variant = (id: number) => {
    const v = variants.get(id);
    if (!v || v.is_sold) {
      skipped++;
      return null;
    }
    return variantPart(v);
  };
  const centre = diamond(items.diamondId);
  let pair = diamond(items.pairId);
  if (pair && (!centre || diamonds.get(centre.diamondId)!.paired_diamond_id !== pair.diamondId)) {
    skipped++;
    pair = null;
  }
  let setting: VariantPart | null = null;
  const rest: { placement: Exclude<Placement, "ring-setting">; item: VariantPart }[] = [];
  if (items.variantId !== null) {
    const v = variant(items.variantId);
    if (v && v.part.settingId === items.settingId && v.placement === "ring-setting") setting = v.part;
    else if (v) skipped++;
  }
  for (const id of [...items.bands, ...items.jewelry]) {
    const v = variant(id);
    if (v && v.placement !== "ring-setting") rest.push({ placement: v.placement, item: v.part });
    else if (v) skipped++;
  }
  return { change: { type: "restore", ring: setting || centre ? { setting, diamond: centre, ringSize: null } : null, pair, items: rest }, skipped };
}
