/**
 * What a conversion event is about, read from D1 (never from the browser): diamonds by id (origin, grading, pair),
 * settings, bands and jewellery by setting id (item type name, cheapest variant), and a cart's or an order's lines
 * as TrackedItems (shared/tracking/items.ts: productTypeOf, the content ids) at the prices the cart or order holds.
 */
import { CLARITIES, COLORS, CUTS, SHAPES } from "#shared/enums.ts";
import type { CartLine, CartView } from "#shared/cart/schemas.ts";
import type { LineKind, TrackedItem } from "#shared/tracking/event.ts";
import { diamondContentId, productTypeOf, trackedItemOfOrderLine, variantContentId } from "#shared/tracking/items.ts";
import type { ItemRow } from "../orders/care/items";

export interface DiamondFacts {
  id: number;
  lab: boolean;
  pairId: number | null;
  name: string;
  priceCents: number;
  grading: Pick<TrackedItem, "grade" | "color" | "clarity">;
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
      name: `${r.carat} Carat ${label(SHAPES, r.shape) ?? "Diamond"} ${lab ? "Lab-Grown" : "Natural"} Diamond`,
      priceCents: r.price_cents,
      grading: { grade: label(CUTS, r.cut), color: label(COLORS, r.color), clarity: label(CLARITIES, r.clarity) },
    });
  }
  return out;
}

/** A diamond as the item of an event (a line of `kind`, at `priceCents`). */
export function diamondItem(d: DiamondFacts, kind: "diamond" | "paired-diamond" = "diamond", priceCents = d.priceCents, quantity = 1): TrackedItem {
  return { id: diamondContentId(d.id), type: productTypeOf({ kind, lab: d.lab }), name: d.name, priceCents, quantity, kind, ...d.grading };
}

export interface SettingFacts {
  id: number;
  name: string;
  itemTypeName: string;
  /** Its cheapest variant (view_content's item), null when it has none. */
  variantId: number | null;
  priceCents: number | null;
}

/** The settings (rings, bands, jewellery) with these ids, by id. */
export async function settingFacts(db: D1Database, ids: readonly number[]): Promise<Map<number, SettingFacts>> {
  const out = new Map<number, SettingFacts>();
  if (!ids.length) return out;
  const { results } = await db
    .prepare(
      `SELECT s.id, s.name, s.item_type_name, v.id AS variant_id, v.price_cents
         FROM settings s LEFT JOIN setting_variants v ON v.id = (SELECT id FROM setting_variants WHERE setting_id = s.id ORDER BY price_cents, id LIMIT 1)
        WHERE s.id IN (SELECT value FROM json_each(?))`,
    )
    .bind(JSON.stringify(ids))
    .all<{ id: number; name: string; item_type_name: string; variant_id: number | null; price_cents: number | null }>();
  for (const r of results) out.set(r.id, { id: r.id, name: r.name, itemTypeName: r.item_type_name, variantId: r.variant_id, priceCents: r.price_cents });
  return out;
}

/** The line kind of a setting viewed on its own page (its item type name). */
const PAGE_KIND: Readonly<Record<string, LineKind>> = {
  WeddingBands: "wedding-band",
  Pendant: "pendant",
  Stud: "stud",
  Setting: "setting",
  PresetEngagementRing: "setting",
};

/** A setting viewed on its page: its cheapest variant. */
export function settingItem(s: SettingFacts): TrackedItem {
  const kind = PAGE_KIND[s.itemTypeName] ?? "fine-jewelry";
  return {
    id: s.variantId !== null ? variantContentId(s.id, s.variantId) : `setting-${s.id}`,
    type: productTypeOf({ kind, itemTypeName: s.itemTypeName, name: s.name }),
    name: s.name,
    priceCents: s.priceCents ?? 0,
    quantity: 1,
    kind,
  };
}

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

const isStone = (kind: string) => kind === "diamond" || kind === "paired-diamond";
/** The line kinds whose §9 product type needs no catalogue read. */
const KNOWN = new Set<string>(["wedding-band", "pendant", "stud"]);

/**
 * Cart lines as TrackedItems: a diamond's origin and grading and a setting's item type name come from D1 (bands,
 * pendants and studs need no read); the price is what the line costs (its total over its quantity, when whole).
 */
export async function itemsOfCartLines(db: D1Database, lines: readonly { line: CartLine; kind: LineKind }[]): Promise<TrackedItem[]> {
  const stones = lines.filter((l) => isStone(l.kind)).map((l) => l.line.productId);
  const others = lines.filter((l) => !isStone(l.kind) && !KNOWN.has(l.kind)).map((l) => l.line.productId);
  const [d, s] = await Promise.all([diamondFacts(db, stones), settingFacts(db, others)]);
  return lines.map(({ line, kind }) => {
    const facts = isStone(kind) ? d.get(line.productId) : undefined;
    return trackedItemOfOrderLine({
      line_id: line.lineId,
      name: line.name,
      quantity: line.quantity,
      total_cents: line.total,
      kind,
      diamond_id: isStone(kind) ? line.productId : null,
      setting_id: isStone(kind) ? null : line.productId,
      variant_id: line.variantId,
      lab: facts?.lab ?? null,
      itemTypeName: isStone(kind) ? null : (s.get(line.productId)?.itemTypeName ?? null),
      ...facts?.grading,
    });
  });
}

/** What the purchase reads of an order's lines. */
type OrderItemRow = Pick<ItemRow, "line_id" | "name" | "quantity" | "total_cents" | "kind" | "diamond_id" | "setting_id" | "variant_id">;

/** An order's lines (order_items) as TrackedItems, with the catalogue's origin, item type and grading. */
export async function itemsOfOrder(db: D1Database, orderNumber: string): Promise<TrackedItem[]> {
  const { results } = await db
    .prepare("SELECT line_id, name, quantity, total_cents, kind, diamond_id, setting_id, variant_id FROM order_items WHERE order_number = ? ORDER BY line_id")
    .bind(orderNumber)
    .all<OrderItemRow>();
  const [d, s] = await Promise.all([
    diamondFacts(
      db,
      results.flatMap((r) => (r.diamond_id !== null ? [r.diamond_id] : [])),
    ),
    settingFacts(
      db,
      results.flatMap((r) => (r.setting_id !== null ? [r.setting_id] : [])),
    ),
  ]);
  return results.map((r) => {
    const facts = r.diamond_id !== null ? d.get(r.diamond_id) : undefined;
    return trackedItemOfOrderLine({
      ...r,
      lab: facts?.lab ?? null,
      itemTypeName: r.setting_id !== null ? (s.get(r.setting_id)?.itemTypeName ?? null) : null,
      ...facts?.grading,
    });
  });
}
