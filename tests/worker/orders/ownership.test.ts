/**
 * Ownership of orders (docs/decisions/052-order-ownership.md): every operation of the contract that names an order
 * — found in its schemas, so a new one is walked without being listed here — is called against orders of each
 * provider, left just before their approval, by another signed-in shopper and by an anonymous caller who know
 * everything but the credential. Each answers 404 (an anonymous call to a customer-only operation: 401) and the
 * order's rows in D1 — the order, its payments, history, actions, emails — are exactly what they were. The
 * order's key, its own browser, its signed-in customer and the operator still work.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { orderKey, type OrderKeyBindings } from "#worker/orders/keys.ts";
import { bearer, confirmedUser, signIn } from "../accounts/account-helpers";
import { visitor } from "../cart/cart-helpers";
import { call, type ErrorBody } from "../helpers";
import { customerOrder } from "./lookup/lookup-helpers";
import { BY_PAYMENT, EXEMPT, orderOperations, requestOf, SAMPLES, snapshot, VICTIMS } from "./ownership-helpers";
import { decideAtGateway, localIdOf, placedWith } from "./orders-helpers";

const ADMIN = { authorization: "Bearer test-admin-token" };
let next = 0;

describe("the operations that name an order", () => {
  it("are found in the contract's schemas, each with a sample request; the exemptions and payment-named ones exist", () => {
    const ids = orderOperations().map((op) => op.operationId);
    // The flaw's own examples, and one of each kind of schema (path, body, payment), are among them.
    for (const id of ["approveBraintree", "approveAffirm", "approveSplitit", "approveTdFinance", "emailOrder", "getTdAccountNumber", "approveStripe"])
      expect(ids, id).toContain(id);
    for (const id of ids) expect(SAMPLES[id], `${id}: add a sample request to ownership-helpers.ts`).toBeDefined();
    const all = new Set([...ids, ...Object.keys(EXEMPT)]);
    for (const id of [...Object.keys(EXEMPT), ...Object.keys(BY_PAYMENT)]) expect(all, id).toContain(id);
  });
});

describe("another shopper, or the order number alone", () => {
  let stranger: Record<string, string>;
  beforeAll(async () => {
    const token = await signIn(await confirmedUser("intruder"));
    stranger = { cookie: (await visitor()).cookie, ...bearer(token) };
  });

  // Some 70 calls and their snapshots per order: longer than one request's test.
  for (const victim of VICTIMS)
    it(`changes nothing of an order paid through ${victim.name}: 404 to every call naming it`, { timeout: 90_000 }, async () => {
      const v = await victim.make(next++);
      const intruders = [
        { who: "another signed-in shopper", headers: stranger },
        { who: "an anonymous caller", headers: {} as Record<string, string> },
      ];
      for (const op of orderOperations()) {
        const { path, init } = requestOf(op, SAMPLES[op.operationId]!(v));
        for (const { who, headers } of intruders) {
          const before = await snapshot(v.n);
          const res = await call(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers }, env: v.bindings });
          const expected = op.auth === "user" && who === "an anonymous caller" ? 401 : 404;
          const label = `${op.operationId} by ${who}`;
          expect(res.status, `${label}: ${await res.clone().text()}`).toBe(expected);
          expect(((await res.json()) as ErrorBody).error.code, label).toBe(expected === 401 ? "unauthorized" : "not_found");
          expect(await snapshot(v.n), label).toEqual(before);
        }
      }
    });
});

describe("the order's key, its shopper and the operator", () => {
  it("the holder of the emailed link approves from any browser; the number alone still cannot", async () => {
    const o = await placedWith({}, "card", next++);
    const n = o.placed.order.orderNumber;
    const x = localIdOf(o.placed.payment.approvalUrl!);
    await decideAtGateway(o.placed.payment.approvalUrl!, "approve");
    expect((await call(`/api/orders/${n}/local/${x}/approve`, { method: "PUT" })).status).toBe(404);
    expect((await call(`/api/orders/${n}/local/${x}/approve?key=${"A".repeat(22)}`, { method: "PUT" })).status).toBe(404);
    const key = await orderKey(env as OrderKeyBindings, n);
    const res = await call(`/api/orders/${n}/local/${x}/approve?key=${key}`, { method: "PUT" });
    expect(res.status).toBe(200);
    expect((await res.json()) as ApprovalResult).toMatchObject({ outcome: "paid", order: { status: "paid" } });
  });

  it("the order's own browser approves, as the card page does (its cookie, no key)", async () => {
    const o = await placedWith({}, "paypal", next++);
    const n = o.placed.order.orderNumber;
    await decideAtGateway(o.placed.payment.approvalUrl!, "approve");
    const res = await o.send(`/api/orders/${n}/local/${localIdOf(o.placed.payment.approvalUrl!)}/approve`, { method: "PUT" });
    expect(((await res.json()) as ApprovalResult).outcome).toBe("paid");
  });

  it("the signed-in customer from another browser, and the operator, read and resume the order; the key holder too", async () => {
    const c = await customerOrder();
    const elsewhere = { cookie: (await visitor()).cookie, ...bearer(c.token) };
    expect((await call(`/api/orders/get-order-expiration/${c.orderNumber}`, { method: "POST", headers: elsewhere })).status).toBe(200);
    expect((await call(`/api/orders/payment/${c.orderNumber}`, { method: "POST", headers: elsewhere })).status).toBe(200);
    expect((await call(`/api/orders/get-order-expiration/${c.orderNumber}`, { method: "POST", headers: ADMIN })).status).toBe(200);
    const key = await orderKey(env as OrderKeyBindings, c.orderNumber);
    expect((await call(`/api/orders/get-order-expiration/${c.orderNumber}?key=${key}`, { method: "POST" })).status).toBe(200);
    expect((await call(`/api/orders/get-order-expiration/${c.orderNumber}`, { method: "POST" })).status).toBe(404);
  });
});
