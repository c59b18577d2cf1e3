/**
 * TD financing (worker/orders/payments/td.ts and the financing calls) inside workerd against the loopback TD
 * fake: what the shopper sees (the order paid, declined, waiting for the lender; the cart's financing fields)
 * and what TD sees (how many authorisations and captures really happened, under which idempotency keys):
 * success, decline, referred then approved by the Cron Trigger (an injected time), 5xx retried with the same
 * key, a timeout, and 20 concurrent approvals.
 */
import { createExecutionContext, env, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CartView } from "#shared/cart/schemas.ts";
import type { ApprovalResult, PlacedOrder } from "#shared/orders/schemas.ts";
import type { TdFinanceUrl } from "#shared/orders/td.ts";
import type { Bindings } from "#worker/env.ts";
import { ProviderUnavailable } from "#worker/orders/payments/provider.ts";
import { tdAdapterOf, tdConfig } from "#worker/orders/payments/td.ts";
import { financingCron } from "#worker/orders/td/cron.ts";
import { call } from "../helpers";
import { transitions } from "../orders/orders-helpers";
import { financedOrder, financingCart, type TdApp, tdApp } from "./td-control";

let next = 20;

const approval = async (res: Response) => ({ status: res.status, body: (await res.json()) as ApprovalResult });
const linkOf = (placed: PlacedOrder) => new URL(placed.payment.approvalUrl!).pathname.split("/").pop()!;
const decimal = (c: number) => (c / 100).toFixed(2);

/** A shopper whose financing order is placed with TD configured: its TD application and the approve call. */
async function tdShopper(app: TdApp) {
  const o = await financedOrder(app.bindings, next++);
  const n = o.placed.order.orderNumber;
  const approve = (body: Record<string, string>) =>
    o.send(`/api/orders/${n}/tdfinance/approve`, { method: "PUT", body: JSON.stringify({ paymentId: o.placed.payment.paymentId, ...body }) }).then(approval);
  return { ...o, n, link: linkOf(o.placed), approve };
}

/** Runs the financing step of the Cron Trigger at `now` with TD configured, and waits for its emails. */
async function runCron(app: TdApp, now: number) {
  const ctx = createExecutionContext();
  const run = await financingCron({ ...env, ...app.bindings } as Bindings, now, (p) => ctx.waitUntil(p));
  await waitOnExecutionContext(ctx);
  return run;
}

async function decisionEmails(orderNumber: string) {
  const { results } = await env.DB.prepare("SELECT data FROM email_outbox WHERE template = 'financing-decision' AND data LIKE ?")
    .bind(`%${orderNumber}%`)
    .all<{ data: string }>();
  return results.map((r) => JSON.parse(r.data) as { outcome: string; link: string });
}

describe("tdConfig", () => {
  it("is null unless the client id, secret, merchant id and API origin are all set", () => {
    const all = { TD_CLIENT_ID: " id ", TD_CLIENT_SECRET: "s", TD_MERCHANT_ID: "M1", TD_API_URL: "https://td.example/api/" };
    expect(tdConfig({})).toBeNull();
    for (const k of Object.keys(all)) expect(tdConfig({ ...all, [k]: " " })).toBeNull();
    expect(tdConfig(all)).toEqual({ clientId: "id", clientSecret: "s", merchantId: "M1", apiUrl: "https://td.example/api", timeoutMs: 10_000 });
  });
});

