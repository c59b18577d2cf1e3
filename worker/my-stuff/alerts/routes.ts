/** §7 My stuff under /api (shared/api/my-stuff-alerts.ts): saved searches and their alerts, deal alerts, the login-less alert, an alert email's stones. */
import type { Context } from "hono";
import { myStuffAlertOperations as ops } from "#shared/api/my-stuff-alerts.ts";
import { refused } from "#shared/refusal.ts";
import type { AppEnv } from "../../env";
import { handle } from "../../http/routes";
import { accountDeps } from "../../middleware/account";
import { currentUser } from "../../middleware/session";
import { loginLessAlert } from "./login-less";
import { dealAlertsFor, removeSearch, saveSearch, updateSearch } from "./searches";
import { alertStones } from "./stones";

/** The customer (the router already answered 401 without one); answers about them are never cached. */
async function customer(c: Context<AppEnv>) {
  c.header("Cache-Control", "private, no-store");
  return (await currentUser(c)).user;
}

export const myStuffAlertRoutes = [
  handle(ops.saveSearch, async ({ body }, c) => ({ status: 200, body: await saveSearch(c.env.DB, (await customer(c)).id, body, Date.now()) })),
  handle(ops.updateSearch, async ({ params, body }, c) => ({
    status: 200,
    body: await updateSearch(c.env.DB, (await customer(c)).id, params.id, body, Date.now()),
  })),
  handle(ops.removeSearch, async ({ params }, c) => {
    await removeSearch(c.env.DB, (await customer(c)).id, params.id);
    return { status: 204, body: null };
  }),
  handle(ops.dealAlerts, async (_input, c) => ({ status: 200, body: await dealAlertsFor(c.env.DB, (await customer(c)).id) })),
  handle(ops.loginLessAlert, async ({ body }, c) => {
    c.header("Cache-Control", "no-store");
    return { status: 200, body: await loginLessAlert(accountDeps(c), c.env, body) };
  }),
  handle(ops.detailDiamonds, async ({ query }, c) => {
    c.header("Cache-Control", "private, no-store");
    const stones = await alertStones(c.env, query.token, query.email, Date.now());
    return stones ? { status: 200, body: stones } : refused("not_found", "This link is not valid or has expired");
  }),
];
