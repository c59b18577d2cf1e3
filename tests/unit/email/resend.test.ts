/**
 * The Resend client with a stubbed fetch: the request it makes (endpoint, bearer key, idempotency key, JSON
 * body as Resend documents it) and how it reads answers — which failures are retried and which are final —
 * and the outbox's backoff schedule.
 */
import { describe, expect, it } from "vitest";
import { type OutgoingEmail, type ResendConfig, sendViaResend } from "#worker/email/resend.ts";
import { BACKOFF_MS, MAX_ATTEMPTS, retryDelay, senderConfig } from "#worker/email/outbox.ts";

const EMAIL: OutgoingEmail = { to: "ada@example.com", subject: "Hello", html: "<p>Hi</p>", text: "Hi", headers: {} };

function stub(answer: () => Response | Promise<Response>) {
  const seen: { url: string; init: RequestInit }[] = [];
  const config: ResendConfig = {
    apiKey: "re_key",
    apiUrl: "https://api.resend.test/",
    from: "Loupe <hello@loupe.example>",
    timeoutMs: 1000,
    fetch: async (url, init) => {
      seen.push({ url, init });
      return answer();
    },
  };
  return { config, seen };
}

const resendError = (status: number, name: string, headers: Record<string, string> = {}) =>
  Response.json({ statusCode: status, name, message: `${name} happened` }, { status, headers });

describe("sendViaResend", () => {
  it("POSTs {from, to: [..], subject, html, text} to /emails with the bearer key and the idempotency key", async () => {
    const { config, seen } = stub(() => Response.json({ id: "em_1" }));
    expect(await sendViaResend(config, { ...EMAIL, headers: { "List-Unsubscribe": "<https://x.test/u>" } }, "outbox-7")).toEqual({ ok: true, id: "em_1" });
    const [{ url, init }] = seen as [(typeof seen)[0]];
    expect(url).toBe("https://api.resend.test/emails");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ Authorization: "Bearer re_key", "Content-Type": "application/json", "Idempotency-Key": "outbox-7" });
    expect(JSON.parse(init.body as string)).toEqual({
      from: "Loupe <hello@loupe.example>",
      to: ["ada@example.com"],
      subject: "Hello",
      html: "<p>Hi</p>",
      text: "Hi",
      headers: { "List-Unsubscribe": "<https://x.test/u>" },
    });
  });

  it("leaves out empty headers", async () => {
    const { config, seen } = stub(() => Response.json({ id: "em_2" }));
    await sendViaResend(config, EMAIL, "outbox-8");
    expect(JSON.parse(seen[0]!.init.body as string)).not.toHaveProperty("headers");
  });

  it("retries 5xx, 429 (with its Retry-After), a 409 for a key still in flight, network errors and answers without an id", async () => {
    expect(await sendViaResend(stub(() => resendError(500, "internal_server_error")).config, EMAIL, "k")).toEqual({
      ok: false,
      retryable: true,
      error: "HTTP 500 internal_server_error: internal_server_error happened",
    });
    expect(await sendViaResend(stub(() => resendError(429, "rate_limit_exceeded", { "Retry-After": "2" })).config, EMAIL, "k")).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 2000,
    });
    expect(await sendViaResend(stub(() => resendError(409, "concurrent_idempotent_requests")).config, EMAIL, "k")).toMatchObject({ retryable: true });
    expect(await sendViaResend(stub(() => new Response("bad gateway", { status: 502 })).config, EMAIL, "k")).toEqual({
      ok: false,
      retryable: true,
      error: "HTTP 502: bad gateway",
    });
    const offline = await sendViaResend(stub(() => Promise.reject(new TypeError("connection refused"))).config, EMAIL, "k");
    expect(offline).toMatchObject({ ok: false, retryable: true });
    expect(offline.ok === false && offline.error).toContain("connection refused");
    expect(await sendViaResend(stub(() => Response.json({})).config, EMAIL, "k")).toMatchObject({ ok: false, retryable: true });
  });

  it("treats other 4xx as final", async () => {
    for (const [status, name] of [
      [400, "validation_error"],
      [401, "missing_api_key"],
      [403, "invalid_api_key"],
      [409, "invalid_idempotent_request"],
      [422, "invalid_from_address"],
    ] as const) {
      expect(await sendViaResend(stub(() => resendError(status, name)).config, EMAIL, "k")).toEqual({
        ok: false,
        retryable: false,
        error: `HTTP ${status} ${name}: ${name} happened`,
      });
    }
  });
});

describe("the outbox's schedule and configuration", () => {
  it("waits 1 min, 5 min, 30 min, 2 h, 6 h and stops after the 6th attempt", () => {
    expect(BACKOFF_MS).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]);
    expect(MAX_ATTEMPTS).toBe(6);
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, null, null]);
  });

  it("has no provider without a key, and Resend's API and the default sender with one", () => {
    const db = {} as D1Database;
    expect(senderConfig({ DB: db }).resend).toBeNull();
    expect(senderConfig({ DB: db, RESEND_API_KEY: "  " }).resend).toBeNull();
    expect(senderConfig({ DB: db, RESEND_API_KEY: "re_x" }).resend).toMatchObject({
      apiKey: "re_x",
      apiUrl: "https://api.resend.com",
      from: "Loupe <hello@loupe.example>",
    });
    expect(senderConfig({ DB: db, RESEND_API_KEY: "re_x", RESEND_API_URL: "http://127.0.0.1:9/resend", EMAIL_FROM: "Shop <a@b.test>" }).resend).toMatchObject({
      apiUrl: "http://127.0.0.1:9/resend",
      from: "Shop <a@b.test>",
    });
  });
});
