/**
 * TD's account calls for shoppers (GetTdAccountInfo, GetTdAccountNumber; docs/decisions/034 and 052): the
 * account of an application of an order the caller may act on, and a lost account number found by who the
 * cardholder is — only for a financing order the caller may act on (its key or its own shopper), limited per
 * order, per customer and per client address, answered masked but for its last 4 digits (the same answer's
 * shape for a miss, nothing stored). TD answers when configured; locally the stand-in (local.ts) does.
 */
import { maskAccountNumber, type TdAccountInfo, type TdAccountLookupRequest, type TdAccountLookupResult } from "#shared/orders/td.ts";
import { refused } from "#shared/refusal.ts";
import { findLocalPayment } from "../payments/local";
import type { PaymentRow } from "../payments/store";
import { tdAccountInfo, tdAccountLookup } from "../payments/td-accounts";
import { type TdBindings, tdConfig } from "../payments/td-config";
import { findOrder, type OrderRow } from "../store";
import { type LookupIdentity, reserveAccountLookup } from "./limit";
import { localAccountInfo, localAccountLookup } from "./local";

export type TdAccountBindings = TdBindings & { DB: D1Database; APP_ENV?: string };

const NOT_FOUND = "No such financing application of your orders, or no such account for it";

/** GetTdAccountInfo: the account of an application (`transactionLink`) of an order the caller may act on (`may`: worker/middleware/order-access.ts). */
export async function accountInfo(
  env: TdAccountBindings,
  may: (order: OrderRow) => Promise<boolean>,
  transactionLink: string,
  accountNumber: string,
): Promise<TdAccountInfo> {
  const payment = await env.DB.prepare("SELECT * FROM payments WHERE provider IN ('td', 'local') AND provider_payment_id = ? AND method = 'financing'")
    .bind(transactionLink)
    .first<PaymentRow>();
  const order = payment ? await findOrder(env.DB, payment.order_number) : null;
  if (!payment || !order || !(await may(order))) refused("not_found", NOT_FOUND);
  if (payment.provider === "td") {
    const config = tdConfig(env) ?? refused("not_found", NOT_FOUND);
    return (await tdAccountInfo(config, transactionLink, accountNumber)) ?? refused("not_found", NOT_FOUND);
  }
  const row = env.APP_ENV === "local" ? await findLocalPayment(env.DB, transactionLink) : null;
  return (row && localAccountInfo(row, accountNumber)) ?? refused("not_found", NOT_FOUND);
}

const FOUND =
  "We found your TD account: these are the last 4 digits of its number, as on your card and statements. For the whole number, call TD at the number on your statement.";
const MISSED = "We could not find a TD account with these details. Check them and try again, or call TD at the number on your statement.";

/**
 * GetTdAccountNumber for `order` (one the caller may act on: worker/middleware/order-access.ts): the cardholder's account
 * number masked but for its last 4 digits, or null — after counting the try against the order's, the
 * customer's and the address's limits. An order not paid by financing is not found, and counts nothing.
 */
export async function accountNumber(
  env: TdAccountBindings,
  order: Pick<OrderRow, "order_number" | "payment_method">,
  limits: Omit<LookupIdentity, "orderNumber">,
  who: TdAccountLookupRequest,
  now: number,
): Promise<TdAccountLookupResult> {
  if (order.payment_method !== "financing") refused("not_found", "No such financing order");
  const config = tdConfig(env);
  if (!config && env.APP_ENV !== "local") refused("not_implemented", "Financing is not available on this site.");
  await reserveAccountLookup(env.DB, { ...limits, orderNumber: order.order_number }, now);
  const number = config ? await tdAccountLookup(config, who) : localAccountLookup(who);
  return number ? { accountNumber: maskAccountNumber(number), message: FOUND } : { accountNumber: null, message: MISSED };
}
