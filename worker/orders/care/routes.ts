/** §7 Orders after payment under /api (shared/api/order-care.ts): availability, substitutes, a stone by stock number, the contact flag. */
import type { Context } from "hono";
import { orderCareOperations as ops } from "#shared/api/order-care.ts";
import { refused } from "#shared/refusal.ts";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { handle } from "../../http/routes";
import { operatorActor, operatorOf } from "../../middleware/admin";
import { ProviderUnavailable } from "../payments/provider";
import { orderAccess } from "../../middleware/order-access";
import { PaymentUnavailable } from "../service";
import { type Answerer, confirmAvailability } from "./availability";
import { chooseSubstitute } from "./choose";
import { checkRetailerKey } from "./keys";
import { retailerDiamondBySku, setContactCustomer } from "./lookup";
import { substitutesView } from "./substitutes";
import { siteOrigin } from "../../platform/config";

/** Who answers for the order: a retailer proving its key, else an operator with the admin token; anyone else is told there is no such order. */
async function answerer(c: Context<AppEnv>, orderNumber: string, proof: { retailerId?: number; key?: string }): Promise<Answerer> {
  if (proof.retailerId !== undefined && proof.key !== undefined) {
    if (await checkRetailerKey(c.env, orderNumber, proof.retailerId, proof.key)) return { kind: "retailer", retailerId: proof.retailerId };
    refused("not_found", "No such order");
  }
  const operator = await operatorOf(c);
  if (operator) return { kind: "operator", name: operator };
  return refused("not_found", "No such order");
}

const privately = (c: Context<AppEnv>) => c.header("Cache-Control", "private, no-store");
const context = (c: Context<AppEnv>) => ({
  origin: siteOrigin(c.env),
  now: Date.now(),
  waitUntil: (p: Promise<unknown>) => c.executionCtx.waitUntil(p),
});

export const orderCareRoutes = [
  handle(ops.confirmAvailability, async ({ params, body }, c) => {
    privately(c);
    const who = await answerer(c, params.n, body);
    return { status: 200, body: await confirmAvailability(c.env, params.n, body.items, who, context(c)) };
  }),
  handle(ops.substitutes, async ({ params, query }, c) => {
    privately(c);
    const order = await orderAccess(c, params.n, { key: query.key });
    return { status: 200, body: await substitutesView(c.env.DB, order) };
  }),
  handle(ops.chooseSubstitute, async ({ params, body }, c) => {
    privately(c);
    const order = await orderAccess(c, params.n, { key: body.key });
    try {
      return { status: 200, body: await chooseSubstitute(c.env, order, body, context(c)) };
    } catch (e) {
      if (e instanceof PaymentUnavailable || e instanceof ProviderUnavailable) throw new ApiError(502, e.message);
      throw e;
    }
  }),
  handle(ops.retailerDiamondBySku, async ({ params, body }, c) => {
    privately(c);
    const who = await answerer(c, params.n, body);
    return { status: 200, body: await retailerDiamondBySku(c.env.DB, params.n, body.sku, who.kind === "retailer" ? who.retailerId : null) };
  }),
  handle(ops.setContactCustomer, async ({ params }, c) => ({
    status: 200,
    body: await setContactCustomer(c.env.DB, params.n, params.flag, await operatorActor(c), Date.now()),
  })),
];
