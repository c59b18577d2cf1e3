/**
 * Inventory holds (docs/decisions/058-inventory-holds.md): placing an order holds its stone in the batch of its
 * transition; paid sells it; expired or cancelled releases it. Nobody else can add, draft or place a stone
 * someone holds; the catalogue shows it on hold or sold and the search leaves it out.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ExpiryBindings, expireUnpaid } from "#worker/orders/expiry.ts";
import { call } from "../helpers";
import { visitor } from "../cart/cart-helpers";
import { approveLocal, decideAtGateway, localIdOf } from "./orders-helpers";
import { HELD, detail, expectHeldRefusal, holdsOf, placed, searchFinds, shopperWith, stones } from "./holds-helpers";

const ADMIN = { authorization: "Bearer test-admin-token", "content-type": "application/json" };
const operatorEvent = (orderNumber: string, name: string) =>
  call(`/api/orders/${orderNumber}/status`, { method: "POST", headers: ADMIN, body: JSON.stringify({ event: name }) });

describe("inventory holds", () => {
  it("of 20 shoppers placing an order for the same stone at once, exactly one holds it; the 19 others are refused and nothing of theirs is half written", async () => {
    const [stone] = await stones(1);
    const shoppers = [];
    for (let i = 0; i < 20; i++) shoppers.push(await shopperWith(stone!.id));
    const answers = await Promise.all(shoppers.map((s) => s.place()));
    const won = answers.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    const winner = await placed(won[0]!);
    expect(winner.order.status).toBe("awaiting_payment");
    for (const r of answers.filter((a) => a !== won[0])) await expectHeldRefusal(r, stone!.id);

    expect(await holdsOf(stone!.id)).toEqual([{ order_number: winner.order.orderNumber, state: "held" }]);
    // The losers' orders, when they got as far as a draft, are drafts: no transition, no payment, no hold.
    const { results } = await env.DB.prepare(
      `SELECT o.order_number, o.status, (SELECT COUNT(*) FROM order_transitions t WHERE t.order_number = o.order_number) AS moves,
         (SELECT COUNT(*) FROM payments p WHERE p.order_number = o.order_number) AS payments,
         (SELECT COUNT(*) FROM order_items i WHERE i.order_number = o.order_number) AS items
       FROM orders o WHERE o.order_number IN (SELECT order_number FROM order_items WHERE diamond_id = ?) AND o.order_number != ?`,
    )
      .bind(stone!.id, winner.order.orderNumber)
      .all<{ status: string; moves: number; payments: number; items: number }>();
    for (const o of results) expect(o).toMatchObject({ status: "drafted", moves: 0, payments: 0, items: 1 });
    const busy = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM orders WHERE status != 'drafted' AND order_number IN (SELECT order_number FROM order_items WHERE diamond_id = ?)",
    )
      .bind(stone!.id)
      .first<{ n: number }>();
    expect(busy!.n).toBe(1);

    // A loser placing again is refused again; a newcomer cannot even add it to a cart.
    await expectHeldRefusal(await shoppers.find((_, i) => answers[i] !== won[0])!.place(), stone!.id);
    await expectHeldRefusal(await (await visitor()).send({ type: "add-diamond", diamondId: stone!.id }), stone!.id);
  });

  it("shows a held stone on hold and leaves it out of the search; its holder still pays for it, and then it is sold to everyone else", async () => {
    const [stone, free] = await stones(2);
    expect(await searchFinds(stone!, 11)).toBe(1);
    const holder = await shopperWith(stone!.id);
    const { order, payment } = await placed(await holder.place());

    expect((await detail(stone!.id)).availability).toBe("on_hold");
    expect((await detail(stone!.id)).isSold).toBe(false);
    expect((await detail(free!.id)).availability).toBe("available");
    expect(await searchFinds(stone!, 12)).toBe(0);
    expect(await searchFinds(free!, 12)).toBe(1);
    // Placing again (a reload of the payment step) is the holder's own order: no refusal.
    expect((await holder.place()).status).toBe(200);

    await decideAtGateway(payment.approvalUrl!, "approve");
    const paid = await approveLocal(order.orderNumber, localIdOf(payment.approvalUrl!));
    expect(paid.body.order.status).toBe("paid");
    expect(await holdsOf(stone!.id)).toEqual([{ order_number: order.orderNumber, state: "sold" }]);
    const sold = await detail(stone!.id);
    expect(sold.availability).toBe("sold");
    expect(sold.isSold).toBe(true);
    expect(await searchFinds(stone!, 13)).toBe(0);
    await expectHeldRefusal(await (await visitor()).send({ type: "add-diamond", diamondId: stone!.id }), stone!.id);
  });

  it("the pages say so: the diamond's page shows it on hold without Add to cart, and the cart page lists similar stones with the refusal", async () => {
    const [stone] = await stones(1);
    await placed(await (await shopperWith(stone!.id)).place());
    const moved = await call(`/diamond/${stone!.id}`);
    const page = await call(new URL(moved.headers.get("location") ?? `/diamond/${stone!.id}`, "https://loupe.test").pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<dt>Available</dt><dd>On hold</dd>");
    expect(html).not.toContain("Add to cart</button>");
    // A shopper's plain form post from that page (no JavaScript): the refusal, with links to similar stones.
    const other = await visitor();
    const res = await call("/cart", {
      method: "POST",
      headers: { cookie: other.cookie, origin: "https://loupe.test", "content-type": "application/x-www-form-urlencoded" },
      body: `_type=add-diamond&diamondId=${stone!.id}`,
    });
    expect(res.status).toBe(409);
    const refusal = await res.text();
    expect(refusal).toContain(`<p>${HELD}<!-- -->. Similar diamonds available now:</p>`);
    expect(refusal).toMatch(/<a href="\/diamond\/\d+\/[^"]+"/);
    // A shared cart link naming it rebuilds the cart without it.
    const restored = await other.ok({ type: "restore", link: `/cart/${stone!.id}` });
    expect(restored.EngagementRings).toEqual([]);
  });

  it("releases the stone of an expired order: another shopper can buy it", async () => {
    const [stone] = await stones(1);
    const other = await shopperWith(stone!.id);
    const first = await placed(await (await shopperWith(stone!.id)).place());
    await expectHeldRefusal(await other.place(), stone!.id);

    const expiresAt = (await env.DB.prepare("SELECT expires_at FROM orders WHERE order_number = ?")
      .bind(first.order.orderNumber)
      .first<{ expires_at: number }>())!.expires_at;
    expect(await expireUnpaid(env as unknown as ExpiryBindings, expiresAt)).toContain(first.order.orderNumber);
    expect(await holdsOf(stone!.id)).toEqual([]);
    expect((await detail(stone!.id)).availability).toBe("available");

    const second = await placed(await other.place());
    expect(await holdsOf(stone!.id)).toEqual([{ order_number: second.order.orderNumber, state: "held" }]);
    expect((await detail(stone!.id)).availability).toBe("on_hold");
  });

  it("releases the stone of a cancelled order: it is listed and purchasable again", async () => {
    const [stone] = await stones(1);
    const first = await placed(await (await shopperWith(stone!.id)).place());
    expect(await searchFinds(stone!, 21)).toBe(0);
    expect((await operatorEvent(first.order.orderNumber, "cancel")).status).toBe(200);
    expect(await holdsOf(stone!.id)).toEqual([]);
    expect((await detail(stone!.id)).availability).toBe("available");
    const next = await shopperWith(stone!.id);
    const again = await placed(await next.place());
    expect(again.order.status).toBe("awaiting_payment");
  });
});
