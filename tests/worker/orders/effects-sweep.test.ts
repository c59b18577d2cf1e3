/**
 * Effects left behind are completed by the order cron (docs/decisions/060-order-effects.md): a transition whose
 * request never ran its effects (a crash after the batch: here the service called with no request to run them
 * after) leaves them pending — the cron's sweep sends the one confirmation and empties the cart; a runner that
 * died holding an effect gives it back when its lease passes; concurrent sweeps run each effect once.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CartView } from "#shared/cart/schemas.ts";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import { type OrdersCronBindings, ordersCronWork } from "#worker/orders/expiry.ts";
import { EFFECT_LEASE_MS, runEffects } from "#worker/orders/reactor.ts";
import { approveLocal, type OrderBindings } from "#worker/orders/service.ts";
import { confirmations, effectsOf, PAID_EFFECTS_DONE } from "./effects-helpers";
import { ADDRESS, cartWith, decideAtGateway, localIdOf } from "./orders-helpers";

let next = 47;

/** An order approved at the embedded gateway and paid by a call that runs none of its effects (the crash). */
async function paidWithoutEffects() {
  const cart = await cartWith({}, "card", next++);
  const email = `sweep-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await cart.send("/api/cart", {
    method: "POST",
    body: JSON.stringify({ type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true }),
  });
  const placed = (await (await cart.place()).json()) as PlacedOrder;
  await decideAtGateway(placed.payment.approvalUrl!, "approve");
  const n = placed.order.orderNumber;
  const paid = await approveLocal(env as unknown as OrderBindings, n, localIdOf(placed.payment.approvalUrl!), Date.now());
  expect(paid.outcome).toBe("paid");
  return { ...cart, n, cartView: async () => (await (await cart.send("/api/cart")).json()) as CartView };
}

const sweep = (now: number) => ordersCronWork(env as unknown as OrdersCronBindings, now);

describe("the order cron's sweep of effects", () => {
  it("completes what a crash after the transition left pending: one confirmation, the cart emptied", async () => {
    const o = await paidWithoutEffects();
    expect(await confirmations(o.n)).toBe(0);
    expect((await effectsOf(o.n)).map((e) => e.state)).toEqual(["pending", "pending", "pending", "pending"]);
    expect((await o.cartView()).EngagementRings).toHaveLength(1);
    const run = await sweep(Date.now());
    expect(run.effects).toBeGreaterThanOrEqual(4);
    expect(await confirmations(o.n)).toBe(1);
    expect(await effectsOf(o.n)).toEqual(PAID_EFFECTS_DONE);
    expect((await o.cartView()).EngagementRings).toEqual([]);
    // Another run (and another) sends nothing more.
    await sweep(Date.now() + 60_000);
    expect(await confirmations(o.n)).toBe(1);
  });

  it("takes an effect back from a runner that died holding it, once its lease has passed", async () => {
    const o = await paidWithoutEffects();
    const t0 = Date.now();
    // A runner claimed the confirmation and died before running it.
    await env.DB.prepare("UPDATE order_effects SET state = 'running', claimed_until = ?, attempts = 1 WHERE order_number = ? AND kind = 'confirmation-email'")
      .bind(t0 + EFFECT_LEASE_MS, o.n)
      .run();
    await sweep(t0);
    expect(await confirmations(o.n)).toBe(0);
    expect((await effectsOf(o.n)).find((e) => e.kind === "confirmation-email")!.state).toBe("running");
    await sweep(t0 + EFFECT_LEASE_MS);
    expect(await confirmations(o.n)).toBe(1);
    expect((await effectsOf(o.n)).find((e) => e.kind === "confirmation-email")).toMatchObject({ state: "done", attempts: 2 });
  });

  it("runs each effect once under 10 concurrent runners", async () => {
    const o = await paidWithoutEffects();
    const now = Date.now();
    const done = await Promise.all(Array.from({ length: 10 }, () => runEffects(env as unknown as OrderBindings, { now }, o.n)));
    expect(done.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await confirmations(o.n)).toBe(1);
    expect(await effectsOf(o.n)).toEqual(PAID_EFFECTS_DONE);
  });
});
