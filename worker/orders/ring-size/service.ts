/**
 * Missing ring sizes (issue 22 point 4; §7 orders/missing-ring-size/{n}, orders/add-missing-ring-size/{n}): a
 * ring or wedding band ordered with "I don't know my size yet" is stored with size NULL and size_required 1
 * (worker/cart/orders.ts); these read which lines still miss a size and take the sizes the shopper gives.
 * docs/decisions/036-missing-ring-size-and-expiry.md
 */
import { RING_SIZE_MAX, RING_SIZE_MIN, RING_SIZE_STEP } from "#shared/cart/model.ts";
import type { AddMissingRingSizeRequest, AddMissingRingSizeResult, MissingRingSizeLine, MissingRingSizes } from "#shared/orders/ring-size.ts";
import { type OrderStatus, statusLabel } from "#shared/orders/states.ts";
import { refused } from "#shared/refusal.ts";
import { checkOrderKey, type OrderKeyBindings } from "../keys";
import { isOwnOrder, type OrderCaller } from "../lookup/own";
import { findOrder, type OrderRow } from "../store";

export type RingSizeBindings = { DB: D1Database } & OrderKeyBindings;

/** Statuses in which a size can still be given: the order is alive and the ring has not left. */
export const SIZE_OPEN_STATUSES: readonly OrderStatus[] = [
  "awaiting_payment",
  "payment_failed",
  "financing_referred",
  "paid",
  "availability_confirmed",
  "item_unavailable",
];

const NOT_FOUND = "No such order, or the link or key is not right";

/**
 * The order, when the caller may see its sizes: the holder of its key (the emailed link), or — without a key —
 * its own shopper. Anyone else, a wrong key, an unknown order or a draft: the same not_found.
 */
export async function sizeOrder(env: RingSizeBindings, orderNumber: string, key: string | undefined, who: OrderCaller | null): Promise<OrderRow> {
  const order = await findOrder(env.DB, orderNumber);
  if (!order || order.status === "drafted") refused("not_found", NOT_FOUND);
  if (key !== undefined) {
    if (!(await checkOrderKey(env, orderNumber, key))) refused("not_found", NOT_FOUND);
  } else if (!who || !isOwnOrder(order, who)) refused("not_found", NOT_FOUND);
  return order;
}

/** The lines of an order that need a size and have none, the ring first. */
export async function missingLines(db: D1Database, orderNumber: string): Promise<MissingRingSizeLine[]> {
  const { results } = await db
    .prepare(
      `SELECT line_id, name, kind, quantity FROM order_items WHERE order_number = ? AND size_required = 1 AND size IS NULL
       ORDER BY CASE kind WHEN 'setting' THEN 0 ELSE 1 END, line_id`,
    )
    .bind(orderNumber)
    .all<{ line_id: string; name: string; kind: string | null; quantity: number }>();
  return results.map((r) => ({ lineId: r.line_id, name: r.name, kind: r.kind === "wedding-band" ? "wedding-band" : "setting", quantity: r.quantity }));
}

/** The order's missing sizes as the API answers them. */
export async function missingView(db: D1Database, order: Pick<OrderRow, "order_number" | "status">): Promise<MissingRingSizes> {
  return {
    orderNumber: order.order_number,
    status: order.status,
    open: SIZE_OPEN_STATUSES.includes(order.status),
    lines: await missingLines(db, order.order_number),
    sizes: { min: RING_SIZE_MIN, max: RING_SIZE_MAX, step: RING_SIZE_STEP },
  };
}

/**
 * Stores the sizes of `request.items` for order `orderNumber` (the key must be the order's), all or nothing:
 * an unknown line is not_found, a line that takes no size bad_request, a line that already has its size —
 * or gets one from a concurrent call — conflict, and nothing is saved. The change is recorded in
 * order_actions (actor `shopper`).
 */
export async function addMissingSizes(
  env: RingSizeBindings,
  orderNumber: string,
  request: AddMissingRingSizeRequest,
  now: number,
): Promise<AddMissingRingSizeResult> {
  if (request.orderNumber !== orderNumber)
    refused("bad_request", "The order number does not match the address", [{ path: "orderNumber", message: "must be the order number of the path" }]);
  const order = await sizeOrder(env, orderNumber, request.key, null);
  if (!SIZE_OPEN_STATUSES.includes(order.status)) refused("conflict", `This order is ${statusLabel(order.status)}: its sizes can no longer change.`);
  const { results: lines } = await env.DB.prepare("SELECT line_id, name, size, size_required FROM order_items WHERE order_number = ?")
    .bind(orderNumber)
    .all<{ line_id: string; name: string; size: number | null; size_required: number }>();
  const byId = new Map(lines.map((l) => [l.line_id, l]));
  for (const [i, item] of request.items.entries()) {
    const line = byId.get(item.lineId);
    if (!line) refused("not_found", `The order has no line ${item.lineId}`, [{ path: `items.${i}.lineId`, message: "no such line in the order" }]);
    if (!line.size_required) refused("bad_request", `${line.name} takes no size`, [{ path: `items.${i}.lineId`, message: "this line takes no size" }]);
    if (line.size !== null) refused("conflict", `${line.name} already has its size (${line.size})`, [{ path: `items.${i}.lineId`, message: "already sized" }]);
  }
  const items = JSON.stringify(request.items.map((i) => ({ lineId: i.lineId, size: i.size })));
  const open = JSON.stringify(SIZE_OPEN_STATUSES);
  try {
    await env.DB.batch([
      env.DB.prepare(
        `UPDATE order_items SET size = (SELECT json_extract(j.value, '$.size') FROM json_each(?1) j WHERE json_extract(j.value, '$.lineId') = order_items.line_id)
         WHERE order_number = ?2 AND size_required = 1 AND size IS NULL
           AND line_id IN (SELECT json_extract(value, '$.lineId') FROM json_each(?1))
           AND EXISTS (SELECT 1 FROM orders WHERE order_number = ?2 AND status IN (SELECT value FROM json_each(?3)))`,
      ).bind(items, orderNumber, open),
      // Every line given must have changed just now: otherwise `action` is NULL, its NOT NULL constraint fails
      // and the batch — the sizes included — rolls back (a concurrent call sized a line first).
      env.DB.prepare(
        "INSERT INTO order_actions (order_number, action, actor, detail, at) VALUES (?, CASE WHEN changes() = ? THEN 'add-missing-ring-size' END, 'shopper', ?, ?)",
      ).bind(orderNumber, request.items.length, JSON.stringify({ items: request.items }), now),
    ]);
  } catch (e) {
    if (!String(e).includes("NOT NULL constraint failed: order_actions.action")) throw e;
    refused("conflict", "A size was given for this order meanwhile, or it can no longer change; reload to see it.");
  }
  const after = (await findOrder(env.DB, orderNumber))!;
  return { saved: request.items.map((i) => ({ lineId: i.lineId, size: i.size })), missing: await missingView(env.DB, after) };
}
