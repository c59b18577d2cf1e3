/**
 * TD financing's calls and pages around the payment (issue 22 point 3), inside workerd: GetTdFinanceUrl's return
 * addresses (never an open redirect), the embedded gateway as the lender with its stand-in account, the account
 * calls (TD's, and the stand-in's; the account number lookup in td-account-lookup.test.ts), and the pages — the one
 * return page for the four outcomes, which believes the server and not its address, and the lost-account-number
 * form without JavaScript.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CartView } from "#shared/cart/schemas.ts";
import type { ApprovalResult, PlacedOrder } from "#shared/orders/schemas.ts";
import type { TdAccountInfo, TdFinanceUrl } from "#shared/orders/td.ts";
import { orderKey, type OrderKeyBindings } from "#worker/orders/keys.ts";
import { financingCron } from "#worker/orders/td/cron.ts";
import { LOCAL_TD_ACCOUNT } from "#worker/orders/td/local.ts";
import type { ErrorBody } from "../helpers";
import { decideAtGateway } from "../orders/orders-helpers";
import { financedOrder, financingCart, type TdApp, tdApp } from "./td-control";

let next = 60;
const json = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const linkOf = (placed: PlacedOrder) => new URL(placed.payment.approvalUrl!).pathname.split("/").pop()!;

/** A TD shopper whose application TD answered `decision`, and the approve call. */
async function tdShopper(app: TdApp, decision?: "approve" | "decline" | "refer" | "cancel") {
  const o = await financedOrder(app.bindings, next++);
  const link = linkOf(o.placed);
  if (decision) await app.decide(link, decision);
  const approve = (body: Record<string, string>) =>
    o.send(`/api/orders/${o.placed.order.orderNumber}/tdfinance/approve`, {
      method: "PUT",
      body: JSON.stringify({ paymentId: o.placed.payment.paymentId, ...body }),
    });
  return { ...o, link, n: o.placed.order.orderNumber, approve };
}

/** A page as a browser opens it (a document). */
async function page(send: (path: string, init?: RequestInit) => Promise<Response>, path: string) {
  const res = await send(path, { headers: { accept: "text/html" } });
  return { status: res.status, html: await res.text() };
}

/** A page's main content (the layout's header and footer left out). */
const mainOf = (html: string) => html.slice(html.indexOf('<main id="main">'), html.indexOf("</main>"));
/** Every link of a page's main content. */
const anchors = (html: string) => [...mainOf(html).matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

describe("GetTdFinanceUrl", () => {
  it("refuses return addresses off this site; TD returns to this site's addresses given, with the payment; another shopper gets 404", async () => {
    const app = await tdApp();
    const s = await tdShopper(app, "decline");
    expect((await s.approve({ TdAccountNumber: "6035000000001234", TdCreditPlan: "PLAN12" })).status).toBe(200);
    for (const bad of [
      "https://evil.example/x",
      "//evil.example/x",
      "javascript:alert(1)",
      "https://loupe.test.evil.example/",
      "http://loupe.test/x",
      "/\\evil.example",
    ]) {
      const res = await s.send("/api/orders/GetTdFinanceUrl", json({ entryType: "apply", approvedUrl: "/ok", declinedUrl: bad }));
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as ErrorBody).error.details).toEqual([{ path: "declinedUrl", message: "A return address must be on this site" }]);
    }
    const res = await s.send(
      "/api/orders/GetTdFinanceUrl",
      json({ entryType: "existing", approvedUrl: "/thanks?from=td#top", referredUrl: "https://loupe.test/wait" }),
    );
    expect(res.status).toBe(200);
    const url = (await res.json()) as TdFinanceUrl;
    expect(url).toMatchObject({ orderNumber: s.n, provider: "td", url: `${app.config.apiUrl}/apply/${url.transactionLink}` });
    const back = (decision: string) => fetch(`${url.url}/${decision}`, { method: "POST", redirect: "manual" }).then((r) => r.headers.get("location"));
    expect(await back("approve")).toBe(`https://loupe.test/thanks?from=td&payment=${url.paymentId}&transactionLink=${url.transactionLink}`);
    // Asking again answers the same application.
    expect((await (await s.send("/api/orders/GetTdFinanceUrl", json({ entryType: "apply" }))).json()) as TdFinanceUrl).toEqual(url);
    const stranger = await financingCart(app.bindings, next++);
    expect((await stranger.send("/api/orders/GetTdFinanceUrl", json({ entryType: "apply", orderNumber: s.n }))).status).toBe(404);
    expect((await stranger.send("/api/orders/GetTdFinanceUrl", json({ entryType: "apply" }))).status).toBe(404);
  });
});

