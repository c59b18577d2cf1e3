/**
 * The email outbox against the loopback Resend fake: delivery after the request, retries with backoff (an
 * injected clock, no sleeps), permanent failures, idempotency, claims that never overlap, the lease of a
 * crashed delivery, the Cron Trigger, and no provider → `local`.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "#worker/index.ts";
import { BACKOFF_MS, deliverDue, deliverEmail, LEASE_MS, MAX_ATTEMPTS, queueEmail, senderConfig } from "#worker/email/outbox.ts";
import type { EmailMessage } from "#worker/email/templates.ts";
import { failNext, mailbox, requestsTo, resendEnv } from "./resend-control";

/** The injected clock's start: long before the real time, so only this file's rows are due. */
const T0 = Date.UTC(2001, 0, 1);
const MIN = 60_000;

interface Row {
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  provider_message_id: string | null;
  sent_at: number | null;
}

const row = (id: number) =>
  env.DB.prepare("SELECT * FROM email_outbox WHERE id = ?")
    .bind(id)
    .first<Row>()
    .then((r) => r!);

function confirmEmail(to: string): EmailMessage {
  return { to, template: "confirm-email", data: { firstName: "Ada", link: `https://loupe.test/register/confirm?email=${encodeURIComponent(to)}&stamp=s1` } };
}

const address = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** Queues with Resend at the fake and runs the request's delivery (`waitUntil`) to its end. */
async function queueAndDeliver(message: EmailMessage, now: number): Promise<number> {
  const pending: Promise<unknown>[] = [];
  const { id } = await queueEmail(resendEnv(), { message, clientIp: null }, (p) => pending.push(p), now);
  if (id === null) throw new Error("not queued");
  expect(pending).toHaveLength(1);
  await Promise.all(pending);
  return id;
}