describe("TD financing through the worker", () => {
  it("success: the order's amount goes to TD's application; approved at TD, the approval authorises and captures once; the cart keeps only the last 4 digits", async () => {
    const app = await tdApp();
    const s = await tdShopper(app);
    expect(s.placed.payment.provider).toBe("td");
    expect(s.placed.payment.approvalUrl).toBe(`${app.config.apiUrl}/apply/${s.link}`);
    expect(await app.application(s.link)).toMatchObject({ status: "pending", amount: decimal(s.placed.order.amountDue) });
    // TD's page returns to the shop's one return page for the outcome, with our payment and its transaction link.
    const back = await fetch(`${s.placed.payment.approvalUrl}/approve`, { method: "POST", redirect: "manual" });
    expect(back.headers.get("location")).toBe(`https://loupe.test/order/td/approved?payment=${s.placed.payment.paymentId}&transactionLink=${s.link}`);
    const { accountNumber } = await app.application(s.link);
    // An account number that is not the application's is refused before anything is authorised.
    const otherLast4 = String((Number(accountNumber!.slice(-4)) + 1) % 10_000).padStart(4, "0");
    const wrong = await s.approve({ TdAccountNumber: `603500000000${otherLast4}`, TdCreditPlan: "PLAN36" });
    expect(wrong.status).toBe(400);
    expect(await app.authorizations(s.link)).toBe(0);
    const paid = await s.approve({ TdAccountNumber: accountNumber!.replace(/(\d{4})/g, "$1 ").trim(), TdCreditPlan: "PLAN36" });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      outcome: "paid",
      order: { status: "paid", payments: [{ provider: "td", status: "captured", amount: s.placed.order.amountDue }] },
    });
    expect([await app.authorizations(s.link), await app.captures(s.link)]).toEqual([1, 1]);
    const cart = (await (await s.send("/api/cart")).json()) as CartView;
    expect(cart).toMatchObject({ TdAccountNumber: accountNumber!.slice(-4), TdCreditPlan: "PLAN36", TdTransactionId: s.link, OrderDrafted: null });
    // Never the whole number at rest: not in the cart object's storage, not in the payment's records.
    const stub = env.CART.get(
      env.CART.idFromName((await env.DB.prepare("SELECT cart_key FROM orders WHERE order_number = ?").bind(s.n).first<{ cart_key: string }>())!.cart_key),
    );
    const stored = await runInDurableObject(stub, (_o, state) => JSON.stringify(state.storage.sql.exec("SELECT data FROM cart").toArray()));
    expect(stored).toContain(s.link);
    expect(stored).not.toContain(accountNumber!);
    const events = await env.DB.prepare("SELECT payload FROM payment_events WHERE order_number = ?").bind(s.n).all<{ payload: string }>();
    expect(events.results.length).toBeGreaterThan(0);
    for (const e of events.results) expect(e.payload).not.toContain(accountNumber!);
    // Approving again changes nothing.
    expect((await s.approve({ TdAccountNumber: accountNumber!, TdCreditPlan: "PLAN36" })).body.outcome).toBe("paid");
    expect(await app.captures(s.link)).toBe(1);
  });

  it("decline: TD declined the application — the order's payment failed, nothing authorised; GetTdFinanceUrl opens a new application that is paid", async () => {
    const app = await tdApp();
    const s = await tdShopper(app);
    await app.decide(s.link, "decline");
    const declined = await s.approve({ TdAccountNumber: "6035000000001234", TdCreditPlan: "PLAN12" });
    expect(declined.body).toMatchObject({ outcome: "declined", order: { status: "payment_failed" } });
    expect(declined.body.message).toContain("TD declined");
    expect(await app.authorizations(s.link)).toBe(0);
    const res = await s.send("/api/orders/GetTdFinanceUrl", { method: "POST", body: JSON.stringify({ entryType: "apply" }) });
    expect(res.status).toBe(200);
    const again = (await res.json()) as TdFinanceUrl;
    expect(again).toMatchObject({ orderNumber: s.n, provider: "td" });
    expect(again.transactionLink).not.toBe(s.link);
    expect(again.paymentId).not.toBe(s.placed.payment.paymentId);
    await app.decide(again.transactionLink!, "approve");
    const { accountNumber } = await app.application(again.transactionLink!);
    const paid = await s.send(`/api/orders/${s.n}/tdfinance/approve`, {
      method: "PUT",
      body: JSON.stringify({ paymentId: again.paymentId, TdAccountNumber: accountNumber, TdCreditPlan: "PLAN12" }),
    });
    expect((await approval(paid)).body).toMatchObject({ outcome: "paid", order: { status: "paid" } });
    expect((await transitions(s.n)).map((t) => t.to_status)).toEqual(["awaiting_payment", "payment_failed", "awaiting_payment", "paid"]);
  });

  it("referred, then approved later: the order waits for the lender; the Cron Trigger asks again, captures once and emails the decision once", async () => {
    const app = await tdApp();
    const s = await tdShopper(app);
    await app.decide(s.link, "refer");
    const t0 = Date.now();
    const referred = await s.approve({ TdAccountNumber: "6035000000001234", TdCreditPlan: "PLAN12" });
    expect(referred.body).toMatchObject({ outcome: "referred", order: { status: "financing_referred", statusLabel: "waiting for the lender's decision" } });
    // A referred application waits a week for the lender (longer than a day's unpaid order).
    expect(referred.body.order.expiresAt! - t0).toBeGreaterThan(6 * 24 * 3600_000);
    // An hour later the lender has not decided: the run asks, nothing changes, nothing is emailed.
    expect(await runCron(app, t0 + 3600_000)).toMatchObject({ decided: 0, emailed: 0 });
    expect(await decisionEmails(s.n)).toEqual([]);
    await app.lenderDecides(s.link, "approve");
    const run = await runCron(app, t0 + 2 * 24 * 3600_000);
    expect(run).toMatchObject({ decided: 1, emailed: 1 });
    expect((await transitions(s.n)).map((t) => [t.to_status, t.cause])).toEqual([
      ["awaiting_payment", "shopper"],
      ["financing_referred", "provider:td"],
      ["paid", "provider:td"],
    ]);
    expect([await app.authorizations(s.link), await app.captures(s.link)]).toEqual([1, 1]);
    const emails = await decisionEmails(s.n);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ outcome: "approved", link: expect.stringMatching(new RegExp(`/orders/${s.n}-[\\w-]{22}$`)) });
    // The cart keeps the financing the lender approved (the application's plan).
    expect((await (await s.send("/api/cart")).json()) as CartView).toMatchObject({ TdCreditPlan: "PLAN12", TdTransactionId: s.link });
    // Later runs find nothing to ask and nothing more to email.
    expect(await runCron(app, t0 + 2 * 24 * 3600_000 + 300_000)).toMatchObject({ decided: 0, emailed: 0 });
    expect(await decisionEmails(s.n)).toHaveLength(1);
  });

  it("referred, then declined later: the order's payment failed, nothing authorised, the shopper is emailed to pay another way", async () => {
    const app = await tdApp();
    const s = await tdShopper(app);
    await app.decide(s.link, "refer");
    expect((await s.approve({ TdAccountNumber: "6035000000001234", TdCreditPlan: "PLAN12" })).body.outcome).toBe("referred");
    await app.lenderDecides(s.link, "decline");
    const t = Date.now() + 3 * 3600_000;
    // Two runs at once: one email.
    const [a, b] = await Promise.all([runCron(app, t), runCron(app, t)]);
    expect(a.emailed + b.emailed).toBe(1);
    expect((await transitions(s.n)).at(-1)).toMatchObject({ from_status: "financing_referred", to_status: "payment_failed" });
    expect(await app.authorizations(s.link)).toBe(0);
    expect((await decisionEmails(s.n)).map((e) => e.outcome)).toEqual(["declined"]);
  });

  it("5xx from TD is retried with the same Idempotency-Key: one authorisation, one capture; exhausted retries answer 502 and the order waits", async () => {
    const app = await tdApp();
    const s = await tdShopper(app);
    await app.decide(s.link, "approve");
    const { accountNumber } = await app.application(s.link);
    const body = { TdAccountNumber: accountNumber!, TdCreditPlan: "PLAN12" };
    await app.fail(503, { times: 3, path: "/authorizations" });
    const down = await s.send(`/api/orders/${s.n}/tdfinance/approve`, {
      method: "PUT",
      body: JSON.stringify({ paymentId: s.placed.payment.paymentId, ...body }),
    });
    expect(down.status).toBe(502);
    expect(await app.authorizations(s.link)).toBe(0);
    // TD authorises but the answer is lost, twice: the third try with the same key gets the first authorisation back.
    await app.fail(502, { times: 2, processed: true, path: "/authorizations" });
    expect((await s.approve(body)).body).toMatchObject({ outcome: "paid", order: { status: "paid" } });
    expect([await app.authorizations(s.link), await app.captures(s.link)]).toEqual([1, 1]);
    const calls = (await app.stats()).requests.filter((r) => r.path === "/authorizations");
    expect(calls.map((r) => r.status)).toEqual([503, 503, 503, 502, 502, 201]);
    expect(new Set(calls.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(calls[0]!.idempotencyKey).toMatch(new RegExp(`^${s.n}-\\d+-capture$`));
  });

  it("20 concurrent approvals: one asks TD, the others answer 202; one authorisation, one capture, one paid transition", async () => {
    const app = await tdApp();
    const s = await tdShopper(app);
    await app.decide(s.link, "approve");
    const { accountNumber } = await app.application(s.link);
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.approve({ TdAccountNumber: accountNumber!, TdCreditPlan: "PLAN12" })));
    expect(answers.every((a) => (a.status === 200 && a.body.outcome === "paid") || (a.status === 202 && a.body.outcome === "processing"))).toBe(true);
    expect(answers.some((a) => a.body.outcome === "paid")).toBe(true);
    expect([await app.authorizations(s.link), await app.captures(s.link)]).toEqual([1, 1]);
    expect((await transitions(s.n)).filter((t) => t.to_status === "paid")).toHaveLength(1);
  });

  it("TD out of reach when the order is placed: 502 and nothing charged; the order is saved, and placing again opens its application", async () => {
    const app = await tdApp();
    const cart = await financingCart({ ...app.bindings, TD_API_URL: "http://127.0.0.1:9/td" }, next++);
    const down = await cart.place();
    expect(down.status).toBe(502);
    const n = ((await (await cart.send("/api/cart")).json()) as CartView).OrderDrafted!;
    expect(n).toMatch(/^LP\d{10}$/);
    const again = await call("/api/orders", { method: "POST", headers: { cookie: cart.cookie }, env: app.bindings });
    expect(again.status).toBe(200);
    const placed = (await again.json()) as PlacedOrder;
    expect(placed).toMatchObject({ order: { orderNumber: n, status: "awaiting_payment" }, payment: { provider: "td" } });
    expect(await app.application(linkOf(placed))).toMatchObject({ status: "pending" });
  });
});

