/**
 * Orders: TD financing under /api (shared/api/td-finance.ts; docs/decisions/034-td-financing.md). A call naming
 * an order, or an application of one, is for a caller who may act on it (worker/middleware/order-access.ts; docs/decisions/052).
 */
import type { Context } from "hono";
import { tdFinanceOperations as ops } from "#shared/api/td-finance.ts";
import type { AppEnv } from "../../env";
import { purchaseAfterApproval } from "../../middleware/tracking";
import { ApiError } from "../../http/errors";
import { handle } from "../../http/routes";
import { ProviderUnavailable } from "../payments/provider";
import { mayAccessOrder, orderAccess, orderCaller } from "../../middleware/order-access";
import { approval } from "../routes";
import { type AfterResponse, PaymentUnavailable } from "../service";
import { accountInfo, accountNumber } from "./accounts";
import { approveTd, tdFinanceUrl } from "./service";
import { siteOrigin } from "../../platform/config";

/** Runs a financing service privately; TD out of reach is a 502 (not the shopper's fault, nor a 500). */
async function financing<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  c.header("Cache-Control", "private, no-store");
  try {
    const answer = await work();
    // An approval answering "paid" emits the order's purchase (once per order; worker/middleware/tracking.ts).
    purchaseAfterApproval(c, answer, () => orderCaller(c));
    return answer;
  } catch (e) {
    if (e instanceof PaymentUnavailable || e instanceof ProviderUnavailable) throw new ApiError(502, e.message);
    throw e;
  }
}

const notice = (c: Context<AppEnv>): AfterResponse => ({ origin: siteOrigin(c.env), waitUntil: (p) => c.executionCtx.waitUntil(p) });

export const tdFinanceRoutes = [
  handle(ops.tdFinanceUrl, ({ body }, c) =>
    financing(c, async () => {
      const named = body.orderNumber ? await orderAccess(c, body.orderNumber, { key: body.key }) : undefined;
      return { status: 200, body: await tdFinanceUrl(c.env, await orderCaller(c), named, body, { origin: siteOrigin(c.env), now: Date.now() }) };
    }),
  ),
  handle(ops.tdFinanceApprove, ({ params, query, body }, c) =>
    financing(c, async () => {
      await orderAccess(c, params.id, { key: query.key });
      return approval(await approveTd(c.env, params.id, body, Date.now(), notice(c)));
    }),
  ),
  handle(ops.tdAccountInfo, ({ body }, c) =>
    financing(c, async () => ({ status: 200, body: await accountInfo(c.env, (order) => mayAccessOrder(c, order), body.transactionLink, body.accountNumber) })),
  ),
  handle(ops.tdAccountNumber, ({ body }, c) =>
    financing(c, async () => {
      // The order's key or its own shopper: an operator has no business with a cardholder's account number.
      const order = await orderAccess(c, body.orderNumber, { key: body.key, operator: false });
      const limits = { userId: (await orderCaller(c)).userId, ip: c.req.header("cf-connecting-ip") ?? "unknown" };
      return { status: 200, body: await accountNumber(c.env, order, limits, body, Date.now()) };
    }),
  ),
];
