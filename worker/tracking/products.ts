/**
 * What a conversion event is about, read from D1 (never from the browser): diamonds by id (origin, grading,
 * price, pair), settings, bands and jewellery by setting id (their item type), and a cart's or an order's
 * lines turned into TrackedItems at the prices the cart or order holds.
 */
import { CLARITIES, COLORS, CUTS, SHAPES } from "#shared/enums.ts";
import type { CartLine, CartView } from "#shared/cart/schemas.ts";
import type { ProductType, TrackedItem } from "#shared/tracking/event.ts";

export interface DiamondFacts {
  id: number;
  lab: boolean;
  pairId: number | null;
  item: TrackedItem;
}

const label = (list: readonly { code: number; label: string }[], code: number) => list.find((e) => e.code === code)?.label ?? null;

interface DiamondRow {
  id: number;
  is_lab_grown: number;
  carat: number;
  shape: number;
  color: number;
  clarity: number;
  cut: number;
  price_cents: number;
  paired_diamond_id: number | null;
}

/** The diamonds with these ids (unknown ids are left out), by id. */
export async function diamondFacts(db: D1Database, ids: readonly number[]): Promise<Map<number, DiamondFacts>> {
  const out = new Map<number, DiamondFacts>();
  if (!ids.length) return out;
  const { results } = await db
    .prepare(
      "SELECT id, is_lab_grown, carat, shape, color, clarity, cut, price_cents, paired_diamond_id FROM diamonds WHERE id IN (SELECT value FROM json_each(?))",
    )
    .bind(JSON.stringify(ids))
    .all<DiamondRow>();
  for (const r of results) {
    const lab = r.is_lab_grown === 1;
    out.set(r.id, {
      id: r.id,
      lab,
      pairId: r.paired_diamond_id,
      item: {
        id: String(r.id),
        type: lab ? "lab-diamond" : "natural-diamond",
        name: `${r.carat} Carat ${label(SHAPES, r.shape) ?? "Diamond"} ${lab ? "Lab-Grown" : "Natural"} Diamond`,
        priceCents: r.price_cents,
        quantity: 1,
        grade: label(CUTS, r.cut),
        color: label(COLORS, r.color),
        clarity: label(CLARITIES, r.clarity),
      },
    });
  }
  return out;
}

/** §9 product type of a setting row's item type (0 band, 1 ring, 2 pendant, 4 earrings, 5 preset engagement ring). */
export function settingProductType(itemType: number): ProductType {
  switch (itemType) {
    case 0:
      return "wedding-band";
    case 1:
      return "setting";
    case 2:
      return "pendant";
    case 4:
      return "earrings";
    case 5:
      return "preset-engagement-ring";
    default:
      return "other";
  }
}

export interface SettingFacts {
  id: number;
  name: string;
  type: ProductType;
  /** The lowest price of its variants (view_content's value). */
  priceCents: number | null;
}

/** The settings (rings, bands, jewellery) with these ids, by id. */
export async function settingFacts(db: D1Database, ids: readonly number[]): Promise<Map<number, SettingFacts>> {
  const out = new Map<number, SettingFacts>();
  if (!ids.length) return out;
  const { results } = await db
    .prepare(
      `SELECT s.id, s.name, s.item_type, (SELECT MIN(v.price_cents) FROM setting_variants v WHERE v.setting_id = s.id) AS price_cents
         FROM settings s WHERE s.id IN (SELECT value FROM json_each(?))`,
    )
    .bind(JSON.stringify(ids))
    .all<{ id: number; name: string; item_type: number; price_cents: number | null }>();
  for (const r of results) out.set(r.id, { id: r.id, name: r.name, type: settingProductType(r.item_type), priceCents: r.price_cents });
  return out;
}

export type LineKind = "setting" | "diamond" | "paired-diamond" | "wedding-band" | "pendant" | "stud" | "fine-jewelry";

/** Every product line of a cart with its kind. */
export function cartLines(cart: CartView): { line: CartLine; kind: LineKind }[] {
  const out: { line: CartLine; kind: LineKind }[] = [];
  for (const ring of cart.EngagementRings) {
    if (ring.setting) out.push({ line: ring.setting, kind: "setting" });
    if (ring.diamond) out.push({ line: ring.diamond, kind: "diamond" });
  }
  if (cart.PairedDiamond) out.push({ line: cart.PairedDiamond, kind: "paired-diamond" });
  for (const l of cart.WeddingBands) out.push({ line: l, kind: "wedding-band" });
  for (const l of cart.Pendants) out.push({ line: l, kind: "pendant" });
  for (const l of cart.Studs) out.push({ line: l, kind: "stud" });
  for (const l of cart.FineJewelry) out.push({ line: l, kind: "fine-jewelry" });
  return out;
}

/** The line kinds whose §9 product type needs no catalogue read. */
const KNOWN_TYPES: Partial<Record<string, ProductType>> = { "wedding-band": "wedding-band", pendant: "pendant", stud: "earrings" };

const isStone = (kind: string) => kind === "diamond" || kind === "paired-diamond";

/**
 * Lines (of a cart or an order: product id, kind, quantity, total in cents) as TrackedItems: a diamond's facts
 * and a setting's type come from D1, the price is what the line costs (its total over its quantity).
 */
export async function itemsOfLines(
  db: D1Database,
  lines: readonly { productId: number | null; kind: string; name: string; quantity: number; totalCents: number }[],
): Promise<{ items: TrackedItem[]; diamonds: DiamondFacts[] }> {
  const stones = lines.filter((l) => isStone(l.kind) && l.productId !== null).map((l) => l.productId!);
  // Bands, pendants and studs say what they are; settings and jewellery need their item type.
  const others = lines.filter((l) => !(l.kind in KNOWN_TYPES) && !isStone(l.kind) && l.productId !== null).map((l) => l.productId!);
  const [d, s] = await Promise.all([diamondFacts(db, stones), settingFacts(db, others)]);
  const items: TrackedItem[] = [];
  for (const l of lines) {
    const quantity = Math.max(1, l.quantity);
    const priceCents = Math.round(l.totalCents / quantity);
    if (isStone(l.kind)) {
      const facts = l.productId !== null ? d.get(l.productId) : undefined;
      if (facts) items.push({ ...facts.item, priceCents, quantity });
      else items.push({ id: String(l.productId ?? l.name), type: "other", name: l.name, priceCents, quantity });
      continue;
    }
    const facts = l.productId !== null ? s.get(l.productId) : undefined;
    const type: ProductType = KNOWN_TYPES[l.kind] ?? facts?.type ?? "other";
    items.push({ id: String(l.productId ?? l.name), type, name: l.name, priceCents, quantity });
  }
  return { items, diamonds: [...d.values()] };
}
