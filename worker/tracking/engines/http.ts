/**
 * One HTTP call to an engine, classified for the queue: 2xx delivered; 408, 429 and 5xx, network errors and
 * timeouts retried (with the engine's Retry-After when it gives one); any other 4xx failed for good. Each
 * adapter reads the engine's own error shape into the message (`describe`).
 */
import type { DeliveryOutcome, Reach } from "./types";
import { parseBody } from "../../lib/body";

/** §9: tracking calls give up after 3,000 ms. */
export const TRACKING_TIMEOUT_MS = 3_000;

/** A 2xx answer's body (JSON when it parses, else the text), or the outcome of a failed call. */
export type Answer = { ok: true; status: number; body: unknown } | { ok: false; outcome: DeliveryOutcome };

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Whether an HTTP status is worth another try. */
export const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * Calls the engine. `describe` turns an error answer's body into a short message (the engine's own error fields);
 * `transient` says when a 4xx is still worth another try (Meta's throttling comes as a 400).
 */
export async function callEngine(
  reach: Reach,
  engine: string,
  url: string,
  init: RequestInit,
  describe: (body: unknown, status: number) => string,
  transient: (body: unknown, status: number) => boolean = () => false,
): Promise<Answer> {
  let response: Response;
  try {
    response = await (reach.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(reach.timeoutMs ?? TRACKING_TIMEOUT_MS) });
  } catch (e) {
    const timeout = e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
    return { ok: false, outcome: { kind: "retry", error: `${engine}: ${timeout ? "no answer in time" : `unreachable (${String(e)})`}` } };
  }
  let text = "";
  try {
    text = await response.text();
  } catch (e) {
    return { ok: false, outcome: { kind: "retry", error: `${engine}: answer cut off (${String(e)})` } };
  }
  // Not JSON (ShareASale answers text): the text.
  const body = parseBody(text);
  if (response.ok) return { ok: true, status: response.status, body };
  const error = `${engine} ${response.status}: ${describe(body, response.status)}`.slice(0, 500);
  if (retryable(response.status) || transient(body, response.status)) {
    const after = retryAfter(response.headers.get("retry-after"));
    return { ok: false, outcome: after === undefined ? { kind: "retry", error } : { kind: "retry", error, retryAfterSeconds: after } };
  }
  return { ok: false, outcome: { kind: "failed", error } };
}

/** A JSON POST. */
export const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** The text of a body for an error message when the engine's shape is not recognised. */
export const shortText = (body: unknown) => (typeof body === "string" ? body : JSON.stringify(body ?? null)).slice(0, 300);

/** An API origin (or base URL) without its trailing slashes. */
export const trimOrigin = (url: string) => url.trim().replace(/\/+$/, "");
