/**
 * When the API proxy tries a call again (§8, §9 "Retry count 3, base delay 1000 ms"; docs/decisions/045-api-proxy.md):
 * only idempotent methods, only when the upstream was not reached or its gateway says so, after 1 s, 2 s and 4 s
 * (the schedule and the connection errors are worker/lib/retry.ts, shared with the retailer directory). The proxy's
 * own timeout is no connection error: it is told apart by its signal and answered 504.
 */

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
