/** TD financing's page service on the server (client/td-context.ts), over the financing services (worker/orders/td/). */
import * as v from "valibot";
import type { TdFinanceService } from "#client/td-context.ts";
import { TdAccountLookupRequest } from "#shared/orders/td.ts";
import { refuse, refused } from "#shared/refusal.ts";
import { ProviderUnavailable } from "../orders/payments/provider";
import { type OrderBindings, PaymentUnavailable } from "../orders/service";
import type { OrderRow } from "../orders/store";
import { accountNumber } from "../orders/td/accounts";
import { confirmTdReturn } from "../orders/td/service";
import { outcome } from "./cart";

/** What one page request gives the service (worker/middleware/loaders.ts builds it). */
export interface TdPageRequest {
  env: OrderBindings;
  origin: string;
  /** The client address (CF-Connecting-IP): the lookup's limit counts per address. */
  ip: string;
  /** The order of an account number lookup when the caller may act on it (worker/middleware/order-access.ts), else the not_found refusal. */
  lookupOrder: (orderNumber: string, key: string | undefined) => Promise<OrderRow>;
  /** The signed-in customer's id, or null: the lookup's limit counts per customer too. */
  userId: () => Promise<number | null>;
  now: () => number;
  waitUntil: (p: Promise<unknown>) => void;
}

/** A refusal, or the provider out of reach (a conflict with its message: nothing was charged), becomes the page's outcome. */
async function run<T extends object>(work: () => Promise<T>) {
  return outcome(async () => {
    try {
      return await work();
    } catch (e) {
      if (e instanceof PaymentUnavailable || e instanceof ProviderUnavailable) return refused("conflict", e.message);
      throw e;
    }
  });
}

/** The server's financing page service for one page request. */
export function serverTdFinance(r: TdPageRequest): TdFinanceService {
  return {
    confirmReturn: (paymentId, transactionLink) =>
      run(() => confirmTdReturn(r.env, paymentId, transactionLink ?? undefined, r.now(), { origin: r.origin, waitUntil: r.waitUntil })),
    lookupAccount: async (form) => {
      const parsed = v.safeParse(TdAccountLookupRequest, form);
      if (!parsed.success)
        return refuse(
          "bad_request",
          "Check the details you entered",
          parsed.issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message })),
        );
      const who = parsed.output;
      return run(async () =>
        accountNumber(r.env, await r.lookupOrder(who.orderNumber, who.key || undefined), { userId: await r.userId(), ip: r.ip }, who, r.now()),
      );
    },
  };
}
