import { exports } from "cloudflare:workers";
import { checkContract } from "./contract";

/**
 * Sends a request to the built worker (its default export) as a browser would, without following
 * redirects. Every `/api` answer is checked against the contract (contract.ts): an undocumented status or
 * a body that does not match its documented schema fails the calling test.
 */
export async function call(path: string, init: RequestInit & { cf?: Record<string, unknown> } = {}): Promise<Response> {
  const request = new Request(new URL(path, "https://loupe.test"), { redirect: "manual", ...init });
  const response = await exports.default.fetch(request.clone() as Parameters<typeof exports.default.fetch>[0]);
  await checkContract(request, response);
  return response;
}

/** POSTs JSON to an API path. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
}

export interface ErrorBody {
  error: { code: string; message: string; details?: { path: string; message: string }[] };
}
