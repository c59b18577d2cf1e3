/**
 * The email gate (worker/email/gate.ts; docs/decisions/053-email-limits-and-unsubscribe.md) as a shopper, a
 * stranger and an abuser meet it: mail asked for again never crowds out an order's own confirmation; one client
 * address makes at most its hourly emails, exactly even when asked at once; one recipient gets at most its
 * hourly emails however many addresses ask; cron mail counts for no client, and a client's address is forgotten
 * once it no longer counts.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import type { WizardSearch } from "#shared/search-wizard/schemas.ts";
import { emailCron } from "#worker/email/cron.ts";
import { EMAILS_PER_CLIENT_HOUR, EMAILS_PER_RECIPIENT_HOUR, EMAIL_WINDOW_MS } from "#worker/email/gate.ts";
import { queueEmail } from "#worker/email/outbox.ts";
import type { EmailMessage } from "#worker/email/templates.ts";
import { EXPIRY_REMINDER_MS, remindBeforeExpiry } from "#worker/orders/expiry-notices.ts";
import { call, postJson } from "../helpers";
import { diamonds, visitor } from "../cart/cart-helpers";
import { ADDRESS } from "../orders/orders-helpers";
import { emailsTo, freshEmail, payAtGateway } from "../orders/ring-size-helpers";

let n = 0;
/** A client address of this file's own (203.0.113.0/24 is for documentation: no other test uses it). */
const clientIp = () => `203.0.113.${(n++ % 250) + 1}`;

/** A guest's unpaid card order to a fresh email (a diamond of this file's own). */
async function unpaidOrder(tag: string) {
  const v = await visitor();
  const email = freshEmail(tag);
  await v.ok({ type: "add-diamond", diamondId: (await diamonds())[20 + (n % 5)]!.id });
  await v.ok({ type: "set-addresses", shippingAddress: { ...ADDRESS, email }, billingSameAsShipping: true });
  await v.ok({ type: "set-payment-method", paymentMethod: "card" });
  const res = await call("/api/orders", { method: "POST", headers: { cookie: v.cookie } });
  expect(res.status).toBe(201);
  return { email, cookie: v.cookie, placed: (await res.json()) as PlacedOrder };
}

async function wizardSearch(): Promise<WizardSearch> {
  const res = await postJson("/api/SearchWizard/search", { price: 7000, shape: 1, IsLabGrown: false });
  expect(res.status).toBe(200);
  return (await res.json()) as WizardSearch;
}

/** Asks the wizard to email its recommendations to `email`, from client address `ip`. */
const recommend = (searchId: string, email: string, ip: string) =>
  postJson("/api/SearchWizard/get-recommendations", { searchId, email }, { "cf-connecting-ip": ip });

