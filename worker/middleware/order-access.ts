/**
 * Who may act on an order (docs/decisions/052-order-ownership.md), beside the admin check because it reads the
 * request's credentials (the visitor cookie, the session, the admin token): every call that names an order — its number in
 * the path or the body, or one of its payments — passes here first. The caller must prove one of:
 * - the order's key (the emailed links' HMAC of its number, worker/orders/keys.ts), given as `?key=` when the
 *   path names the order, or as `key` beside `orderNumber` in the body;
 * - being its shopper: the browser that placed it (the signed visitor cookie) or the signed-in customer whose
 *   order it is (worker/orders/lookup/own.ts);
 * - being an operator (the admin token, worker/middleware/admin.ts), unless the call is the shopper's alone.
 * Anything else — the number alone, a wrong key, another shopper — is the same 404 as an unknown order, and
 * the route changes nothing.
 */
import type { Context } from "hono";
import { refused } from "#shared/refusal.ts";
import type { AppEnv } from "../env";
import { checkOrderKey } from "../orders/keys";
import { isOwnOrder, type OrderCaller } from "../orders/lookup/own";
import { findOrder, type OrderRow } from "../orders/store";
import { isAdmin } from "./admin";

/** Who is asking about an order: this browser's visitor and the signed-in customer, if any. */
export async function orderCaller(c: Context<AppEnv>): Promise<OrderCaller> {
  const session = await c.get("session")();
  return { visitorId: c.get("visitorId"), userGuid: session?.user.userGuid ?? null, userId: session?.user.id ?? null };
}

export interface AccessProof {
  /** The order's key as the caller gave it (query or body); a wrong one proves nothing. */
  key?: string | undefined;
  /** Whether the operator's admin token opens this call too (default true); false for what only the shopper does. */
  operator?: boolean;
}

/** Whether the caller proves the order is theirs to act on: its key, its shopper, or (when allowed) the operator. */
export async function mayAccessOrder(c: Context<AppEnv>, order: OrderRow, proof: AccessProof = {}): Promise<boolean> {
  if (proof.key !== undefined && (await checkOrderKey(c.env, order.order_number, proof.key))) return true;
  if (isOwnOrder(order, await orderCaller(c))) return true;
  return proof.operator !== false && (await isAdmin(c));
}

/** The order named by `orderNumber` when the caller may act on it; otherwise the 404 refusal (the same for an unknown order). */
export async function orderAccess(c: Context<AppEnv>, orderNumber: string, proof: AccessProof = {}): Promise<OrderRow> {
  const order = await findOrder(c.env.DB, orderNumber);
  if (order && (await mayAccessOrder(c, order, proof))) return order;
  return refused("not_found", "No such order");
}
