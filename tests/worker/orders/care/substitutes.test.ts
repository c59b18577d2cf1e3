/**
 * Substitutes for an unavailable stone (issue 22 point 4): up to 5 similar available stones with the price
 * difference in cents; choosing a dearer one opens a payment request, a cheaper one refunds the difference
 * through the provider (the embedded gateway's books show one refund), "Refund me instead" gives the line's
 * money back — each once, however many choices arrive at once.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { salesTaxCents } from "#shared/cart/tax.ts";
import { SIMILAR, similarStones, stoneById } from "#worker/orders/care/similar.ts";
import { call } from "../../helpers";
import { transitions } from "../orders-helpers";
import { answer, choose, outbox, paidOrder, retailerOf, stoneWith, substitutes } from "./care-helpers";

/** What the order's amount due moves by when its pre-tax total moves from `total` by `delta` (Texas: ADDRESS). */
const withTax = (total: number) => total + salesTaxCents(total, "US", "TX");
const amountDifference = (total: number, delta: number) => withTax(total + delta) - withTax(total);

/** A paid order of a stone that has offers fitting `want`, the stone marked unavailable by its retailer. */
async function unavailableOrder(want: Parameters<typeof stoneWith>[0]) {
  const diamond = await stoneWith(want);
  const order = await paidOrder(diamond);
  const res = await answer(order.n, [{ lineId: "diamond", available: false }], await retailerOf(diamond));
  expect(res.body.status).toBe("item_unavailable");
  const view = await substitutes(order.n, order.key);
  expect(view.status).toBe(200);
  return { ...order, diamond, view: view.body, line: view.body.unavailable[0]! };
}

const gateway = async (localId: string) =>
  (await env.DB.prepare("SELECT refunds, refunded_cents FROM local_gateway_payments WHERE id = ?").bind(localId).first<{
    refunds: number;
    refunded_cents: number;
  }>())!;
const count = async (sql: string, n: string) => (await env.DB.prepare(sql).bind(n).first<{ c: number }>())!.c;

