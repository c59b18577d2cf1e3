import { createExecutionContext, env } from "cloudflare:test";
import worker from "../../worker/index";

/**
 * Sends a request to the worker (its default export, with the test env and a fresh execution context whose
 * waitUntil work the pool awaits after the test) as a browser would, without following redirects.
 * Not `exports.default.fetch`: in @cloudflare/vitest-pool-workers 0.15.1 every call through that entrypoint
 * wrapper nests one more Proxy on its prototype (cloudflare/workers-sdk#15092), so each request got slower
 * than the last (docs/decisions/005-dependency-pins.md).
 */
export async function call(path: string, init: RequestInit & { cf?: Record<string, unknown> } = {}): Promise<Response> {
  const ctx = createExecutionContext();
  return worker.fetch(new Request(new URL(path, "https://loupe.test"), { redirect: "manual", ...init }), env, ctx);
}

/** POSTs JSON to an API path. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
}

export interface ErrorBody {
  error: { code: string; message: string; details?: { path: string; message: string }[] };
}
