/**
 * When the API proxy tries a call again (§8, §9 "Retry count 3, base delay 1000 ms"; docs/decisions/045-api-proxy.md):
 * only idempotent methods, only when the upstream was not reached or its gateway says so, after 1 s, 2 s and 4 s.
 * Pure code: the sleep is the caller's (injected in tests).
 */

/** §9 "Retry count 3". */
export const RETRY_COUNT = 3;
/** §9 "base delay 1000 ms". */
export const RETRY_BASE_MS = 1000;

/** The exponential backoff: `count` delays from `baseMs`, doubling (3 from 1,000 ms: 1,000, 2,000, 4,000). */
export function backoffDelays(count: number = RETRY_COUNT, baseMs: number = RETRY_BASE_MS): number[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => baseMs * 2 ** i);
}

/** The proxy's schedule: 1 s, 2 s, 4 s. */
export const RETRY_DELAYS_MS: readonly number[] = backoffDelays();

/**
 * Methods whose repetition has the same effect as one call (RFC 9110 §9.2.2), so a call the upstream may or may
 * not have received can be sent again. POST and PATCH never are: an order placed twice is worse than an error.
 */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

/** Whether calls with `method` are retried. */
export const isIdempotent = (method: string) => IDEMPOTENT_METHODS.has(method.toUpperCase());

/**
 * Upstream answers that count as "not reached": a gateway in front of the main API (a load balancer, Cloudflare)
 * answers 502, 503 or 504 when it could not reach or hear from the API itself, which is a connection error one hop
 * further. A 500 is the API's own answer and is passed through; a 4xx never is retried.
 */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * Whether a failed `fetch` is a connection error (§8: "connection reset, socket hang up or aborted"): workerd and
 * undici report a reset or a closed connection as a TypeError ("Network connection lost", "fetch failed") or with
 * those words. The proxy's own timeout is not one of these: it is told apart by its signal and answered 504.
 */
export function isConnectionError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (e instanceof TypeError) return true;
  const text = `${e.name} ${e.message} ${String((e as { code?: unknown }).code ?? "")}`;
  return /reset|hang ?up|abort|connection (lost|closed|refused)|network|terminated|ECONNRESET|ECONNREFUSED|ECONNABORTED|EPIPE/i.test(text);
}
