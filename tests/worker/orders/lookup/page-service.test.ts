/** The server's OrderService for the order pages (worker/loaders/orders.ts): own orders, email links, re-payment, the account's orders, tracking. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OrderService } from "#client/order-context.ts";
import { serverOrders } from "#worker/loaders/orders.ts";
import { LINK_VALID_MS } from "#worker/orders/lookup/confirmation.ts";
import { freshIp } from "../../accounts/account-helpers";
import { visitor } from "../../cart/cart-helpers";
import { ADDRESS, decideAtGateway } from "../orders-helpers";
import { customerOrder, guestOrder, keyOf } from "./lookup-helpers";

function service(visitorId: string, user: { id: number; userGuid: string } | null = null, now = Date.now, ip = freshIp()): OrderService {
  return serverOrders({
    env,
    shopper: async () => ({ visitorId, userGuid: user?.userGuid ?? null, location: null, promoVariation: 0 }),
    user: async () => user,
    origin: "https://loupe.test",
    ip,
    now,
    waitUntil: (p) => sent.push(p),
  });
}

/** The confirmation emails' deliveries queued by the service (the outbox rows are written before). */
const sent: Promise<unknown>[] = [];

describe("the order pages' service", () => {
  it("shows the shopper's own order, and null to anyone else", async () => {
    const g = await guestOrder();
    expect((await service(g.visitorId).get(g.orderNumber))?.orderNumber).toBe(g.orderNumber);
    expect(await service((await visitor()).visitorId).get(g.orderNumber)).toBeNull();
  });

  it("opens an emailed link for 90 days after the order; a wrong key or a later visit shows nothing", async () => {
    const g = await guestOrder();
    const slug = `${g.orderNumber}-${await keyOf(g.orderNumber)}`;
    const stranger = (await visitor()).visitorId;
    expect((await service(stranger).bySlug(slug))?.orderNumber).toBe(g.orderNumber);
    expect(await service(stranger).bySlug(`${g.orderNumber}-${await keyOf("LP0000000005")}`)).toBeNull();
    expect(await service(stranger).bySlug(g.orderNumber)).toBeNull();
    const later = () => g.placed.order.createdAt + LINK_VALID_MS + 1;
    expect(await service(stranger, null, later).bySlug(slug)).toBeNull();
  });

  it("confirms a return from the gateway with the gateway, then offers no re-payment for the paid order", async () => {
    const g = await guestOrder();
    const s = service(g.visitorId);
    const early = await s.confirmReturn(g.orderNumber, g.placed.payment.paymentId, {});
    expect(early.ok && early.outcome).toBe("pending");
    await decideAtGateway(g.placed.payment.approvalUrl!, "approve");
    const paid = await s.confirmReturn(g.orderNumber, g.placed.payment.paymentId, {});
    expect(paid.ok && paid.order.status).toBe("paid");
    const repay = await s.repay(g.orderNumber);
    expect(repay).toMatchObject({ ok: false, kind: "conflict" });
    const forged = await s.confirmReturn(g.orderNumber, "pay_forged", {});
    expect(forged).toMatchObject({ ok: false, kind: "not_found" });
  });

  it("starts a new payment for an unpaid order of this shopper only", async () => {
    const g = await guestOrder();
    const again = await service(g.visitorId).repay(g.orderNumber);
    expect(again.ok && again.payment.paymentId).toBe(g.placed.payment.paymentId);
    expect(await service((await visitor()).visitorId).repay(g.orderNumber)).toMatchObject({ ok: false, kind: "not_found" });
  });

  it("places the cart's order, or says why not", async () => {
    const empty = await service((await visitor()).visitorId).place();
    expect(empty).toMatchObject({ ok: false, kind: "conflict" });
  });

  it("lists the signed-in customer's orders, newest first; nothing when signed out", async () => {
    const c = await customerOrder();
    const user = { id: c.userId, userGuid: c.userGuid };
    const mine = await service((await visitor()).visitorId, user).mine();
    expect(mine?.map((o) => o.orderNumber)).toEqual([c.orderNumber]);
    expect(await service((await visitor()).visitorId).mine()).toBeNull();
  });

  it("tracks by number and email with the same answer for a wrong email and a missing order", async () => {
    const g = await guestOrder();
    const s = service((await visitor()).visitorId);
    const found = await s.track(g.orderNumber, ` ${ADDRESS.email.toUpperCase()} `);
    expect(found.ok && found.order.shipsTo).toBe("Austin, TX");
    const wrong = await s.track(g.orderNumber, "x@example.com");
    const missing = await s.track("LP0000000006", ADDRESS.email);
    expect(wrong).toEqual(missing);
    expect(wrong).toMatchObject({ ok: false, kind: "not_found" });
  });
});
