/**
 * POST orders/get-retailer-diamond-by-sku/{n} and POST orders/set-contact-customer/{n}/{flag} (issue 22 point
 * 4; docs/decisions/035): a retailer's stone by its stock number (order_items.sku, a stone's certificate
 * number), with whether it can still be sold; and the operator's "call the shopper" flag, recorded in
 * order_actions when it changes.
 */
import type { RetailerDiamond } from "#shared/orders/care.ts";
import { refused } from "#shared/refusal.ts";
import { findOrder } from "../store";
import { STONE_COLUMNS, type StoneRow, stoneFacts } from "./similar";

/**
 * Stone `sku` of retailer `retailerId` (a retailer's call), or of any retailer of the order's items (an
 * operator's: null). Available means not sold and held by no order being made but this one. 404 when the
 * order or the stone is unknown.
 */
export async function retailerDiamondBySku(db: D1Database, orderNumber: string, sku: string, retailerId: number | null): Promise<RetailerDiamond> {
  if (!(await findOrder(db, orderNumber))) refused("not_found", "No such order");
  const stone = await db
    .prepare(
      `SELECT ${STONE_COLUMNS},
         (SELECT json_object('lineId', i.line_id, 'availability', i.availability) FROM order_items i WHERE i.order_number = ?3 AND i.diamond_id = d.id) AS line,
         (d.is_sold = 0 AND NOT EXISTS (SELECT 1 FROM order_items hi JOIN orders ho ON ho.order_number = hi.order_number
            WHERE hi.diamond_id = d.id AND hi.order_number != ?3 AND ho.status NOT IN ('drafted', 'expired', 'cancelled', 'refunded'))
          AND NOT EXISTS (SELECT 1 FROM order_items x WHERE x.diamond_id = d.id AND x.availability IN ('unavailable', 'refunded'))
          AND NOT EXISTS (SELECT 1 FROM order_substitutions s WHERE s.old_diamond_id = d.id)) AS available
       FROM diamonds d
       WHERE d.certificate_id = ?1 AND (d.retailer_id = ?2 OR (?2 IS NULL AND d.retailer_id IN (SELECT retailer_id FROM order_items WHERE order_number = ?3)))
       ORDER BY d.id LIMIT 1`,
    )
    .bind(sku, retailerId, orderNumber)
    .first<StoneRow & { line: string | null; available: number }>();
  if (!stone) refused("not_found", `No stone with stock number ${sku}`);
  const { url: _url, imageUrl: _image, ...facts } = stoneFacts(stone);
  return { ...facts, sku: stone.certificate_id, available: stone.available === 1, inThisOrder: stone.line ? JSON.parse(stone.line) : null };
}

/** Sets the order's contact_customer flag; a change is recorded with who and when. 404 for an unknown order. */
export async function setContactCustomer(db: D1Database, orderNumber: string, flag: boolean, actor: string, now: number) {
  const [updated] = await db.batch([
    db
      .prepare("UPDATE orders SET contact_customer = ?, updated_at = ? WHERE order_number = ? AND contact_customer != ?")
      .bind(flag ? 1 : 0, now, orderNumber, flag ? 1 : 0),
    db
      .prepare("INSERT INTO order_actions (order_number, action, actor, detail, at) SELECT ?, 'contact-customer', ?, ?, ? WHERE changes() = 1")
      .bind(orderNumber, actor, JSON.stringify({ contactCustomer: flag }), now),
  ]);
  const row = await db.prepare("SELECT contact_customer FROM orders WHERE order_number = ?").bind(orderNumber).first<{ contact_customer: number }>();
  if (!row) refused("not_found", "No such order");
  return { orderNumber, contactCustomer: row.contact_customer === 1, changed: (updated?.meta.changes ?? 0) > 0 };
}
