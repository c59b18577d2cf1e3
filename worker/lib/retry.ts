/**
 * The retry rules §8 and §9 give every upstream read ("Retry count 3, base delay 1000 ms"; "retried up to 3 times
 * with exponential backoff from 1000 ms on connection reset, socket hang up or aborted"): the schedule and what
 * counts as a connection error. The retailer directory's client and the API proxy both follow them. Pure code:
 * the sleep is the caller's (injected in tests).
 */

/** §9 "Retry count 3". */
export const RETRY_COUNT = 3;
/** §9 "base delay 1000 ms". */
export const RETRY_BASE_MS = 1000;

/** The exponential backoff: `count` delays from `baseMs`, doubling (3 from 1,000 ms: 1,000, 2,000, 4,000). */
export function backoffDelays(count: number = RETRY_COUNT, baseMs: number = RETRY_BASE_MS): number[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => baseMs * 2 ** i);
}

/** §8's schedule: 1 s, 2 s, 4 s. */
export const RETRY_DELAYS_MS: readonly number[] = backoffDelays();

/**
 * Whether a failed `fetch` is a connection error (§8: "connection reset, socket hang up or aborted"): workerd and
 * undici report a reset or a closed connection as a TypeError ("Network connection lost", "fetch failed") or with
 * those words.
 */
export function isConnectionError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (e instanceof TypeError) return true;
  const text = `${e.name} ${e.message} ${String((e as { code?: unknown }).code ?? "")}`;
  return /reset|hang ?up|abort|connection (lost|closed|refused)|network|terminated|ECONNRESET|ECONNREFUSED|ECONNABORTED|EPIPE/i.test(text);
}