describe("the embedded gateway as the lender (no TD configured, APP_ENV local)", () => {
  it("approves at the gateway; the stand-in's account and plans; a wrong account or plan is refused; paid once; the cart keeps 4242", async () => {
    const o = await financedOrder({}, next++);
    const n = o.placed.order.orderNumber;
    expect(o.placed.payment).toMatchObject({ provider: "local", approvalUrl: expect.stringMatching(/\/dev\/gateway\/lgp_[0-9a-f]{32}$/) });
    const link = linkOf(o.placed);
    const gateway = await page(o.send, new URL(o.placed.payment.approvalUrl!).pathname);
    expect(gateway.html).toContain("the financing lender (TD)");
    expect(gateway.html).toContain("Refer for review");
    const back = await decideAtGateway(o.placed.payment.approvalUrl!, "approve");
    expect(back.headers.get("location")).toBe(`https://loupe.test/order/td/approved?payment=${o.placed.payment.paymentId}`);
    const info = await o.send("/api/orders/GetTdAccountInfo", json({ transactionLink: link, accountNumber: LOCAL_TD_ACCOUNT }));
    expect((await info.json()) as TdAccountInfo).toMatchObject({
      accountNumberLast4: "4242",
      status: "open",
      creditPlans: [{ code: "PLAN12" }, { code: "PLAN36" }],
    });
    const stranger = await financingCart({}, next++);
    expect((await stranger.send("/api/orders/GetTdAccountInfo", json({ transactionLink: link, accountNumber: LOCAL_TD_ACCOUNT }))).status).toBe(404);
    const approve = (TdAccountNumber: string, TdCreditPlan: string) =>
      o.send(`/api/orders/${n}/tdfinance/approve`, {
        method: "PUT",
        body: JSON.stringify({ paymentId: o.placed.payment.paymentId, TdAccountNumber, TdCreditPlan }),
      });
    expect((await approve("6035320000001111", "PLAN36")).status).toBe(400);
    expect((await approve(LOCAL_TD_ACCOUNT, "PLAN99")).status).toBe(400);
    const paid = await approve("6035 3200 0000 4242", "PLAN36");
    expect(((await paid.json()) as ApprovalResult).outcome).toBe("paid");
    expect((await (await o.send("/api/cart")).json()) as CartView).toMatchObject({ TdAccountNumber: "4242", TdCreditPlan: "PLAN36", TdTransactionId: link });
    const captures = await env.DB.prepare("SELECT captures FROM local_gateway_payments WHERE id = ?").bind(link).first<{ captures: number }>();
    expect(captures?.captures).toBe(1);
    expect((await o.send("/api/orders/GetTdFinanceUrl", json({ entryType: "apply" }))).status).toBe(404);
    expect((await o.send("/api/orders/GetTdFinanceUrl", json({ entryType: "apply", orderNumber: n }))).status).toBe(409);
  });

  it("referred at the gateway: the return page says the lender is reviewing; the lender approves later on the gateway page; the Cron Trigger makes the order paid and emails it once", async () => {
    const o = await financedOrder({}, next++);
    const n = o.placed.order.orderNumber;
    const back = await decideAtGateway(o.placed.payment.approvalUrl!, "refer");
    const returned = await page(o.send, new URL(back.headers.get("location")!).pathname + new URL(back.headers.get("location")!).search);
    expect(returned.status).toBe(200);
    expect(returned.html).toContain("The lender is reviewing your application");
    const lender = await page(o.send, new URL(o.placed.payment.approvalUrl!).pathname);
    expect(lender.html).toContain("Lender approves");
    await decideAtGateway(o.placed.payment.approvalUrl!, "approve");
    const ctx = createExecutionContext();
    const run = await financingCron(env, Date.now() + 600_000, (p) => ctx.waitUntil(p));
    await waitOnExecutionContext(ctx);
    expect(run.emailed).toBe(1);
    const success = await page(o.send, `/orders/${n}/success`);
    expect(success.html).toContain('data-testid="order-status">paid<');
    const { results } = await env.DB.prepare("SELECT data FROM email_outbox WHERE template = 'financing-decision' AND data LIKE ?").bind(`%${n}%`).all();
    expect(results).toHaveLength(1);
    expect((await (await o.send("/api/cart")).json()) as CartView).toMatchObject({ TdAccountNumber: "4242", TdCreditPlan: "PLAN12" });
  });
});

describe("GetTdAccountInfo and GetTdAccountNumber", () => {
  it("TD's account of the shopper's own application; another account number or another shopper is not found", async () => {
    const app = await tdApp();
    const s = await tdShopper(app, "approve");
    const { accountNumber } = await app.application(s.link);
    const res = await s.send("/api/orders/GetTdAccountInfo", json({ transactionLink: s.link, accountNumber }));
    expect(res.status).toBe(200);
    expect((await res.json()) as TdAccountInfo).toEqual({
      accountNumberLast4: accountNumber!.slice(-4),
      status: "open",
      availableCredit: s.placed.order.amountDue,
      creditPlans: [
        { code: "PLAN12", description: "12 months, no interest if paid in full", months: 12, apr: 0 },
        { code: "PLAN36", description: "36 equal monthly payments", months: 36, apr: 9.99 },
      ],
    });
    expect((await s.send("/api/orders/GetTdAccountInfo", json({ transactionLink: s.link, accountNumber: "6035000000000000" }))).status).toBe(404);
    const stranger = await financingCart(app.bindings, next++);
    expect((await stranger.send("/api/orders/GetTdAccountInfo", json({ transactionLink: s.link, accountNumber }))).status).toBe(404);
  });
});

