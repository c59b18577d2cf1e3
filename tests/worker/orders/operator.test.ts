import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OrderView } from "#shared/orders/schemas.ts";
import { call, type ErrorBody } from "../helpers";
import { approveLocal, decideAtGateway, localIdOf, readyShopper, transitions } from "./orders-helpers";

const ADMIN = { authorization: "Bearer test-admin-token", "content-type": "application/json" };
const event = (orderNumber: string, name: string, headers: Record<string, string> = ADMIN) =>
  call(`/api/orders/${orderNumber}/status`, { method: "POST", headers, body: JSON.stringify({ event: name }) });

describe("operators move an order along", () => {
  it("confirms availability, ships and delivers a paid order, each recorded with the operator and the time", async () => {
    const s = await readyShopper("card");
    const { order, payment } = await s.placed();
    await decideAtGateway(payment.approvalUrl!, "approve");
    await approveLocal(order.orderNumber, localIdOf(payment.approvalUrl!));
    for (const [name, status] of [
      ["availability_confirmed", "availability_confirmed"],
      ["shipped", "shipped"],
      ["shipped", "shipped"],
      ["delivered", "delivered"],
    ] as const) {
      const res = await event(order.orderNumber, name, ADMIN);
      expect(res.status).toBe(200);
      expect(((await res.json()) as OrderView).status).toBe(status);
    }
    const moves = (await transitions(order.orderNumber)).filter((t) => t.cause === "operator:local-admin").map((t) => t.to_status);
    expect(moves).toEqual(["availability_confirmed", "shipped", "delivered"]);
    // A repeated "shipped" changed nothing and is not recorded as done.
    const { results } = await env.DB.prepare("SELECT action, actor, at FROM order_actions WHERE order_number = ? ORDER BY id")
      .bind(order.orderNumber)
      .all<{ action: string; actor: string; at: number }>();
    expect(results.map((a) => [a.action, a.actor])).toEqual([
      ["status:availability_confirmed", "operator:local-admin"],
      ["status:shipped", "operator:local-admin"],
      ["status:delivered", "operator:local-admin"],
    ]);
    expect(results.every((a) => a.at > 0)).toBe(true);
  });

  it("refuses a move the order's status does not allow, and is not there without the admin token", async () => {
    const s = await readyShopper("card");
    const { order } = await s.placed();
    const early = await event(order.orderNumber, "shipped");
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error.message).toMatch(/waiting for payment cannot be shipped/);
    expect((await event(order.orderNumber, "cancel", { "content-type": "application/json" })).status).toBe(404);
    const cancelled = await event(order.orderNumber, "cancel");
    expect(((await cancelled.json()) as OrderView).payments.every((p) => p.status === "cancelled")).toBe(true);
    expect((await event("LP0000000000", "cancel")).status).toBe(404);
  });
});
