/**
 * One proxied `/api` call (issue 23 point 6; docs/decisions/045-api-proxy.md): the request's method, path below
 * `/api`, query, end-to-end headers (bearer, session cookie and headers, content-type, accept, …) and body go to the
 * group's upstream with the call's timeout; idempotent calls are retried on connection errors (retry.ts); hop-by-hop
 * headers are dropped both ways; anonymous GETs of the content group and the home data are kept in the edge cache.
 * The outcome is a response to pass on, or the failure the caller answers in the API's error envelope (502, 504).
 * No Hono here: worker/middleware/api-proxy.ts wires it into the app.
 */
import { cacheTtlFor, DEFAULT_TIMEOUTS, type TimeoutPolicy, timeoutFor } from "./config";
import { isConnectionError, RETRY_DELAYS_MS } from "../lib/retry";
import { isIdempotent, RETRIED_STATUSES } from "./retry";
import { isAnonymousRequest } from "../platform/anonymous";

/** The part of the Workers Cache API the proxy uses (caches.default in production; a Map-backed fake in tests). */
export interface ProxyCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
  delete(request: Request): Promise<boolean>;
}

/** What the proxy needs from its surroundings; everything is injectable. */
export interface ProxyDeps {
  fetch: typeof fetch;
  /** Waits between retries (tests record the delays instead of waiting). */
  sleep: (ms: number) => Promise<void>;
  /** The edge cache, or null for none. */
  cache: ProxyCache | null;
  /** The clock the cache's expiry is read against (ms since the epoch). */
  now: () => number;
  timeouts: TimeoutPolicy;
  /** The delays between attempts (default 1 s, 2 s, 4 s). */
  retryDelays: readonly number[];
  /** Keeps the cache write going after the answer left (ExecutionContext.waitUntil). */
  waitUntil: (work: Promise<unknown>) => void;
  log: (event: Record<string, unknown>) => void;
}

/** The result of a proxied call. */
export type ProxyOutcome =
  | { kind: "response"; response: Response; attempts: number }
  | { kind: "timeout"; attempts: number; timeoutMs: number }
  | { kind: "unreachable"; attempts: number; reason: string };

/** The defaults of everything but `fetch`, `cache` and `waitUntil`. */
export const DEFAULT_DEPS = {
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
  timeouts: DEFAULT_TIMEOUTS,
  retryDelays: RETRY_DELAYS_MS,
  log: (event: Record<string, unknown>) => (event.level === "error" ? console.error : console.log)(JSON.stringify(event)),
} satisfies Partial<ProxyDeps>;

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1), plus Host: never forwarded either way. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
]);

/** `headers` without the hop-by-hop ones and those its Connection header names. */
export function endToEnd(headers: Headers): Headers {
  const named = new Set(
    (headers.get("connection") ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  const out = new Headers(headers);
  for (const name of [...HOP_BY_HOP, ...named]) out.delete(name);
  return out;
}

/**
 * How long the upstream lets its answer be shared, capped at `ttl` seconds: 0 when it must not be (not a 200, a
 * Set-Cookie, `no-store`, `private`, `no-cache`, `max-age=0`, or `Vary` on `*`, Cookie or Authorization).
 */
export function sharedTtl(response: Response, ttl: number): number {
  if (response.status !== 200 || response.headers.has("set-cookie")) return 0;
  const cc = (response.headers.get("cache-control") ?? "").toLowerCase();
  if (/(^|[,\s])(no-store|private|no-cache)\b/.test(cc)) return 0;
  const vary = (response.headers.get("vary") ?? "").toLowerCase();
  if (/\*|cookie|authorization/.test(vary)) return 0;
  const age = /s-maxage=(\d+)/.exec(cc)?.[1] ?? /max-age=(\d+)/.exec(cc)?.[1];
  return age === undefined ? ttl : Math.min(ttl, Number(age));
}

/** Our own headers on a stored copy: when it expires by our clock, and the upstream's Cache-Control to give back. */
const EXPIRES = "x-proxy-expires";
const UPSTREAM_CC = "x-proxy-upstream-cache-control";

/** A cached copy still fresh by `now`, as the answer to pass on (`x-cache: hit`); null when there is none. */
async function cached(cache: ProxyCache, key: Request, now: number): Promise<Response | null> {
  const hit = await cache.match(key);
  if (!hit) return null;
  if (!(Number(hit.headers.get(EXPIRES)) > now)) {
    await hit.body?.cancel();
    await cache.delete(key);
    return null;
  }
  const headers = new Headers(hit.headers);
  headers.delete(EXPIRES);
  headers.delete(UPSTREAM_CC);
  const upstreamCc = hit.headers.get(UPSTREAM_CC);
  if (upstreamCc) headers.set("cache-control", upstreamCc);
  else headers.delete("cache-control");
  headers.set("x-cache", "hit");
  return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers });
}