describe("email outbox", () => {
  // The sender logs each delivery (one JSON line); the tests read the rows and the fake instead.
  beforeEach(() => {
    vi.spyOn(console, "log").mockImplementation(() => {});
  });

  it("without RESEND_API_KEY keeps the email as local and never sends it", async () => {
    const to = address("local");
    const pending: Promise<unknown>[] = [];
    const id = (await queueEmail(env, { message: confirmEmail(to), clientIp: null }, (p) => pending.push(p), T0)).id!;
    expect(pending).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: "local", attempts: 0 });
    expect(await deliverDue(senderConfig(env), T0 + 365 * 24 * 60 * MIN)).toEqual([]);
    expect(await row(id)).toMatchObject({ status: "local", attempts: 0 });
  });

  it("delivers after the request: one email with both bodies, the sender, the key and the idempotency key", async () => {
    const to = address("sent");
    const id = await queueAndDeliver(confirmEmail(to), T0);
    const [email, ...more] = await mailbox(to);
    expect(more).toEqual([]);
    expect(email).toMatchObject({ from: "Loupe <hello@loupe.example>", to: [to], subject: "Confirm your email address", idempotencyKey: `outbox-${id}` });
    expect(email!.authorization).toBe("Bearer re_test_key");
    expect(email!.html).toContain(`href="https://loupe.test/register/confirm?email=${encodeURIComponent(to)}&amp;stamp=s1"`);
    expect(email!.text).toContain(`https://loupe.test/register/confirm?email=${encodeURIComponent(to)}&stamp=s1`);
    expect(email!.headers).toEqual({});
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, provider_message_id: email!.id, sent_at: T0, last_error: null });
  });

  it("a 5xx then a success gives exactly one delivery, a minute later", async () => {
    const to = address("retry");
    await failNext(to, 1, 500);
    const id = await queueAndDeliver(confirmEmail(to), T0);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "queued", attempts: 1, next_attempt_at: T0 + MIN });
    expect(failed.last_error).toContain("HTTP 500");
    expect(await mailbox(to)).toEqual([]);

    // Not due yet a second early; due at the minute.
    expect((await deliverDue(senderConfig(resendEnv()), T0 + MIN - 1)).some((o) => o.id === id)).toBe(false);
    expect((await deliverDue(senderConfig(resendEnv()), T0 + MIN)).find((o) => o.id === id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await deliverDue(senderConfig(resendEnv()), T0 + 60 * MIN).then((all) => all.some((o) => o.id === id))).toBe(false);

    expect(await mailbox(to)).toHaveLength(1);
    expect((await requestsTo(to)).map((r) => r.status)).toEqual([500, 200]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("backs off 1 min, 5 min, 30 min, 2 h, 6 h and gives up after the 6th attempt", async () => {
    const to = address("backoff");
    await failNext(to, MAX_ATTEMPTS, 503);
    const config = senderConfig(resendEnv());
    let now = T0;
    const id = await queueAndDeliver(confirmEmail(to), now);
    for (const delay of BACKOFF_MS) {
      expect(await row(id)).toMatchObject({ status: "queued", next_attempt_at: now + delay });
      expect(await deliverEmail(config, id, now + delay - 1)).toEqual({ id, status: "skipped" });
      now += delay;
      await deliverEmail(config, id, now);
    }
    const gaveUp = await row(id);
    expect(gaveUp).toMatchObject({ status: "failed", attempts: 6 });
    expect(gaveUp.last_error).toContain("HTTP 503");
    expect(await deliverEmail(config, id, now + 24 * 60 * MIN)).toEqual({ id, status: "skipped" });
    expect(await requestsTo(to)).toHaveLength(6);
    expect(await mailbox(to)).toEqual([]);
  });

  it("a permanent 4xx marks the email failed at once", async () => {
    const to = address("permanent");
    await failNext(to, 1, 422);
    const id = await queueAndDeliver(confirmEmail(to), T0);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.last_error).toContain("HTTP 422 validation_error");
    expect((await deliverDue(senderConfig(resendEnv()), T0 + 24 * 60 * MIN)).some((o) => o.id === id)).toBe(false);
    expect(await requestsTo(to)).toHaveLength(1);
  });

  it("a 429 is retried no sooner than the backoff", async () => {
    const to = address("limited");
    await failNext(to, 1, 429);
    const id = await queueAndDeliver(confirmEmail(to), T0);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 1, next_attempt_at: T0 + MIN });
    expect(await deliverEmail(senderConfig(resendEnv()), id, T0 + MIN)).toMatchObject({ status: "sent" });
    expect(await mailbox(to)).toHaveLength(1);
  });

  it("a retry after a lost answer gets the first id back and never delivers twice", async () => {
    const to = address("lost");
    const id = await queueAndDeliver(confirmEmail(to), T0);
    const first = await row(id);
    // The answer was lost: the row still says queued although Resend sent the email.
    await env.DB.prepare("UPDATE email_outbox SET status = 'queued', provider_message_id = NULL, next_attempt_at = ? WHERE id = ?")
      .bind(T0 + MIN, id)
      .run();
    expect(await deliverEmail(senderConfig(resendEnv()), id, T0 + MIN)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await row(id)).toMatchObject({ status: "sent", provider_message_id: first.provider_message_id });
    expect(await mailbox(to)).toHaveLength(1);
    expect((await requestsTo(to)).map((r) => r.replayed)).toEqual([false, true]);
  });

  it("two deliveries of one row at once send it once: the request's and the cron's claims never overlap", async () => {
    const to = address("race");
    await failNext(to, 1, 500);
    const id = await queueAndDeliver(confirmEmail(to), T0);
    const config = senderConfig(resendEnv());
    const outcomes = await Promise.all([deliverEmail(config, id, T0 + MIN), deliverEmail(config, id, T0 + MIN), deliverDue(config, T0 + MIN)]);
    const statuses = [outcomes[0].status, outcomes[1].status, ...outcomes[2].filter((o) => o.id === id).map((o) => o.status)];
    expect(statuses.filter((s) => s === "sent")).toHaveLength(1);
    expect(statuses.filter((s) => s !== "sent").every((s) => s === "skipped")).toBe(true);
    expect((await requestsTo(to)).map((r) => r.status)).toEqual([500, 200]);
  });

  it("a delivery that never finished (a crashed isolate) is due again when its 10-minute lease ends", async () => {
    const to = address("crashed");
    // A row whose first delivery claimed it at T0 and never came back.
    const id = (await queueEmail(env, { message: confirmEmail(to), clientIp: null }, () => {}, T0)).id!;
    await env.DB.prepare("UPDATE email_outbox SET status = 'sending', attempts = 1, next_attempt_at = ? WHERE id = ?")
      .bind(T0 + LEASE_MS, id)
      .run();
    expect(await row(id)).toMatchObject({ status: "sending", attempts: 1 });
    expect(await deliverEmail(senderConfig(resendEnv()), id, T0 + LEASE_MS - 1)).toEqual({ id, status: "skipped" });
    expect(await deliverEmail(senderConfig(resendEnv()), id, T0 + LEASE_MS)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await mailbox(to)).toHaveLength(1);
  });

  it("the Cron Trigger's handler delivers the due rows", async () => {
    const to = address("cron");
    await failNext(to, 1, 500);
    const id = await queueAndDeliver(confirmEmail(to), T0);
    expect(await row(id)).toMatchObject({ status: "queued" });

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: T0 + MIN, cron: "*/5 * * * *" }), resendEnv(), ctx);
    await waitOnExecutionContext(ctx);

    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await mailbox(to)).toHaveLength(1);
  });

  it("marketing emails go out with the one-click unsubscribe headers", async () => {
    const to = address("offer");
    const unsubscribeLink = "https://loupe.test/Home/UnsubscribeEmailAction?u=abc";
    await queueAndDeliver({ to, template: "welcome-offer", data: { code: "WELCOME100", shopLink: "https://loupe.test/diamond-search", unsubscribeLink } }, T0);
    const [email] = await mailbox(to);
    expect(email!.headers).toEqual({ "List-Unsubscribe": `<${unsubscribeLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(email!.text).toContain("WELCOME100");
  });
});
