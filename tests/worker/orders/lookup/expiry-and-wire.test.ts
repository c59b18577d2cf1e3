/** Unpaid orders expiring on the Cron Trigger's clock (injected), and the operator's "wire received" applied exactly once. */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { type ExpiryBindings, expireUnpaid, ordersCron } from "#worker/orders/expiry.ts";
import { UNPAID_EXPIRY_MS } from "#worker/orders/service.ts";
import { transitions } from "../orders-helpers";
import { expiration, guestOrder, orderRow, paymentRows, wireReceived } from "./lookup-helpers";

describe("expiring unpaid orders", () => {
  it("expires an order unpaid past its time (cause expiry) and cancels its open payment; not a minute before", async () => {
    const g = await guestOrder("card");
    const expiresAt = g.placed.order.expiresAt!;
    expect(await expireUnpaid(env as unknown as ExpiryBindings, expiresAt - 60_000)).not.toContain(g.orderNumber);
    expect((await orderRow(g.orderNumber)).status).toBe("awaiting_payment");
    expect(await expireUnpaid(env as unknown as ExpiryBindings, expiresAt)).toContain(g.orderNumber);
    expect((await orderRow(g.orderNumber)).status).toBe("expired");
    expect((await transitions(g.orderNumber)).at(-1)).toEqual({ from_status: "awaiting_payment", to_status: "expired", event: "expire", cause: "expiry" });
    expect((await paymentRows(g.orderNumber)).map((p) => p.status)).toEqual(["cancelled"]);
    expect(await (await expiration(g.orderNumber, g.headers)).json()).toEqual({ orderNumber: g.orderNumber, expiresAt, expired: true });
    // A later run finds nothing more to do for it.
    expect(await expireUnpaid(env as unknown as ExpiryBindings, expiresAt + 3600_000)).not.toContain(g.orderNumber);
    expect((await transitions(g.orderNumber)).filter((t) => t.event === "expire")).toHaveLength(1);
  });

  it("runs on the Cron Trigger at its scheduled time", async () => {
    const g = await guestOrder("paypal");
    const ctx = createExecutionContext();
    ordersCron({ scheduledTime: g.placed.order.expiresAt! + 1 }, env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await orderRow(g.orderNumber)).status).toBe("expired");
  });

  it("leaves a paid order alone, and gives a bank wire a week", async () => {
    const w = await guestOrder("wire");
    expect(w.placed.order.expiresAt! - w.placed.order.createdAt).toBeGreaterThanOrEqual(UNPAID_EXPIRY_MS.wire - 5_000);
    expect((await wireReceived(w.orderNumber)).status).toBe(200);
    expect(await expireUnpaid(env as unknown as ExpiryBindings, w.placed.order.expiresAt! + 1)).not.toContain(w.orderNumber);
    expect((await orderRow(w.orderNumber)).status).toBe("paid");
  });
});

describe("operator: wire received", () => {
  it("captures the wire and pays the order once, however often it is called (cause operator)", async () => {
    const w = await guestOrder("wire");
    const first = await wireReceived(w.orderNumber);
    expect(first.status).toBe(200);
    const body = (await first.json()) as ApprovalResult;
    expect(body.outcome).toBe("paid");
    expect(body.order.status).toBe("paid");
    expect(body.order.payments).toEqual([expect.objectContaining({ provider: "wire", status: "captured", amount: w.placed.order.amountDue })]);
    const second = await wireReceived(w.orderNumber);
    expect(second.status).toBe(200);
    expect(((await second.json()) as ApprovalResult).outcome).toBe("paid");
    const paid = (await transitions(w.orderNumber)).filter((t) => t.to_status === "paid");
    expect(paid).toEqual([{ from_status: "awaiting_payment", to_status: "paid", event: "payment_captured", cause: "operator" }]);
  });

  it("applies 10 concurrent calls once", async () => {
    const w = await guestOrder("wire");
    const answers = await Promise.all(Array.from({ length: 10 }, () => wireReceived(w.orderNumber)));
    expect(answers.every((a) => a.status === 200 || a.status === 202)).toBe(true);
    expect((await transitions(w.orderNumber)).filter((t) => t.to_status === "paid")).toHaveLength(1);
    expect((await paymentRows(w.orderNumber)).map((p) => p.status)).toEqual(["captured"]);
  });

  it("still pays an order expired before the wire arrived", async () => {
    const w = await guestOrder("wire");
    await expireUnpaid(env as unknown as ExpiryBindings, w.placed.order.expiresAt!);
    expect((await orderRow(w.orderNumber)).status).toBe("expired");
    const res = await wireReceived(w.orderNumber);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ApprovalResult).order.status).toBe("paid");
    expect((await transitions(w.orderNumber)).at(-1)).toMatchObject({ from_status: "expired", to_status: "paid", cause: "operator" });
  });

  it("is for operators only (404 without the admin token), and 404 for an order with no wire waiting", async () => {
    const w = await guestOrder("wire");
    expect((await wireReceived(w.orderNumber, {})).status).toBe(404);
    expect((await orderRow(w.orderNumber)).status).toBe("awaiting_payment");
    const card = await guestOrder("card");
    expect((await wireReceived(card.orderNumber)).status).toBe(404);
    expect((await wireReceived("LP0000000004")).status).toBe(404);
  });
});
