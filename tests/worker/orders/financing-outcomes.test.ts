/**
 * The four financing outcomes as order states (issue 22, §4: approved, declined, cancelled, referred), through
 * the embedded gateway standing in for a lender, and the pay-over-time methods it collects locally.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { approveLocal, decideAtGateway, gatewayCaptures, localIdOf, readyShopper, transitions } from "./orders-helpers";
import { call } from "../helpers";

const DAY = 24 * 3600_000;

describe("financing outcomes through the embedded gateway", () => {
  it("returns a financed order to the one TD page with its outcome, and approved makes it paid", async () => {
    const s = await readyShopper("financing");
    const { order, payment } = await s.placed();
    expect(payment.provider).toBe("local");
    const page = await call(new URL(payment.approvalUrl!).pathname);
    const html = await page.text();
    expect(html).toContain("the financing lender (TD)");
    for (const label of ["Approve payment", "Decline", "Refer for review", "Cancel application"]) expect(html).toContain(label);
    const back = await decideAtGateway(payment.approvalUrl!, "approve");
    expect(back.headers.get("location")).toBe(`https://loupe.test/order/td/approved?payment=${payment.paymentId}`);
    const paid = await approveLocal(order.orderNumber, localIdOf(payment.approvalUrl!));
    expect(paid.body.order.status).toBe("paid");
  });

  it("referred: the order waits for the lender (a week), then the lender's approval pays it once", async () => {
    const s = await readyShopper("financing");
    const { order, payment } = await s.placed();
    const id = localIdOf(payment.approvalUrl!);
    const back = await decideAtGateway(payment.approvalUrl!, "refer");
    expect(back.headers.get("location")).toBe(`https://loupe.test/order/td/referred?payment=${payment.paymentId}`);
    const before = Date.now();
    const referred = await approveLocal(order.orderNumber, id);
    expect(referred.body.outcome).toBe("referred");
    expect(referred.body.order.status).toBe("financing_referred");
    expect(referred.body.order.statusLabel).toBe("waiting for the lender's decision");
    expect(referred.body.order.expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    // Asking again before the lender decides changes nothing.
    expect((await approveLocal(order.orderNumber, id)).body.order.status).toBe("financing_referred");
    // The lender decides later, on the gateway's page.
    const lender = await call(new URL(payment.approvalUrl!).pathname);
    expect(await lender.text()).toContain("Lender approves");
    await decideAtGateway(payment.approvalUrl!, "approve");
    const answers = await Promise.all(Array.from({ length: 10 }, () => approveLocal(order.orderNumber, id)));
    expect(answers.every((a) => a.body.outcome === "paid" || a.body.outcome === "processing")).toBe(true);
    expect(await gatewayCaptures(id)).toBe(1);
    expect((await transitions(order.orderNumber)).map((t) => t.to_status)).toEqual(["awaiting_payment", "financing_referred", "paid"]);
  });

  it("referred then declined: the order waits for another payment", async () => {
    const s = await readyShopper("financing");
    const { order, payment } = await s.placed();
    const id = localIdOf(payment.approvalUrl!);
    await decideAtGateway(payment.approvalUrl!, "refer");
    await approveLocal(order.orderNumber, id);
    await decideAtGateway(payment.approvalUrl!, "decline");
    const declined = await approveLocal(order.orderNumber, id);
    expect(declined.body.outcome).toBe("declined");
    expect(declined.body.message).toMatch(/lender declined/i);
    expect(declined.body.order.status).toBe("payment_failed");
  });

  it("cancelled: nothing charged, the order still waits for payment and can be paid again", async () => {
    const s = await readyShopper("affirm");
    const { order, payment } = await s.placed();
    const id = localIdOf(payment.approvalUrl!);
    const page = await (await call(new URL(payment.approvalUrl!).pathname)).text();
    expect(page).toContain("Affirm");
    expect(page).not.toContain("Refer for review");
    // Only a lender refers: the answer is refused by the gateway, nothing changes.
    await decideAtGateway(payment.approvalUrl!, "refer");
    expect((await env.DB.prepare("SELECT status FROM local_gateway_payments WHERE id = ?").bind(id).first<{ status: string }>())!.status).toBe("created");
    const back = await decideAtGateway(payment.approvalUrl!, "cancel");
    expect(back.headers.get("location")).toBe(`https://loupe.test/orders/re-payment/${order.orderNumber}`);
    const cancelled = await approveLocal(order.orderNumber, id);
    expect(cancelled.body.outcome).toBe("cancelled");
    expect(cancelled.body.order.status).toBe("awaiting_payment");
    expect(cancelled.body.order.payments[0]!.status).toBe("cancelled");
    const again = await s.repay(order.orderNumber);
    expect(again.status).toBe(200);
    const next = (await again.json()) as { payment: { paymentId: string; approvalUrl: string } };
    expect(next.payment.paymentId).not.toBe(payment.paymentId);
    await decideAtGateway(next.payment.approvalUrl, "approve");
    expect((await approveLocal(order.orderNumber, localIdOf(next.payment.approvalUrl))).body.order.status).toBe("paid");
  });

  it("pays Splitit through the gateway, and records what each order line is", async () => {
    const s = await readyShopper("splitit");
    const { order, payment } = await s.placed();
    await decideAtGateway(payment.approvalUrl!, "approve");
    expect((await approveLocal(order.orderNumber, localIdOf(payment.approvalUrl!))).body.order.status).toBe("paid");
    const item = await env.DB.prepare("SELECT kind, diamond_id, retailer_id, sku, size_required, availability FROM order_items WHERE order_number = ?")
      .bind(order.orderNumber)
      .first<{ kind: string; diamond_id: number; retailer_id: number; sku: string; size_required: number; availability: string }>();
    const stone = await env.DB.prepare("SELECT retailer_id, certificate_id FROM diamonds WHERE id = ?")
      .bind(s.diamond.id)
      .first<{ retailer_id: number; certificate_id: string }>();
    expect(item).toEqual({
      kind: "diamond",
      diamond_id: s.diamond.id,
      retailer_id: stone!.retailer_id,
      sku: stone!.certificate_id,
      size_required: 0,
      availability: "unconfirmed",
    });
  });
});
