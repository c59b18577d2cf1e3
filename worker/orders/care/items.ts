/**
 * An order's items as availability and substitutes read them (order_items, migration 0024), and whose order it
 * is for the substitute calls: the emailed order key, or the shopper who placed it.
 */
import type { CareLine, LineAvailability } from "#shared/orders/care.ts";
import { refused } from "#shared/refusal.ts";
import { checkOrderKey, type OrderKeyBindings } from "../keys";
import { type OrderCaller, ownOrder } from "../lookup/own";
import { findOrder, type OrderRow } from "../store";

export interface ItemRow {
  order_number: string;
  line_id: string;
  name: string;
  quantity: number;
  total_cents: number;
  kind: string | null;
  diamond_id: number | null;
  setting_id: number | null;
  variant_id: number | null;
  retailer_id: number | null;
  sku: string | null;
  size: number | null;
  size_required: number;
  availability: LineAvailability;
  availability_at: number | null;
}

/** The cart's order of lines (order_items has no rowid): the ring's setting and stone, the pair, then each kind of item. */
const LINE_ORDER = `CASE WHEN line_id = 'setting' THEN 0 WHEN line_id = 'diamond' THEN 1 WHEN line_id = 'paired-diamond' THEN 2
  ELSE 3 + instr('wbpdstfj', substr(line_id, 1, 2)) END, length(line_id), line_id`;

/** The order's items, in the order the cart lists them. */
export async function itemsOf(db: D1Database, orderNumber: string): Promise<ItemRow[]> {
  const { results } = await db.prepare(`SELECT * FROM order_items WHERE order_number = ? ORDER BY ${LINE_ORDER}`).bind(orderNumber).all<ItemRow>();
  return results;
}

export const careLineOf = (i: ItemRow): CareLine => ({
  lineId: i.line_id,
  name: i.name,
  kind: i.kind,
  sku: i.sku,
  retailerId: i.retailer_id,
  total: i.total_cents,
  availability: i.availability,
  availabilityAt: i.availability_at,
});

/**
 * The order behind a substitute call: with `key`, the order whose emailed key it is (whoever holds the link);
 * without, the caller's own order. Anything else is the same 404.
 */
export async function careOrder(env: OrderKeyBindings & { DB: D1Database }, orderNumber: string, key: string | undefined, who: OrderCaller): Promise<OrderRow> {
  if (key === undefined) return ownOrder(env.DB, orderNumber, who);
  const order = await findOrder(env.DB, orderNumber);
  return order && (await checkOrderKey(env, orderNumber, key)) ? order : refused("not_found", "No such order");
}

/** Lines still counted in the order: a line refunded instead of replaced is no longer awaited. */
export const liveItems = (items: ItemRow[]) => items.filter((i) => i.availability !== "refunded");
