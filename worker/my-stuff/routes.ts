/**
 * §7 My stuff under /api (shared/api/my-stuff.ts, shared/api/my-stuff-lists.ts): the signed-in customer's
 * saved diamonds, favourite settings and jewellery, recently viewed, orders, reports and the overview.
 */
import type { Context } from "hono";
import { myStuffOperations as ops } from "#shared/api/my-stuff.ts";
import { myStuffListOperations as lists } from "#shared/api/my-stuff-lists.ts";
import type { SavedSettingKind } from "#shared/my-stuff/lists.ts";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { currentUser } from "../middleware/session";
import { promoVariantOf } from "../promotions/store";
import { addNotes, removeDiamonds, removeSaved, saveDiamonds, savedDiamonds } from "./diamonds";
import { viewedDiamonds } from "./history";
import { hideOrder, myOrders, savedOrders } from "./orders";
import { myStuff, myStuffDashboard } from "./overview";
import { myReports, reportScores } from "./reports";
import { removeSetting, saveSetting, savedSettings } from "./settings";

/** The customer (the router already answered 401 without one); answers about them are never cached. */
async function customer(c: Context<AppEnv>) {
  c.header("Cache-Control", "private, no-store");
  return (await currentUser(c)).user;
}

/** Saved diamonds (shared/api/my-stuff.ts). */
export const myStuffRoutes = [
  handle(ops.favoriteDiamonds, async (_input, c) => ({ status: 200, body: { diamonds: await savedDiamonds(c.env, (await customer(c)).id) } })),
  handle(ops.saveDiamond, async ({ body }, c) => ({
    status: 200,
    body: { diamonds: await saveDiamonds(c.env, (await customer(c)).id, [body.id], Date.now(), body.notes) },
  })),
  handle(ops.addNotes, async ({ body }, c) => ({ status: 200, body: await addNotes(c.env, (await customer(c)).id, body.id, body.notes) })),
  handle(ops.pushDiamondIds, async ({ body }, c) => ({
    status: 200,
    body: { diamonds: await saveDiamonds(c.env, (await customer(c)).id, body.ids, Date.now()) },
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

/** The customer's favourites of a kind, with the cards' promo codes for the visitor's variant. */
async function favourites(c: Context<AppEnv>, kind: SavedSettingKind) {
  return savedSettings(c.env.DB, (await customer(c)).id, kind, Date.now(), promoVariantOf(c.get("variants"), undefined));
}

/** §7 My stuff, the rest (shared/api/my-stuff-lists.ts): favourite settings and jewellery, history, orders, reports, overview. */
export const myStuffListRoutes = [
  handle(lists.myStuff, async (_input, c) => ({ status: 200, body: await myStuff(c.env, await customer(c), Date.now()) })),
  handle(lists.dashboard, async (_input, c) => ({ status: 200, body: await myStuffDashboard(c.env, await customer(c)) })),
  handle(lists.favoriteSettings, async (_input, c) => ({ status: 200, body: { settings: await favourites(c, "setting") } })),
  handle(lists.favoriteJewellery, async (_input, c) => ({ status: 200, body: { jewelry: await favourites(c, "jewellery") } })),
  handle(lists.saveSetting, async ({ params }, c) => {
    await saveSetting(c.env.DB, (await customer(c)).id, "setting", params.id, Date.now());
    return { status: 200, body: { settings: await favourites(c, "setting") } };
  }),
  handle(lists.removeSetting, async ({ params }, c) => {
    await removeSetting(c.env.DB, (await customer(c)).id, "setting", params.id);
    return { status: 204, body: null };
  }),
  handle(lists.saveJewellery, async ({ params }, c) => {
    await saveSetting(c.env.DB, (await customer(c)).id, "jewellery", params.id, Date.now());
    return { status: 200, body: { jewelry: await favourites(c, "jewellery") } };
  }),
  handle(lists.removeJewellery, async ({ params }, c) => {
    await removeSetting(c.env.DB, (await customer(c)).id, "jewellery", params.id);
    return { status: 204, body: null };
  }),
  handle(lists.history, async (_input, c) => ({ status: 200, body: { diamonds: await viewedDiamonds(c.env.DB, (await customer(c)).id) } })),
  handle(lists.reports, async (_input, c) => ({ status: 200, body: { reports: await myReports(c.env.DB, (await customer(c)).id) } })),
  handle(lists.reportScores, async (_input, c) => ({ status: 200, body: { scores: await reportScores(c.env.DB, (await customer(c)).id) } })),
  handle(lists.orders, async (_input, c) => ({ status: 200, body: { orders: await myOrders(c.env.DB, await customer(c)) } })),
  handle(lists.saveOrders, async (_input, c) => ({ status: 200, body: { orders: await savedOrders(c.env.DB, await customer(c)) } })),
  handle(lists.removeOrder, async ({ params }, c) => {
    await hideOrder(c.env.DB, await customer(c), params.id, Date.now());
    return { status: 204, body: null };
  }),
];
