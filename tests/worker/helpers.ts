import { exports } from "cloudflare:workers";

/** Sends a request to the built worker (its default export) as a browser would, without following redirects. */
export function call(path: string, init: RequestInit & { cf?: Record<string, unknown> } = {}): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, "https://loupe.test"), { redirect: "manual", ...init }));
}

/** POSTs JSON to an API path. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
}

export interface ErrorBody {
  error: { code: string; message: string; details?: { path: string; message: string }[] };
}
