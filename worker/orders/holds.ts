/**
 * Inventory holds (docs/decisions/058-inventory-holds.md; migrations/0041_inventory_holds.sql): an order
 * waiting for its payment holds each stone in it, a paid order has sold it, an expired or cancelled one lets it
 * go. The statements here join the batch of the order's transition (store.ts applyEvent), so a hold exists
 * exactly when the transition does. A stone held or sold by another order cannot be added to a cart, drafted
 * or placed: the refusal says so and names similar stones that are free.
 */
import type { OrderStatus } from "#shared/orders/states.ts";
import { DomainError, refuse, type FieldProblem } from "#shared/refusal.ts";
import { diamondPath } from "#shared/slug.ts";
import type { SearchIndexObject } from "../search/search-object";

/** The refusal's message (the shopper reads it beside the similar stones). */
export const HELD_MESSAGE = "This diamond was just reserved by another shopper";

/** A stone's availability as the catalogue answers show it (DiamondSummary.availability). */
export type HoldState = "held" | "sold";

/** What the refusal needs: D1, and the search index for similar stones (without it the refusal names none). */
export interface HoldBindings {
  DB: D1Database;
  SEARCH?: DurableObjectNamespace<SearchIndexObject>;
}

/**
 * Holds the order's stones (every order_items row with a diamond). A stone this order holds already is left
 * as it is; one held or sold by another order makes the INSERT fail on the primary key, and with it the whole
 * batch — the order's transition included.
 */
export function holdStatements(db: D1Database, orderNumber: string, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO inventory_holds (item_kind, item_id, order_number, state, at)
         SELECT DISTINCT 'diamond', oi.diamond_id, ?1, 'held', ?2 FROM order_items oi
         WHERE oi.order_number = ?1 AND oi.diamond_id IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM inventory_holds h WHERE h.item_kind = 'diamond' AND h.item_id = oi.diamond_id AND h.order_number = ?1)`,
      )
      .bind(orderNumber, now),
  ];
}

/**
 * The order's stones are sold: its holds become sales (a stone it did not hold — paid after it expired — is
 * sold to it when nobody else holds it; one another order holds meanwhile stays that order's, and the retailers'
 * availability check finds the paid order's line unavailable).
 */
export function sellStatements(db: D1Database, orderNumber: string, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO inventory_holds (item_kind, item_id, order_number, state, at)
         SELECT DISTINCT 'diamond', oi.diamond_id, ?1, 'sold', ?2 FROM order_items oi WHERE oi.order_number = ?1 AND oi.diamond_id IS NOT NULL
         ON CONFLICT (item_kind, item_id) DO UPDATE SET state = 'sold', at = excluded.at WHERE inventory_holds.order_number = excluded.order_number`,
      )
      .bind(orderNumber, now),
  ];
}

/** The order's held stones are free again (its sold ones stay sold). */
export function releaseStatements(db: D1Database, orderNumber: string): D1PreparedStatement[] {
  return [db.prepare("DELETE FROM inventory_holds WHERE order_number = ? AND state = 'held'").bind(orderNumber)];
}

/**
 * What a transition into `to` does to the order's holds, written in its batch: waiting for a payment holds,
 * paid sells, expired or cancelled releases. Other statuses leave the holds as they are (a failed payment keeps
 * the stones held until the order expires; a refund keeps them sold).
 */
export function holdEffects(db: D1Database, orderNumber: string, to: OrderStatus, now: number): D1PreparedStatement[] {
  if (to === "awaiting_payment") return holdStatements(db, orderNumber, now);
  if (to === "paid") return sellStatements(db, orderNumber, now);
  if (to === "expired" || to === "cancelled") return releaseStatements(db, orderNumber);
  return [];
}

/** Whether an error is the primary key of inventory_holds refusing a second order (the batch was rolled back). */
export function isHoldConflict(e: unknown): boolean {
  return String(e).includes("UNIQUE constraint failed: inventory_holds");
}

/**
 * Of `ids`, the stones someone else has: sold to anyone, or held by an order of another cart than `cartKey`
 * (the shopper who holds a stone can still check out and pay for it).
 */