const rowsTo = async (email: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM email_outbox WHERE recipient = ? COLLATE NOCASE").bind(email).first<{ n: number }>())!.n;

function expectRetryAfter(res: Response) {
  const seconds = Number(res.headers.get("retry-after"));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(EMAIL_WINDOW_MS / 1000);
}

describe("the email gate", () => {
  it(`${EMAILS_PER_RECIPIENT_HOUR.other} "email me this order" calls fill the asked-for mail; the next answers 429; the paid order's confirmation still goes out`, async () => {
    const o = await unpaidOrder("emailorder");
    const orderNumber = o.placed.order.orderNumber;
    const headers = { cookie: o.cookie, "cf-connecting-ip": clientIp() };
    for (let i = 0; i < EMAILS_PER_RECIPIENT_HOUR.other; i++) expect((await postJson("/api/orders/EmailOrder", { orderNumber }, headers)).status).toBe(200);
    const refused = await postJson("/api/orders/EmailOrder", { orderNumber }, headers);
    expect(refused.status).toBe(429);
    expectRetryAfter(refused);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");

    await payAtGateway(o.placed);
    const confirmations = await emailsTo(o.email, "order-confirmation");
    expect(confirmations).toHaveLength(EMAILS_PER_RECIPIENT_HOUR.other + 1);
    expect(confirmations.at(-1)!.data).toMatchObject({ orderNumber, status: "paid" });
  });

  it(`30 requests at once from one client address to 30 strangers: exactly ${EMAILS_PER_CLIENT_HOUR.other} emails, the rest 429`, async () => {
    const s = await wizardSearch();
    const ip = clientIp();
    const strangers = Array.from({ length: 30 }, (_, i) => freshEmail(`stranger${i}`));
    const answers = await Promise.all(strangers.map((email) => recommend(s.searchId, email, ip)));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(EMAILS_PER_CLIENT_HOUR.other);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited).toHaveLength(30 - EMAILS_PER_CLIENT_HOUR.other);
    for (const r of limited) expectRetryAfter(r);
    const written = await Promise.all(strangers.map(rowsTo));
    expect(written.reduce((a, b) => a + b, 0)).toBe(EMAILS_PER_CLIENT_HOUR.other);
    // Another client is not held back by this one.
    expect((await recommend(s.searchId, freshEmail("other-client"), clientIp())).status).toBe(202);
  });

  it(`one stranger gets ${EMAILS_PER_RECIPIENT_HOUR.other} asked-for emails an hour, asked from as many addresses as you like, +tags and capitals alike`, async () => {
    const s = await wizardSearch();
    const [local, domain] = freshEmail("victim").split("@") as [string, string];
    const spellings = Array.from({ length: 8 }, (_, i) => (i % 2 ? `${local}+${i}@${domain.toUpperCase()}` : `${local.toUpperCase()}@${domain}`));
    const statuses: number[] = [];
    for (const email of spellings) statuses.push((await recommend(s.searchId, email, clientIp())).status);
    expect(statuses).toEqual([...Array(EMAILS_PER_RECIPIENT_HOUR.other).fill(202), ...Array(8 - EMAILS_PER_RECIPIENT_HOUR.other).fill(429)]);
    const { results } = await env.DB.prepare("SELECT COUNT(*) AS n FROM email_outbox WHERE target = ?").bind(`${local}@${domain}`).all<{ n: number }>();
    expect(results[0]!.n).toBe(EMAILS_PER_RECIPIENT_HOUR.other);
  });

  it("cron mail counts for no client: a client address at its limit does not hold back the order cron's reminder", async () => {
    // The cron's clock (injected) and the requests' share one hour, long before the real time: only these rows count.
    const T = Date.UTC(2003, 4, 5, 12);
    const ip = clientIp();
    const stranger = (i: number): EmailMessage => ({
      to: freshEmail(`flood${i}`),
      template: "welcome-offer",
      data: { code: "W", shopLink: "https://loupe.test/", unsubscribeLink: null },
    });
    for (let i = 0; i < EMAILS_PER_CLIENT_HOUR.other; i++)
      expect((await queueEmail(env, { message: stranger(i), clientIp: ip }, () => {}, T)).id).not.toBeNull();
    expect(await queueEmail(env, { message: stranger(99), clientIp: ip }, () => {}, T)).toMatchObject({ id: null, limit: "client" });

    const o = await unpaidOrder("cron");
    await env.DB.prepare("UPDATE orders SET expires_at = ? WHERE order_number = ?")
      .bind(T + EXPIRY_REMINDER_MS - 60_000, o.placed.order.orderNumber)
      .run();
    const reminded = await remindBeforeExpiry({ env, origin: "https://loupe.test" }, T);
    expect(reminded).toContain(o.placed.order.orderNumber);
    const row = await env.DB.prepare("SELECT client_ip, category FROM email_outbox WHERE recipient = ? AND template = 'order-expiry-reminder'")
      .bind(o.email)
      .first<{ client_ip: string | null; category: string }>();
    expect(row).toEqual({ client_ip: null, category: "transactional" });

    // Once out of the hour, the email cron forgets the client address (it no longer counts for anything).
    const held = () => env.DB.prepare("SELECT COUNT(*) AS n FROM email_outbox WHERE client_ip = ?").bind(ip).first<{ n: number }>();
    expect((await held())!.n).toBe(EMAILS_PER_CLIENT_HOUR.other);
    const ctx = createExecutionContext();
    emailCron({ scheduledTime: T + EMAIL_WINDOW_MS - 1 }, env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await held())!.n).toBe(EMAILS_PER_CLIENT_HOUR.other);
    const later = createExecutionContext();
    emailCron({ scheduledTime: T + EMAIL_WINDOW_MS }, env, later);
    await waitOnExecutionContext(later);
    expect((await held())!.n).toBe(0);
  });
});
