/**
 * orders/missing-ring-size/{n} and orders/add-missing-ring-size/{n} under /api (shared/api/ring-size.ts). Who
 * may read an order's sizes: worker/middleware/order-access.ts (its key, its shopper or an operator); giving sizes takes
 * the order's key (the emailed link's), checked by the service.
 */
import { ringSizeOperations as ops } from "#shared/api/ring-size.ts";
import { refused } from "#shared/refusal.ts";
import { handle } from "../../http/routes";
import { orderAccess } from "../../middleware/order-access";
import { addMissingSizes, missingView } from "./service";

export const ringSizeRoutes = [
  handle(ops.missingRingSize, async ({ params, body }, c) => {
    c.header("Cache-Control", "private, no-store");
    const order = await orderAccess(c, params.n, { key: body.key });
    if (order.status === "drafted") refused("not_found", "No such order");
    return { status: 200, body: await missingView(c.env.DB, order) };
  }),
  handle(ops.addMissingRingSize, async ({ params, body }, c) => {
    c.header("Cache-Control", "private, no-store");
    await orderAccess(c, params.n, { key: body.key });
    return { status: 200, body: await addMissingSizes(c.env, params.n, body, Date.now()) };
  }),
];
