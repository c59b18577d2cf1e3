import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { Bindings } from "#worker/env.ts";
import worker from "#worker/index.ts";
import { checkContract } from "./contract";

/**
 * Sends a request to the worker (its default export, with the test env — `init.env` replaces some bindings,
 * e.g. a provider's URL pointing at a loopback fake — and a fresh execution context whose
 * waitUntil work is awaited before the call resolves) as a browser would, without following redirects. Every
 * `/api` answer is checked against the contract (contract.ts): an undocumented status or a body that does
 * not match its documented schema fails the calling test.
 * Not `exports.default.fetch`: in @cloudflare/vitest-pool-workers 0.15.1 every call through that entrypoint
 * wrapper nests one more Proxy on its prototype (cloudflare/workers-sdk#15092), so each request got slower
 * than the last (docs/decisions/005-dependency-pins.md).
 */
export async function call(path: string, init: RequestInit & { cf?: Record<string, unknown>; env?: Partial<Bindings> } = {}): Promise<Response> {
  const { env: overrides, ...rest } = init;
  const request = new Request(new URL(path, "https://loupe.test"), { redirect: "manual", ...rest });
  const bindings = overrides ? { ...env, ...overrides } : env;
  const ctx = createExecutionContext();
  const response = await worker.fetch(request.clone() as Parameters<typeof worker.fetch>[0], bindings as typeof env, ctx);
  // What the request left to run after its response (the order effects, emails' delivery) has run when the call
  // resolves, as it has by the time a shopper looks again.
  await waitOnExecutionContext(ctx);
  await checkContract(request, response);
  return response;
}

/** POSTs JSON to an API path. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export interface ErrorBody {
  error: { code: string; message: string; details?: { path: string; message: string }[] };
}

/** Signs in through the operator pages' local login form with the test admin token: the `loupe_admin=…` cookie pair. */
export async function operatorCookie(to = "/operator/orders"): Promise<string> {
  const res = await call("/operator/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test" },
    body: new URLSearchParams({ token: "test-admin-token", to }).toString(),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("loupe_admin="));
  if (res.status !== 303 || !cookie) throw new Error(`the operator login answered ${res.status}`);
  return cookie.split(";")[0]!;
}
