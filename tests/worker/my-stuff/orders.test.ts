/** My stuff's orders (issue 19): the account's orders, the guest orders joined to it, taking one off the list; the access matrix. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OrderView } from "#shared/orders/schemas.ts";
import { serverOrders } from "#worker/loaders/orders.ts";
import { bearer } from "../accounts/account-helpers";
import { call } from "../helpers";
import { customerOrder, guestOrder, keyOf, orderRow, saveOrder } from "../orders/lookup/lookup-helpers";

const list = async (token: string, path: "my-stuff-orders" | "my-stuff-save-orders") => {
  const res = await call(`/api/${path}`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { orders: OrderView[] }).orders.map((o) => o.orderNumber);
};
const hide = (token: string, orderNumber: string) => call(`/api/my-stuff/Orders/${orderNumber}`, { method: "DELETE", headers: bearer(token) });

/** The /my-stuff/orders page's list (worker/loaders/orders.ts mine()). */
function pageList(user: { id: number; userGuid: string }) {
  return serverOrders({
    env,
    shopper: async () => ({ visitorId: "v-page", userGuid: user.userGuid, location: null, promoVariation: 0 }),
    user: async () => user,
    origin: "https://loupe.test",
    ip: "198.51.100.9",
    now: Date.now,
    waitUntil: () => {},
  }).mine();
}

describe("my stuff's orders", () => {
  it("lists the account's orders newest first, the guest orders joined by orders/Save apart, and takes one off both lists", async () => {
    const c = await customerOrder();
    const g = await guestOrder();
    expect((await saveOrder(g.orderNumber, await keyOf(g.orderNumber), bearer(c.token))).status).toBe(200);
    expect(await list(c.token, "my-stuff-orders")).toEqual([g.orderNumber, c.orderNumber]);
    expect(await list(c.token, "my-stuff-save-orders")).toEqual([g.orderNumber]);
    const before = await orderRow(g.orderNumber);

    expect((await hide(c.token, g.orderNumber)).status).toBe(204);
    expect(await list(c.token, "my-stuff-orders")).toEqual([c.orderNumber]);
    expect(await list(c.token, "my-stuff-save-orders")).toEqual([]);
    expect((await pageList({ id: c.userId, userGuid: c.userGuid }))!.map((o) => o.orderNumber)).toEqual([c.orderNumber]);
    // The order itself is unchanged, and taking it off again is the same answer.
    expect(await orderRow(g.orderNumber)).toEqual(before);
    expect((await hide(c.token, g.orderNumber)).status).toBe(204);
    expect((await hide(c.token, c.orderNumber)).status).toBe(204);
    expect(await list(c.token, "my-stuff-orders")).toEqual([]);
    expect(await pageList({ id: c.userId, userGuid: c.userGuid })).toEqual([]);
  });

  it("answers 404 for another customer's order, a stranger's guest order and an unknown one, and changes nothing", async () => {
    const a = await customerOrder();
    const b = await customerOrder();
    const g = await guestOrder();
    for (const orderNumber of [a.orderNumber, g.orderNumber, "LP0000000007"]) expect((await hide(b.token, orderNumber)).status).toBe(404);
    const hidden = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_hidden_orders WHERE user_id IN (?, ?)").bind(a.userId, b.userId).first<{ n: number }>();
    expect(hidden!.n).toBe(0);
    expect(await list(a.token, "my-stuff-orders")).toEqual([a.orderNumber]);
    expect(await list(b.token, "my-stuff-orders")).toEqual([b.orderNumber]);
    // B's lists never show A's orders.
    expect(await list(b.token, "my-stuff-save-orders")).toEqual([]);
  });

  it("answers 401 without a session and 400 for a malformed order number", async () => {
    expect((await call("/api/my-stuff-orders")).status).toBe(401);
    expect((await call("/api/my-stuff-save-orders")).status).toBe(401);
    expect((await call("/api/my-stuff/Orders/LP0000000007", { method: "DELETE" })).status).toBe(401);
    const c = await customerOrder();
    expect((await hide(c.token, "not-an-order")).status).toBe(400);
  });
});
