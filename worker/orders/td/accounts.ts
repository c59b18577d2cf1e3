/**
 * TD's account calls for shoppers (§7 GetTdAccountInfo, GetTdAccountNumber; docs/decisions/034): the account of
 * an application of the caller's own order, and a lost account number found by who the cardholder is (limited
 * per client address, the same answer's shape for a miss, nothing stored). TD answers when configured; locally
 * the stand-in (local.ts) does.
 */
import type { TdAccountInfo, TdAccountLookupRequest, TdAccountLookupResult } from "#shared/orders/td.ts";
import { refused } from "#shared/refusal.ts";
import { isOwnOrder, type OrderCaller } from "../lookup/own";
import { findLocalPayment } from "../payments/local";
import type { PaymentRow } from "../payments/store";
import { tdAccountInfo, tdAccountLookup } from "../payments/td-accounts";
import { type TdBindings, tdConfig } from "../payments/td-config";
import { findOrder } from "../store";
import { reserveAccountLookup } from "./limit";
import { localAccountInfo, localAccountLookup } from "./local";

export type TdAccountBindings = TdBindings & { DB: D1Database; APP_ENV?: string };

const NOT_FOUND = "No such financing application of your orders, or no such account for it";

/** GetTdAccountInfo: the account of an application (`transactionLink`) of the caller's own order. */
export async function accountInfo(env: TdAccountBindings, who: OrderCaller, transactionLink: string, accountNumber: string): Promise<TdAccountInfo> {
  const payment = await env.DB.prepare("SELECT * FROM payments WHERE provider IN ('td', 'local') AND provider_payment_id = ? AND method = 'financing'")
    .bind(transactionLink)
    .first<PaymentRow>();
  const order = payment ? await findOrder(env.DB, payment.order_number) : null;
  if (!payment || !order || !isOwnOrder(order, who)) refused("not_found", NOT_FOUND);
  if (payment.provider === "td") {
    const config = tdConfig(env) ?? refused("not_found", NOT_FOUND);
    return (await tdAccountInfo(config, transactionLink, accountNumber)) ?? refused("not_found", NOT_FOUND);
  }
  const row = env.APP_ENV === "local" ? await findLocalPayment(env.DB, transactionLink) : null;
  return (row && localAccountInfo(row, accountNumber)) ?? refused("not_found", NOT_FOUND);
}

const FOUND = "Here is your TD account number. Keep it somewhere safe; we do not store it.";
const MISSED = "We could not find a TD account with these details. Check them and try again, or call TD at the number on your statement.";

/** GetTdAccountNumber: the cardholder's account number, or null — after counting the try against the address's limit. */
export async function accountNumber(env: TdAccountBindings, ip: string, who: TdAccountLookupRequest, now: number): Promise<TdAccountLookupResult> {
  const config = tdConfig(env);
  if (!config && env.APP_ENV !== "local") refused("not_implemented", "Financing is not available on this site.");
  await reserveAccountLookup(env.DB, ip, now);
  const number = config ? await tdAccountLookup(config, who) : localAccountLookup(who);
  return number ? { accountNumber: number, message: FOUND } : { accountNumber: null, message: MISSED };
}
