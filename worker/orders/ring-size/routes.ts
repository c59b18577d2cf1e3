/** §7 orders/missing-ring-size/{n} and orders/add-missing-ring-size/{n} under /api (shared/api/ring-size.ts). */
import { ringSizeOperations as ops } from "#shared/api/ring-size.ts";
import { handle } from "../../http/routes";
import { orderCaller } from "../routes";
import { addMissingSizes, missingView, sizeOrder } from "./service";

export const ringSizeRoutes = [
  handle(ops.missingRingSize, async ({ params, body }, c) => {
    c.header("Cache-Control", "private, no-store");
    const order = await sizeOrder(c.env, params.n, body.key, body.key === undefined ? await orderCaller(c) : null);
    return { status: 200, body: await missingView(c.env.DB, order) };
  }),
  handle(ops.addMissingRingSize, async ({ params, body }, c) => {
    c.header("Cache-Control", "private, no-store");
    return { status: 200, body: await addMissingSizes(c.env, params.n, body, Date.now()) };
  }),
];