export async function takenByOthers(db: D1Database, ids: readonly number[], cartKey: string | null): Promise<number[]> {
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT h.item_id AS id FROM inventory_holds h JOIN orders o ON o.order_number = h.order_number
       WHERE h.item_kind = 'diamond' AND h.item_id IN (SELECT value FROM json_each(?1)) AND (h.state = 'sold' OR o.cart_key IS NOT ?2)`,
    )
    .bind(JSON.stringify([...new Set(ids)]), cartKey)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** The holds of `ids` (absent: free). */
export async function holdStatesOf(db: D1Database, ids: readonly number[]): Promise<Map<number, HoldState>> {
  if (ids.length === 0) return new Map();
  const { results } = await db
    .prepare("SELECT item_id AS id, state FROM inventory_holds WHERE item_kind = 'diamond' AND item_id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify([...new Set(ids)]))
    .all<{ id: number; state: HoldState }>();
  return new Map(results.map((r) => [r.id, r.state]));
}

/**
 * The refusal for stone `id` taken by someone else: 409 with HELD_MESSAGE, its details naming the stone
 * (`diamondId`) and up to five similar free stones (`similar.N`: the stone's page), closest first.
 */
export async function heldRefusal(env: HoldBindings, id: number): Promise<DomainError> {
  const details: FieldProblem[] = [{ path: "diamondId", message: String(id) }];
  for (const [i, d] of (await similarFree(env, id)).entries()) details.push({ path: `similar.${i}`, message: diamondPath(d) });
  return new DomainError(refuse("conflict", HELD_MESSAGE, details));
}

/** Throws the refusal for the first of `ids` someone else has (see takenByOthers); nothing when all are free. */
export async function refuseTaken(env: HoldBindings, ids: readonly number[], cartKey: string | null): Promise<void> {
  const [taken] = await takenByOthers(env.DB, ids, cartKey);
  if (taken !== undefined) throw await heldRefusal(env, taken);
}

/** Free stones like diamond `id` (the search index leaves out held and sold ones). */
async function similarFree(env: HoldBindings, id: number) {
  if (!env.SEARCH) return [];
  const d = await env.DB.prepare("SELECT id, is_lab_grown, shape, carat, cut, color, clarity FROM diamonds WHERE id = ?")
    .bind(id)
    .first<{ id: number; is_lab_grown: number; shape: number; carat: number; cut: number; color: number; clarity: number }>();
  if (!d) return [];
  const stub = env.SEARCH.get(env.SEARCH.idFromName("catalogue"));
  try {
    return await stub.similar({ id, isLabGrown: d.is_lab_grown === 1, shape: d.shape, carat: d.carat, cut: d.cut, color: d.color, clarity: d.clarity }, 5);
  } catch (e) {
    // The refusal stands without them.
    console.error(JSON.stringify({ level: "error", message: `similar stones for a held diamond: ${String(e)}` }));
    return [];
  }
}

/** Tells the search index the holds changed (it also reads them again at most a second after a change). */
export async function holdsChanged(env: HoldBindings): Promise<void> {
  if (!env.SEARCH) return;
  await env.SEARCH.get(env.SEARCH.idFromName("catalogue"))
    .holdsChanged()
    .catch((e: unknown) => console.error(JSON.stringify({ level: "error", message: `search index holds: ${String(e)}` })));
}

/**
 * Runs `place` (an order's transition that holds its stones); when another order holds one of them, the batch
 * failed as a whole and this throws the refusal naming that stone.
 */
export async function refusingTaken<T>(env: HoldBindings, order: { order_number: string; cart_key: string }, place: () => Promise<T>): Promise<T> {
  try {
    return await place();
  } catch (e) {
    if (!isHoldConflict(e)) throw e;
    const { results } = await env.DB.prepare("SELECT diamond_id AS id FROM order_items WHERE order_number = ? AND diamond_id IS NOT NULL")
      .bind(order.order_number)
      .all<{ id: number }>();
    const [taken] = await takenByOthers(
      env.DB,
      results.map((r) => r.id),
      order.cart_key,
    );
    throw await heldRefusal(env, taken ?? results[0]?.id ?? 0);
  }
}
