/** §7 My stuff under /api (shared/api/my-stuff.ts): the signed-in customer's saved diamonds. */
import type { Context } from "hono";
import { myStuffOperations as ops } from "#shared/api/my-stuff.ts";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { currentUser } from "../middleware/session";
import { addNotes, removeDiamonds, removeSaved, saveDiamonds, savedDiamonds } from "./diamonds";

/** The customer (the router already answered 401 without one); answers about them are never cached. */
async function customer(c: Context<AppEnv>) {
  c.header("Cache-Control", "private, no-store");
  return (await currentUser(c)).user;
}

export const myStuffRoutes = [
  handle(ops.favoriteDiamonds, async (_input, c) => ({ status: 200, body: { diamonds: await savedDiamonds(c.env.DB, (await customer(c)).id) } })),
  handle(ops.saveDiamond, async ({ body }, c) => ({
    status: 200,
    body: { diamonds: await saveDiamonds(c.env.DB, (await customer(c)).id, [body.id], Date.now(), body.notes) },
  })),
  handle(ops.addNotes, async ({ body }, c) => ({ status: 200, body: await addNotes(c.env.DB, (await customer(c)).id, body.id, body.notes) })),
  handle(ops.pushDiamondIds, async ({ body }, c) => ({
    status: 200,
    body: { diamonds: await saveDiamonds(c.env.DB, (await customer(c)).id, body.ids, Date.now()) },
  })),
  handle(ops.removeDiamond, async ({ params }, c) => {
    await removeDiamonds(c.env.DB, (await customer(c)).id, [params.id]);
    return { status: 204, body: null };
  }),
  handle(ops.removePair, async ({ params }, c) => {
    await removeDiamonds(c.env.DB, (await customer(c)).id, [params.a, params.b]);
    return { status: 204, body: null };
  }),
  handle(ops.removeUserSaved, async ({ params }, c) => {
    await removeSaved(c.env.DB, (await customer(c)).id, params.id);
    return { status: 204, body: null };
  }),
];