describe("the return page /order/td/{outcome}", () => {
  it("believes TD, not its address: 'approved' in the address with a declined application shows the decline; approved shows paid; every link stays on this site", async () => {
    const app = await tdApp();
    const declined = await tdShopper(app, "decline");
    const d = await page(declined.send, `/order/td/approved?payment=${declined.placed.payment.paymentId}&transactionLink=${declined.link}`);
    expect(d.status).toBe(200);
    expect(d.html).toContain("Your financing application was declined");
    expect(d.html).toContain(`href="/orders/re-payment/${declined.n}"`);
    const approved = await tdShopper(app, "approve");
    const evil = encodeURIComponent("https://evil.example/");
    const a = await page(
      approved.send,
      `/order/td/approved?payment=${approved.placed.payment.paymentId}&transactionLink=${approved.link}&returnUrl=${evil}&next=//evil.example`,
    );
    expect(a.html).toContain("Your financing is approved");
    expect(a.html).toContain(`href="/orders/${approved.n}/success"`);
    for (const href of anchors(a.html)) expect(href, href).toMatch(/^\/(?!\/)/);
    // Nothing of the query reaches the page's content (the header's sign-in link keeps its own return path).
    expect(mainOf(a.html)).not.toContain("evil.example");
    expect((await approved.send(`/api/orders/GetTdFinanceUrl`, json({ entryType: "apply", orderNumber: approved.n }))).status).toBe(409);
    const cancelled = await tdShopper(app, "cancel");
    const c = await page(cancelled.send, `/order/td/cancelled?payment=${cancelled.placed.payment.paymentId}`);
    expect(c.html).toContain("Your financing application was cancelled");
    expect(c.html).toContain(`href="/orders/re-payment/${cancelled.n}"`);
  });

  it("an unknown outcome, a missing or unknown payment is the not-found page", async () => {
    const o = await financedOrder({}, next++);
    const id = o.placed.payment.paymentId;
    expect((await page(o.send, `/order/td/maybe?payment=${id}`)).status).toBe(404);
    expect((await page(o.send, "/order/td/approved")).status).toBe(404);
    expect((await page(o.send, `/order/td/approved?payment=pay_${"0".repeat(32)}`)).status).toBe(404);
  });
});

describe("/financing-account-lookup", () => {
  it("a form that works without JavaScript (alias /recover): the emailed link's order and key fill it; the number found, masked; or the problems beside their fields", async () => {
    const o = await financedOrder({}, next++);
    const n = o.placed.order.orderNumber;
    const key = await orderKey(env as OrderKeyBindings, n);
    // Another browser holding the emailed link: the order and its key come from the address.
    const elsewhere = await financingCart({}, next++);
    for (const path of [`/financing-account-lookup?order=${n}&key=${key}`, `/recover?order=${n}&key=${key}`]) {
      const p = await page(elsewhere.send, path);
      expect(p.status, path).toBe(200);
      expect(p.html).toContain('aria-label="Find your account number"');
      expect(p.html).toContain(`value="${n}"`);
      expect(p.html).toContain(`value="${key}"`);
    }
    const post = (form: Record<string, string>) =>
      elsewhere.send("/financing-account-lookup", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test", accept: "text/html", "cf-connecting-ip": "192.0.2.99" },
        body: new URLSearchParams(form).toString(),
      });
    const found = await post({ orderNumber: n, key, lastName: "Byron", postalCode: "78701", ssnLast4: "4321", dateOfBirth: "" });
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain('data-testid="td-account-number">**** **** **** 4242<');
    expect(html).not.toContain(LOCAL_TD_ACCOUNT);
    expect(html).not.toMatch(/value="4321"/);
    // Without the key this browser is not the order's: not found, and nothing looked up.
    const stranger = await post({ orderNumber: n, key: "", lastName: "Byron", postalCode: "78701", ssnLast4: "4321", dateOfBirth: "" });
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toContain("We found no financing order of yours with this number");
    const wrong = await post({ orderNumber: n, key, lastName: "", postalCode: "787", ssnLast4: "", dateOfBirth: "" });
    expect(wrong.status).toBe(400);
    const problems = await wrong.text();
    expect(problems).toContain('id="field-lastName-error"');
    expect(problems).toContain("Enter a 5-digit ZIP code");
  });
});
