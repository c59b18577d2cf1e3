/** The operator's order calls under /api (shared/api/operator-orders.ts; admin token). */
import type { Context } from "hono";
import { operatorOrderOperations as ops } from "#shared/api/operator-orders.ts";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { operatorActor } from "../../middleware/admin";
import { handle } from "../../http/routes";
import { ProviderUnavailable } from "../payments/provider";
import { PaymentUnavailable } from "../service";
import { operatorAction } from "./actions";
import { operatorOrder, operatorOrders } from "./view";
import { siteOrigin } from "../../platform/config";

/** The action's context: this site's origin for emailed links, the time read once, work after the response. */
const contextOf = (c: Context<AppEnv>) => ({
  origin: siteOrigin(c.env),
  now: Date.now(),
  waitUntil: (p: Promise<unknown>) => c.executionCtx.waitUntil(p),
});

export const operatorOrderRoutes = [
  handle(ops.operatorOrders, async ({ query }, c) => ({ status: 200, body: await operatorOrders(c.env.DB, query) })),
  handle(ops.operatorOrder, async ({ params }, c) => ({ status: 200, body: await operatorOrder(c.env.DB, params.n) })),
  handle(ops.operatorOrderAction, async ({ params, body }, c) => {
    try {
      const done = await operatorAction(c.env, params.n, body, await operatorActor(c), contextOf(c));
      const result = { message: done.message, order: await operatorOrder(c.env.DB, params.n) };
      return done.status === 202 ? { status: 202, body: result } : { status: 200, body: result };
    } catch (e) {
      // The provider could not be reached: the refund stays requested (its key kept), not the operator's fault, nor a 500.
      if (e instanceof PaymentUnavailable || e instanceof ProviderUnavailable) throw new ApiError(502, e.message);
      throw e;
    }
  }),
];
