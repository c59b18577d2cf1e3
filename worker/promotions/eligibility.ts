/**
 * Who may use a promotion (docs/decisions/055-abuse-limits-and-promotion-rules.md): a promotion marked
 * `first_order_only` (WELCOME100, "your first order") is refused to a customer who has a paid order, one marked
 * `once_per_customer` to a customer who has a paid order with that code. The customer is the signed-in account
 * (its orders, its email) and the emails of the checkout (contact and shipping). Checked when the code is applied
 * in the cart and again when the order is drafted, placed or paid again — a code applied before the first order
 * was paid does not pass at the second order's placement.
 */
import { isPaid, ORDER_STATUSES } from "#shared/orders/states.ts";

/** Who would use the code: the signed-in customer's guid (null for a visitor) and the checkout's emails. */
export interface PromoCustomer {
  userGuid: string | null;
  emails: readonly (string | null | undefined)[];
}

/** The order being checked (its cart and revision): never counted against itself. */
export interface OwnDraft {
  cartKey: string;
  revision: number;
}

export const firstOrderOnlyMessage = (code: string) => `Promo code ${code} is for your first order only`;
export const alreadyUsedMessage = (code: string) => `Promo code ${code} has already been used`;

const PAID_STATUSES = JSON.stringify(ORDER_STATUSES.filter(isPaid));

/**
 * Why this customer may not use the code, or null when they may (also for a code without such rules, or unknown:
 * the other checks say so). One read.
 */
export async function promoRefusal(db: D1Database, code: string, customer: PromoCustomer, own: OwnDraft | null = null): Promise<string | null> {
  const emails = [...new Set(customer.emails.filter((e): e is string => !!e?.trim()).map((e) => e.trim().toLowerCase()))];
  // The customer's paid orders: the account's (by its cart, its id or its email) and those of the checkout's emails.
  const theirs = `FROM orders o WHERE o.status IN (SELECT value FROM json_each(?5))
      AND NOT (?3 IS NOT NULL AND o.cart_key = ?3 AND o.cart_revision = ?4)
      AND ((?1 IS NOT NULL AND (o.cart_key = 'user:' || ?1 OR o.user_id = (SELECT id FROM users WHERE user_guid = ?1)
             OR o.email = (SELECT email FROM users WHERE user_guid = ?1) COLLATE NOCASE))
        OR o.email COLLATE NOCASE IN (SELECT value FROM json_each(?2)))`;
  const row = await db
    .prepare(
      `SELECT p.first_order_only AS firstOrderOnly, p.once_per_customer AS oncePerCustomer,
         p.first_order_only = 1 AND EXISTS (SELECT 1 ${theirs}) AS hasPaidOrder,
         p.once_per_customer = 1 AND EXISTS (SELECT 1 ${theirs} AND o.promo_code = p.code COLLATE NOCASE) AS usedIt
       FROM promotions p WHERE p.code = ?6`,
    )
    .bind(customer.userGuid, JSON.stringify(emails), own?.cartKey ?? null, own?.revision ?? null, PAID_STATUSES, code)
    .first<{ firstOrderOnly: number; oncePerCustomer: number; hasPaidOrder: number; usedIt: number }>();
  if (!row) return null;
  if (row.hasPaidOrder) return firstOrderOnlyMessage(code);
  if (row.usedIt) return alreadyUsedMessage(code);
  return null;
}

/** Why an unpaid order's promo code may no longer be used (its customer paid another order since), or null. */
export async function orderPromoRefusal(
  db: D1Database,
  order: { promo_code: string | null; cart_key: string; cart_revision: number; email: string },
): Promise<string | null> {
  if (!order.promo_code) return null;
  const userGuid = order.cart_key.startsWith("user:") ? order.cart_key.slice("user:".length) : null;
  return promoRefusal(db, order.promo_code, { userGuid, emails: [order.email] }, { cartKey: order.cart_key, revision: order.cart_revision });
}