describe("substitutes", () => {
  it("offers at most 5 similar available stones, the closest first, with the differences in cents", async () => {
    const { n, key, diamond, view, line, cookie } = await unavailableOrder((offers) => offers.length === SIMILAR.max);
    const original = (await env.DB.prepare("SELECT * FROM diamonds WHERE id = ?").bind(diamond).first<Record<string, number>>())!;
    expect(view.order.status).toBe("item_unavailable");
    expect(line.lineId).toBe("diamond");
    expect(line.total).toBe(original.price_cents);
    expect(line.substitutes).toHaveLength(5);
    const { total } = view.order;
    for (const s of line.substitutes) {
      const d = (await env.DB.prepare("SELECT * FROM diamonds WHERE id = ?").bind(s.diamondId).first<Record<string, number>>())!;
      expect(d.shape).toBe(original.shape);
      expect(d.is_lab_grown).toBe(original.is_lab_grown);
      expect(d.is_sold).toBe(0);
      expect(Math.abs(d.carat! - original.carat!)).toBeLessThanOrEqual(original.carat! * 0.1 + 1e-9);
      expect(Math.abs(d.color! - original.color!)).toBeLessThanOrEqual(1);
      expect(Math.abs(d.clarity! - original.clarity!)).toBeLessThanOrEqual(1);
      expect(Math.abs(d.price_cents! - original.price_cents!)).toBeLessThanOrEqual(original.price_cents! * 0.15 + 1);
      expect(s.price).toBe(d.price_cents);
      expect(s.priceDifference).toBe(d.price_cents! - line.total);
      expect(s.amountDifference).toBe(amountDifference(total, s.priceDifference));
      expect(s.diamondId).not.toBe(diamond);
    }
    expect(line.refund).toBe(view.order.amountDue);
    expect(line.wholeOrder).toBe(true);
    // The owner sees it without the key; a wrong key, or another shopper, is told there is no such order.
    expect((await call(`/api/orders/${n}/substitutes`, { headers: { cookie } })).status).toBe(200);
    expect((await call(`/api/orders/${n}/substitutes?key=${"x".repeat(22)}`)).status).toBe(404);
    expect((await call(`/api/orders/${n}/substitutes`)).status).toBe(404);
    expect((await call(`/api/orders/${n}/substitutes?key=short`)).status).toBe(400);
    // A stone sold meanwhile is no longer offered; the next closest takes its place or the list shrinks.
    const sold = line.substitutes[0]!.diamondId;
    await env.DB.prepare("UPDATE diamonds SET is_sold = 1 WHERE id = ?").bind(sold).run();
    const after = (await substitutes(n, key)).body.unavailable[0]!.substitutes.map((s) => s.diamondId);
    expect(after).not.toContain(sold);
    expect(after.length).toBeLessThanOrEqual(5);
    // Choosing it now is refused.
    const late = await choose(n, { key, lineId: "diamond", diamondId: sold });
    expect(late.status).toBe(409);
  });

  it("a dearer stone: 10 choices at once make one substitution and one payment request; the order is paid again and its retailer asked", async () => {
    const { n, key, line, email } = await unavailableOrder((offers, price) => offers.some((o) => o.price_cents > price));
    const dearer = line.substitutes.find((s) => s.priceDifference > 0)!;
    const choices = await Promise.all(Array.from({ length: 10 }, () => choose(n, { key, lineId: "diamond", diamondId: dearer.diamondId })));
    expect(choices.map((c) => c.status)).toEqual(Array(10).fill(200));
    expect(await count("SELECT COUNT(*) AS c FROM order_substitutions WHERE order_number = ?", n)).toBe(1);
    expect(await count("SELECT COUNT(*) AS c FROM payment_requests WHERE order_number = ?", n)).toBe(1);
    const made = choices.find((c) => c.body.paymentRequest)!.body;
    expect(made.choice).toMatchObject({ lineId: "diamond", choice: "substitute", newName: dearer.name, priceDifference: dearer.priceDifference });
    expect(made.choice.amountDifference).toBe(dearer.amountDifference);
    expect(made.paymentRequest).toMatchObject({ amount: dearer.amountDifference, status: "open" });
    expect(made.refunds).toEqual([]);
    const final = (await substitutes(n, key)).body;
    expect(final.order.status).toBe("paid");
    expect(final.unavailable).toEqual([]);
    expect(final.order.lines).toEqual([expect.objectContaining({ lineId: "diamond", name: dearer.name, total: dearer.price })]);
    expect(final.order.requests).toEqual([expect.objectContaining({ amount: dearer.amountDifference, status: "open" })]);
    const item = await env.DB.prepare("SELECT diamond_id, retailer_id, availability FROM order_items WHERE order_number = ?").bind(n).first();
    expect(item).toEqual({ diamond_id: dearer.diamondId, retailer_id: dearer.retailerId, availability: "unconfirmed" });
    expect((await transitions(n)).map((t) => t.event)).toEqual(["place", "payment_captured", "item_unavailable", "substitute_chosen"]);
    expect(await outbox(email, "order-item-unavailable")).toHaveLength(1);
    // The new stone's retailer is asked to confirm it, then confirms: the order goes on.
    const { email: retailerEmail } = (await env.DB.prepare("SELECT email FROM retailers WHERE id = ?").bind(dearer.retailerId).first<{ email: string }>())!;
    const asked = (await outbox(retailerEmail, "order-confirm-availability")).filter((d) => d.orderNumber === n);
    expect(asked.at(-1)).toMatchObject({ retailerId: dearer.retailerId, stones: [expect.objectContaining({ lineId: "diamond", name: dearer.name })] });
    expect((await answer(n, [{ lineId: "diamond", available: true }], dearer.retailerId, asked.at(-1)!.key as string)).body.status).toBe(
      "availability_confirmed",
    );
  });

  it("a cheaper stone: the difference is refunded through the embedded gateway once, for 10 choices at once", async () => {
    const { n, key, line, localId } = await unavailableOrder((offers, price) => offers.some((o) => o.price_cents < price));
    const cheaper = line.substitutes.find((s) => s.priceDifference < 0)!;
    const choices = await Promise.all(Array.from({ length: 10 }, () => choose(n, { key, lineId: "diamond", diamondId: cheaper.diamondId })));
    expect(choices.map((c) => c.status)).toEqual(Array(10).fill(200));
    const made = choices.find((c) => c.body.refunds.length)!.body;
    expect(made.refunds).toEqual([expect.objectContaining({ amount: -cheaper.amountDifference, status: "refunded" })]);
    expect(made.paymentRequest).toBeNull();
    expect(await gateway(localId)).toEqual({ refunds: 1, refunded_cents: -cheaper.amountDifference });
    expect(await count("SELECT COUNT(*) AS c FROM refunds WHERE order_number = ?", n)).toBe(1);
    expect(await count("SELECT COUNT(*) AS c FROM order_substitutions WHERE order_number = ?", n)).toBe(1);
    const view = (await substitutes(n, key)).body;
    expect(view.order.status).toBe("paid");
    expect(view.order.payments[0]).toMatchObject({ status: "captured", refunded: -cheaper.amountDifference });
    expect(view.order.amountDue).toBe(made.order.amountDue);
    expect(view.choices).toEqual([expect.objectContaining({ choice: "substitute", amountDifference: cheaper.amountDifference })]);
    // Another choice for the same line is refused; the same one answers what it did.
    expect((await choose(n, { key, lineId: "diamond", refund: true })).status).toBe(409);
    expect((await choose(n, { key, lineId: "diamond", diamondId: cheaper.diamondId })).status).toBe(200);
    expect((await gateway(localId)).refunds).toBe(1);
  });

  it("refund me instead, for the order's only item: the whole order is refunded once", async () => {
    const { n, key, line, localId, placed } = await unavailableOrder(() => true);
    expect(line.wholeOrder).toBe(true);
    const choices = await Promise.all(Array.from({ length: 10 }, () => choose(n, { key, lineId: "diamond", refund: true })));
    expect(choices.map((c) => c.status)).toEqual(Array(10).fill(200));
    expect(await gateway(localId)).toEqual({ refunds: 1, refunded_cents: placed.order.amountDue });
    const view = (await substitutes(n, key)).body;
    expect(view.order.status).toBe("refunded");
    expect(view.unavailable).toEqual([]);
    expect(view.choices).toEqual([expect.objectContaining({ choice: "refund", amountDifference: -placed.order.amountDue, newName: null })]);
    expect((await transitions(n)).at(-1)).toMatchObject({ from_status: "item_unavailable", to_status: "refunded", cause: "shopper" });
  });

  it("refund me instead, for one of two items: that line's amount and its tax come back; the other item is still awaited", async () => {
    const diamond = await stoneWith(() => true);
    const retailer = await retailerOf(diamond);
    const bracelet = (await env.DB.prepare(
      "SELECT v.id, s.retailer_id FROM settings s JOIN setting_variants v ON v.setting_id = s.id WHERE s.item_type_name = 'Bracelet' AND v.is_sold = 0 ORDER BY v.id LIMIT 1 OFFSET 3",
    ).first<{ id: number; retailer_id: number }>())!;
    const { n, key, localId, placed } = await paidOrder(diamond, { variantId: bracelet.id });
    await answer(n, [{ lineId: "diamond", available: false }], retailer);
    const view = (await substitutes(n, key)).body;
    const line = view.unavailable[0]!;
    expect(line.wholeOrder).toBe(false);
    expect(line.refund).toBe(-amountDifference(placed.order.total, -line.total));
    const res = await choose(n, { key, lineId: "diamond", refund: true });
    expect(res.status).toBe(200);
    expect(res.body.refunds).toEqual([expect.objectContaining({ amount: line.refund, status: "refunded" })]);
    expect(await gateway(localId)).toEqual({ refunds: 1, refunded_cents: line.refund });
    expect(res.body.order.status).toBe("paid");
    expect(res.body.order.lines.map((l) => l.lineId)).toEqual(["fj1"]);
    expect(res.body.order.amountDue).toBe(placed.order.amountDue - line.refund);
    // The bracelet's retailer confirms: the order goes on without the stone.
    expect((await answer(n, [{ lineId: "fj1", available: true }], bracelet.retailer_id)).body.status).toBe("availability_confirmed");
  });

  it("two orders choosing the same stone at once: one gets it, the other is told to choose again", async () => {
    const b = await unavailableOrder((offers) => offers.length >= 1);
    const target = b.line.substitutes[0]!.diamondId;
    // Another order whose unavailable stone is offered the same one: the first free stone that has it among its offers.
    const { results } = await env.DB.prepare(
      `SELECT o.id FROM diamonds o JOIN diamonds t ON t.id = ?1
       WHERE o.is_sold = 0 AND o.id != t.id AND o.shape = t.shape AND o.is_lab_grown = t.is_lab_grown AND o.price_cents BETWEEN t.price_cents * 0.8 AND t.price_cents * 1.2
         AND o.id NOT IN (SELECT diamond_id FROM order_items WHERE diamond_id IS NOT NULL) ORDER BY o.id`,
    )
      .bind(target)
      .all<{ id: number }>();
    let a: Awaited<ReturnType<typeof paidOrder>> | null = null;
    for (const { id } of results) {
      const stone = (await stoneById(env.DB, id))!;
      if (!(await similarStones(env.DB, { stone, paidCents: stone.price_cents })).some((o) => o.id === target)) continue;
      a = await paidOrder(id);
      await answer(a.n, [{ lineId: "diamond", available: false }], stone.retailer_id);
      break;
    }
    expect(a).not.toBeNull();
    const [x, y] = await Promise.all([
      choose(a!.n, { key: a!.key, lineId: "diamond", diamondId: target }),
      choose(b.n, { key: b.key, lineId: "diamond", diamondId: target }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect((await env.DB.prepare("SELECT COUNT(*) AS c FROM order_items WHERE diamond_id = ?").bind(target).first<{ c: number }>())!.c).toBe(1);
    expect((x.status === 409 ? x : y).body.error?.message).toContain("no longer available");
  });

  it("bad input answers the 400 envelope; a line not waiting is a 409; another shopper's order a 404", async () => {
    const { n, key, line } = await unavailableOrder((offers) => offers.length > 0);
    const post = (body: unknown) =>
      call(`/api/orders/${n}/substitutes`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    for (const body of [
      { key, lineId: "diamond" },
      { key, lineId: "diamond", diamondId: -1 },
      { key, lineId: "x", refund: true },
      { key, lineId: "diamond", refund: false },
    ])
      expect((await post(body)).status).toBe(400);
    expect((await choose(n, { key, lineId: "fj1", refund: true })).status).toBe(404);
    expect((await choose(n, { key: "y".repeat(22), lineId: "diamond", refund: true })).status).toBe(404);
    expect((await choose(n, { lineId: "diamond", refund: true })).status).toBe(404);
    // A stone that is not similar is not offered, and not accepted.
    const far = (await env.DB.prepare("SELECT id FROM diamonds WHERE price_cents > ? * 3 AND is_sold = 0 LIMIT 1").bind(line.total).first<{ id: number }>())!;
    expect((await choose(n, { key, lineId: "diamond", diamondId: far.id })).status).toBe(409);
    expect((await substitutes(n, key)).body.order.status).toBe("item_unavailable");
  });
});
