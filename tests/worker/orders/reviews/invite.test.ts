/**
 * The delivered order's review invitation (issue 22 point 5; decision 037): one email when the order becomes
 * delivered — five simultaneous `delivered` events still one — with a star row per product, the survey and the
 * unsubscribe link; none when the order (or an earlier order of the address) is unsubscribed.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OrderView } from "#shared/orders/schemas.ts";
import { inviteAfterDelivery } from "#worker/orders/reviews/invite.ts";
import { freshEmail } from "../../accounts/account-helpers";
import { call } from "../../helpers";
import { transitions } from "../orders-helpers";
import { api, deliveredOrder, form, invitation, invitations, pathOf, shippedOrder } from "./reviews-helpers";

describe("the review invitation", () => {
  it("a delivered order emails the shopper once: a star row per product, the survey and the unsubscribe link", async () => {
    const o = await shippedOrder();
    expect(await invitations(o.email)).toEqual([]);
    const res = await o.deliver();
    expect(((await res.json()) as OrderView).status).toBe("delivered");
    const mail = await invitation(o.email);
    expect(mail.orderNumber).toBe(o.orderNumber);
    expect(mail.products).toHaveLength(1);
    const links = mail.products[0]!.ratingLinks;
    expect(links.map((l) => new URL(l).pathname.split("/")[3])).toEqual(["1", "2", "3", "4", "5"]);
    // One review request (the same id and key in every star of the row), made at the delivery.
    const ids = new Set(links.map((l) => new URL(l).pathname.split("/").slice(4).join("/")));
    expect(ids.size).toBe(1);
    expect(links[0]).toMatch(/^https:\/\/loupe\.test\/orders\/user-product-review\/1\/rr[0-9a-f]{16}\/[\w-]{22}$/);
    const rows = await env.DB.prepare("SELECT id, name FROM review_requests WHERE order_number = ?").bind(o.orderNumber).all<{ id: string; name: string }>();
    expect(rows.results.map((r) => r.name)).toEqual([mail.products[0]!.name]);
    expect(mail.surveyLink).toBe(`https://loupe.test/orders/survey/${o.orderNumber}?key=${o.key}`);
    expect(mail.unsubscribeLink).toBe(`https://loupe.test/unsubscribe-user-review/${o.orderNumber}/${o.key}`);

    // Delivered again: nothing more.
    expect((await o.deliver()).status).toBe(200);
    expect(await invitations(o.email)).toHaveLength(1);
  });

  it("five simultaneous delivered events: one transition, one email, one set of review requests", async () => {
    const o = await shippedOrder();
    const answers = await Promise.all(Array.from({ length: 5 }, () => o.deliver()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await transitions(o.orderNumber)).filter((t) => t.to_status === "delivered")).toHaveLength(1);
    expect(await invitations(o.email)).toHaveLength(1);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM review_requests WHERE order_number = ?").bind(o.orderNumber).first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("five simultaneous invitations of one delivered order (a retried hook) still send one email", async () => {
    const o = await deliveredOrder();
    await env.DB.batch([
      env.DB.prepare("DELETE FROM review_requests WHERE order_number = ?").bind(o.orderNumber),
      env.DB.prepare("DELETE FROM review_invitations WHERE order_number = ?").bind(o.orderNumber),
      env.DB.prepare("DELETE FROM email_outbox WHERE recipient = ?").bind(o.email),
    ]);
    const ctx = { origin: "https://loupe.test", now: Date.now(), waitUntil: () => {} };
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => inviteAfterDelivery(env, o.orderNumber, ctx)));
    expect(outcomes.filter((x) => x.sent)).toHaveLength(1);
    expect(outcomes.filter((x) => !x.sent && x.reason === "already-invited")).toHaveLength(4);
    expect(await invitations(o.email)).toHaveLength(1);
  });

  it("an order not delivered yet is not invited", async () => {
    const o = await shippedOrder();
    expect(await inviteAfterDelivery(env, o.orderNumber, { origin: "https://loupe.test", now: Date.now(), waitUntil: () => {} })).toEqual({
      sent: false,
      reason: "not-delivered",
    });
    expect(await invitations(o.email)).toEqual([]);
  });
});

describe("unsubscribing from review emails", () => {
  it("the API stops the next email: unsubscribed before delivery, the order is delivered without one (idempotent)", async () => {
    const o = await shippedOrder();
    for (let i = 0; i < 2; i++) {
      const res = await api("/orders/unsubscribe-order-review", { orderNumber: o.orderNumber, key: o.key });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ orderNumber: o.orderNumber, reviewEmails: false });
    }
    expect((await o.deliver()).status).toBe(200);
    expect(await invitations(o.email)).toEqual([]);
  });

  it("the email's link stops the address's next order's email: the page asks, its button (or a one-click post) unsubscribes", async () => {
    const email = freshEmail("review-unsub");
    const first = await deliveredOrder(email);
    const { unsubscribeLink } = await invitation(email);
    const page = await (await call(pathOf(unsubscribeLink))).text();
    expect(page).toContain("Unsubscribe");
    // Opening the link changed nothing.
    const flag = () => env.DB.prepare("SELECT review_emails AS f FROM orders WHERE order_number = ?").bind(first.orderNumber).first<{ f: number }>();
    expect((await flag())!.f).toBe(1);
    // A mail client's one-click unsubscribe (RFC 8058): a POST of its own, from no page of this site.
    const posted = await call(pathOf(unsubscribeLink), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("You are unsubscribed");
    expect((await flag())!.f).toBe(0);

    const second = await deliveredOrder(email);
    expect(second.orderNumber).not.toBe(first.orderNumber);
    expect(await invitations(email)).toHaveLength(1);
  });

  it("a wrong key: 404 from the API and the page, nothing changed", async () => {
    const o = await shippedOrder();
    const wrong = `${o.key.slice(0, -2)}xx`;
    expect((await api("/orders/unsubscribe-order-review", { orderNumber: o.orderNumber, key: wrong })).status).toBe(404);
    expect((await call(`/unsubscribe-user-review/${o.orderNumber}/${wrong}`)).status).toBe(404);
    expect((await form(`/unsubscribe-user-review/${o.orderNumber}/${wrong}`, {})).status).toBe(404);
    expect((await o.deliver()).status).toBe(200);
    expect(await invitations(o.email)).toHaveLength(1);
  });
});
