/**
 * The worker tests' handle on the loopback Resend fake (tests/fakes/resend.ts): an env whose sender points at
 * it, and its control calls (fail the next requests, read what it received).
 */
import { env } from "cloudflare:test";
import { inject } from "vitest";
import type { FakeEmail, FakeRequest } from "../../fakes/resend";
import type { Bindings } from "#worker/env.ts";

/** The test env with Resend configured at the fake (key, API origin, sender). */
export function resendEnv(): Bindings {
  return { ...env, RESEND_API_KEY: "re_test_key", RESEND_API_URL: `${inject("fakesOrigin")}/resend`, EMAIL_FROM: "Loupe <hello@loupe.example>" };
}

async function control<T>(action: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${inject("fakesOrigin")}/__control/resend/${action}`, { method: "POST", body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** The next `count` requests to `to` answer `status`. */
export const failNext = (to: string, count: number, status: number) => control<{ ok: true }>("fail", { to, count, status });
/** The emails the fake accepted for `to` (what the mailbox holds). */
export const mailbox = (to: string) => control<FakeEmail[]>("emails", { to });
/** Every request the fake answered for `to`, with its status. */
export const requestsTo = (to: string) => control<FakeRequest[]>("requests", { to });