describe("the TD adapter", () => {
  const request = (amountCents: number) => {
    const orderNumber = `LP${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
    return {
      orderNumber,
      amount: { amountCents, currency: "USD" as const },
      description: `Loupe order ${orderNumber}`,
      returnUrl: "https://loupe.test/order/td/{outcome}?payment=pay_x",
      cancelUrl: "https://loupe.test/order/td/cancelled?payment=pay_x",
      idempotencyKey: `create-${crypto.randomUUID()}`,
    };
  };

  it("a timeout is ProviderUnavailable at once; the same key later answers what TD did: one authorisation; refunds once per key", async () => {
    const app = await tdApp();
    const adapter = tdAdapterOf({ ...app.config, timeoutMs: 300 });
    const req = request(123_405);
    const created = await adapter.create(req);
    expect(await adapter.create(req)).toMatchObject({ providerPaymentId: created.providerPaymentId });
    const link = created.providerPaymentId!;
    await app.decide(link, "approve");
    const confirm = { providerPaymentId: link, amount: req.amount, orderNumber: req.orderNumber, idempotencyKey: `${req.idempotencyKey}-capture` };
    await app.hang({ processed: true, path: "/authorizations" });
    const started = Date.now();
    const error = await adapter.confirm(confirm).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await app.authorizations(link)).toBe(1);
    const outcome = await adapter.confirm(confirm);
    expect(outcome).toMatchObject({ status: "captured", amount: { amountCents: 123_405, currency: "USD" } });
    expect([await app.authorizations(link), await app.captures(link)]).toEqual([1, 1]);
    const captureId = (outcome as { providerCaptureId: string }).providerCaptureId;
    const refund = {
      providerPaymentId: link,
      providerCaptureId: captureId,
      amount: { amountCents: 5_000, currency: "USD" as const },
      reason: "r",
      orderNumber: req.orderNumber,
      idempotencyKey: `rf-${crypto.randomUUID()}`,
    };
    const first = await adapter.refund(refund);
    expect(first).toMatchObject({ status: "refunded", amount: { amountCents: 5_000 } });
    expect(await adapter.refund(refund)).toEqual(first);
    expect(await adapter.refund({ ...refund, idempotencyKey: "rf-too-much", amount: { amountCents: 123_405, currency: "USD" } })).toMatchObject({
      status: "failed",
    });
  });

  it("an application approved for less than the order is declined; a declined authorisation is declined; an early confirmation is pending", async () => {
    const app = await tdApp();
    const adapter = tdAdapterOf(app.config);
    const confirmOf = (req: ReturnType<typeof request>, link: string) => ({
      providerPaymentId: link,
      amount: req.amount,
      orderNumber: req.orderNumber,
      idempotencyKey: `${req.idempotencyKey}-capture`,
    });
    const a = request(500_000);
    const la = (await adapter.create(a)).providerPaymentId!;
    expect(await adapter.confirm(confirmOf(a, la))).toMatchObject({ status: "pending" });
    await app.decide(la, "approve", { approvedAmount: "4000.00" });
    expect(await adapter.confirm(confirmOf(a, la))).toMatchObject({ status: "declined", reason: expect.stringContaining("less than") });
    const b = request(10_000);
    const lb = (await adapter.create(b)).providerPaymentId!;
    await app.decide(lb, "approve");
    await app.declineNextAuthorization();
    expect(await adapter.confirm(confirmOf(b, lb))).toMatchObject({ status: "declined", reason: expect.stringContaining("insufficient credit") });
    expect(await app.captures(lb)).toBe(0);
  });
});
