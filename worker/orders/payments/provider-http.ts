/**
 * One HTTP exchange with a payment provider under a timeout, and the retries around it, shared by the adapters
 * (affirm.ts, splitit.ts, and paypal.ts and td-http.ts through oauth-token.ts): a timeout is ProviderUnavailable at once (the shopper has waited long enough; the next try with
 * the same idempotency key learns what the provider did), any other failure to get an answer is Transient (the
 * adapter tries again with the same key).
 */
import { type ProviderName, ProviderUnavailable } from "./provider";
import { parseBody } from "../../lib/body";

/** Tries per call: the first and two retries, all with the same idempotency key. */
export const ATTEMPTS = 3;

/** A failure worth another try with the same idempotency key (a network error, a 5xx). */
export class Transient extends Error {}

/** An answer worth reading: the HTTP status and the parsed JSON body (the text when it is not JSON, null when empty). */
export interface Answer {
  status: number;
  body: unknown;
}

/** Where and how to reach a provider. */
export interface Reach {
  provider: ProviderName;
  /** The provider's name in messages ("Affirm"). */
  name: string;
  fetch?: typeof fetch;
  timeoutMs: number;
}

/** One exchange: the answer, ProviderUnavailable on a timeout, Transient on any other failure to get one. */
export async function exchange(reach: Reach, url: string, init: RequestInit, what: string): Promise<Answer> {
  const signal = AbortSignal.timeout(reach.timeoutMs);
  try {
    const response = await (reach.fetch ?? fetch)(url, { ...init, signal });
    return { status: response.status, body: parseBody(await response.text()) };
  } catch (err) {
    if (signal.aborted) throw new ProviderUnavailable(reach.provider, `${reach.name} did not answer the ${what} within ${reach.timeoutMs} ms`, { cause: err });
    throw new Transient(`network error on the ${what}: ${String(err)}`, { cause: err });
  }
}

/**
 * Runs `once` up to ATTEMPTS times while it throws Transient (a network error, or an answer the adapter wants
 * asked again: its message says why), with nothing in between; its answer, or ProviderUnavailable after the
 * last failed try. Anything else it throws (a timeout's ProviderUnavailable among them) ends the call at once.
 */
export async function withRetries<T>(reach: Reach, what: string, once: () => Promise<T>): Promise<T> {
  let last = "";
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      return await once();
    } catch (err) {
      if (!(err instanceof Transient)) throw err;
      last = err.message;
    }
  }
  throw new ProviderUnavailable(reach.provider, `${reach.name} ${what} failed ${ATTEMPTS} times: ${last}`);
}

/** A plain object view of a JSON body (an empty object for anything else). */
export const record = (body: unknown): Record<string, unknown> =>
  body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** A string field, or "" when absent. */
export const text = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