/** The copy to store: the edge cache keeps it `ttl` seconds, and our clock checks it too. */
function storable(response: Response, ttl: number, now: number): Response {
  const headers = new Headers(response.headers);
  const upstreamCc = response.headers.get("cache-control");
  if (upstreamCc) headers.set(UPSTREAM_CC, upstreamCc);
  headers.set("cache-control", `public, max-age=${ttl}`);
  headers.set(EXPIRES, String(now + ttl * 1000));
  headers.delete("x-cache");
  return new Response(response.body, { status: response.status, headers });
}

/**
 * Proxies `request` (a `/api/…` request) to `base` (the group's upstream). `requestId` goes along as `x-request-id`.
 * Never throws for the upstream's sake: a timeout and a call that never got an answer are outcomes, not exceptions.
 */
export async function proxyRequest(request: Request, base: string, requestId: string, deps: ProxyDeps): Promise<ProxyOutcome> {
  const url = new URL(request.url);
  const below = url.pathname.replace(/^\/api\/?/, "");
  const target = new URL(below + url.search, base.endsWith("/") ? base : `${base}/`);
  const method = request.method.toUpperCase();
  const headers = endToEnd(request.headers);
  headers.delete("content-length");
  headers.set("x-request-id", requestId);
  // Read once so a retry can send it again (the API's bodies are small; an upload is a POST, sent once).
  const body = method === "GET" || method === "HEAD" ? undefined : await request.arrayBuffer();
  const timeoutMs = timeoutFor(below, deps.timeouts);

  const ttl = method === "GET" && deps.cache ? cacheTtlFor(below) : null;
  // Keyed by this site's URL (not the upstream's): a zone's purge by URL reaches it.
  // Only a request with no credential anywhere (worker/platform/anonymous.ts, the page cache's rule too).
  const cacheKey = ttl !== null && isAnonymousRequest(request) ? new Request(url) : null;
  if (cacheKey && deps.cache) {
    const hit = await cached(deps.cache, cacheKey, deps.now());
    if (hit) return { kind: "response", response: hit, attempts: 0 };
  }

  const retries = isIdempotent(method) ? deps.retryDelays : [];
  let reason = "";
  for (let attempt = 0; ; attempt++) {
    const signal = AbortSignal.timeout(timeoutMs);
    let upstream: Response | null = null;
    try {
      upstream = await deps.fetch(target, { method, headers, body, redirect: "manual", signal });
    } catch (e) {
      if (signal.aborted) {
        deps.log({ level: "error", requestId, event: "api_upstream_timeout", url: target.toString(), timeoutMs, attempts: attempt + 1 });
        return { kind: "timeout", attempts: attempt + 1, timeoutMs };
      }
      reason = String(e);
      if (!isConnectionError(e)) {
        deps.log({ level: "error", requestId, event: "api_upstream_failed", url: target.toString(), attempts: attempt + 1, reason });
        return { kind: "unreachable", attempts: attempt + 1, reason };
      }
    }
    if (upstream && !(RETRIED_STATUSES.has(upstream.status) && retries.length > 0)) {
      return { kind: "response", response: answer(upstream, cacheKey, ttl, deps), attempts: attempt + 1 };
    }
    if (upstream) {
      reason = `upstream answered ${upstream.status}`;
      await upstream.body?.cancel();
    }
    const delay = retries[attempt];
    if (delay === undefined) {
      deps.log({ level: "error", requestId, event: "api_upstream_unreachable", url: target.toString(), attempts: attempt + 1, reason });
      return { kind: "unreachable", attempts: attempt + 1, reason };
    }
    await deps.sleep(delay);
  }
}

/** The upstream's answer to pass on: hop-by-hop headers dropped, stored in the cache when it may be (`x-cache: miss`). */
function answer(upstream: Response, cacheKey: Request | null, ttl: number | null, deps: ProxyDeps): Response {
  const headers = endToEnd(upstream.headers);
  const response = new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers });
  if (!cacheKey || ttl === null || !deps.cache) return response;
  response.headers.set("x-cache", "miss");
  const keep = sharedTtl(response, ttl);
  if (keep > 0) {
    const put = deps.cache.put(cacheKey, storable(response.clone(), keep, deps.now()));
    // A failed write costs the next visitor a miss, nothing more.
    deps.waitUntil(put.catch((e) => deps.log({ level: "error", event: "api_cache_put_failed", url: cacheKey.url, reason: String(e) })));
  }
  return response;
}
