/**
 * What the shopper of an unpaid order is told (issue 22 point 4), on the order cron's clock (injected): a
 * reminder 2 hours before the order expires and a notice when it has, each exactly once however many cron runs
 * overlap; nothing for an order paid in time.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import { EXPIRY_REMINDER_MS } from "#worker/orders/expiry-notices.ts";
import { ordersCron, ordersCronWork } from "#worker/orders/expiry.ts";
import { call } from "../helpers";
import { diamonds, visitor } from "../cart/cart-helpers";
import { keyOf } from "./lookup/lookup-helpers";
import { ADDRESS } from "./orders-helpers";
import { emailsTo, freshEmail, payAtGateway } from "./ring-size-helpers";

const SITE = "https://loupe.test";

let pick = 0;
/** A guest's unpaid one-diamond order (a diamond of its own, a fresh email). */
async function unpaidOrder(tag: string) {
  const v = await visitor();
  const d = (await diamonds())[5 + (pick++ % 15)]!;
  const email = freshEmail(tag);
  await v.ok({ type: "add-diamond", diamondId: d.id });
  await v.ok({ type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true });
  await v.ok({ type: "set-payment-method", paymentMethod: "card" });
  const res = await call("/api/orders", { method: "POST", headers: { cookie: v.cookie } });
  expect(res.status).toBe(201);
  const placed = (await res.json()) as PlacedOrder;
  return { email, placed, n: placed.order.orderNumber, expiresAt: placed.order.expiresAt! };
}

const status = async (n: string) =>
  (await env.DB.prepare("SELECT status, expiry_notified_at, expiry_reminded_at FROM orders WHERE order_number = ?").bind(n).first<{
    status: string;
    expiry_notified_at: number | null;
    expiry_reminded_at: number | null;
  }>())!;

/** Five cron runs at once, at `now`. */
const fiveRuns = (now: number) => Promise.all(Array.from({ length: 5 }, () => ordersCronWork(env, now)));

describe("the reminder before an unpaid order expires", () => {
  it("comes 2 hours before, once with 5 concurrent cron runs, with the order's link; not earlier", async () => {
    const o = await unpaidOrder("remind");
    await fiveRuns(o.expiresAt - EXPIRY_REMINDER_MS - 60_000);
    expect(await emailsTo(o.email, "order-expiry-reminder")).toEqual([]);
    const at = o.expiresAt - EXPIRY_REMINDER_MS + 60_000;
    const runs = await fiveRuns(at);
    expect(runs.filter((r) => r.reminded.includes(o.n))).toHaveLength(1);
    const emails = await emailsTo(o.email, "order-expiry-reminder");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.data).toEqual({
      orderNumber: o.n,
      amountCents: o.placed.order.amountDue,
      expiresAt: o.expiresAt,
      link: `${SITE}/orders/${o.n}-${await keyOf(o.n)}`,
    });
    expect((await status(o.n)).expiry_reminded_at).toBe(at);
    // Later runs before expiry remind no more.
    await fiveRuns(o.expiresAt - 60_000);
    expect(await emailsTo(o.email, "order-expiry-reminder")).toHaveLength(1);
    expect((await status(o.n)).status).toBe("awaiting_payment");
  });
});

describe("the notice when an unpaid order expired", () => {
  it("is sent once with 5 concurrent cron runs, in the same step as the expiry, with the cart link to order again", async () => {
    const o = await unpaidOrder("expired");
    await fiveRuns(o.expiresAt - 1);
    expect(await emailsTo(o.email, "order-expired")).toEqual([]);
    const runs = await fiveRuns(o.expiresAt + 1);
    expect(runs.filter((r) => r.expired.includes(o.n))).toHaveLength(1);
    const row = await status(o.n);
    expect(row).toMatchObject({ status: "expired", expiry_notified_at: o.expiresAt + 1 });
    const emails = await emailsTo(o.email, "order-expired");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.data).toEqual({
      orderNumber: o.n,
      items: o.placed.order.lines.map((l) => ({ name: l.name, quantity: l.quantity })),
      cartLink: `${SITE}${(await env.DB.prepare("SELECT cart_link FROM orders WHERE order_number = ?").bind(o.n).first<{ cart_link: string }>())!.cart_link}`,
    });
    expect(String(emails[0]!.data.cartLink)).toMatch(/^https:\/\/loupe\.test\/cart\/\d/);
    // The cart link rebuilds a cart with the order's items.
    const shopper = await visitor();
    const rebuilt = await call(new URL(String(emails[0]!.data.cartLink)).pathname, { headers: { cookie: shopper.cookie } });
    expect(rebuilt.status).toBe(302);
    expect((await shopper.get()).EngagementRings[0]?.diamond?.lineId).toBe("diamond");
    await fiveRuns(o.expiresAt + 600_000);
    expect(await emailsTo(o.email, "order-expired")).toHaveLength(1);
  });

  it("runs from the Cron Trigger's handler at its scheduled time", async () => {
    const o = await unpaidOrder("trigger");
    const ctx = createExecutionContext();
    ordersCron({ scheduledTime: o.expiresAt + 1 }, env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await status(o.n)).status).toBe("expired");
    expect(await emailsTo(o.email, "order-expired")).toHaveLength(1);
  });

  it("tells nothing to the shopper of an order paid in time", async () => {
    const o = await unpaidOrder("paid");
    await payAtGateway(o.placed);
    await fiveRuns(o.expiresAt - EXPIRY_REMINDER_MS + 60_000);
    await fiveRuns(o.expiresAt + 1);
    expect((await status(o.n)).status).toBe("paid");
    expect(await emailsTo(o.email, "order-expiry-reminder")).toEqual([]);
    expect(await emailsTo(o.email, "order-expired")).toEqual([]);
  });
});
