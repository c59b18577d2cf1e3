/**
 * A client of an upstream retailer directory (issue 20 point 5, §8; docs/decisions/022-retailer-directory.md),
 * used instead of D1 when `RETAILER_DIRECTORY_URL` is set. Its API (JSON, §3 Retailer objects plus location):
 * `GET {base}/retailers` → `{retailers: [...]}`, `GET {base}/retailers/{slug}` → the retailer (404 = none),
 * and each retailer's `logoUrl` → SVG.
 *
 * §8: a read that fails by connection reset, socket hang up (the answer cut off) or abort (the per-attempt
 * timeout) is retried 3 times with exponential backoff from 1,000 ms (1 s, 2 s, 4 s; the sleep is injected).
 * After the retries the list falls back to an empty list and the single fetch to null, each marked `fallback`;
 * a logo falls back to null (skipped). Any other failure (an error status, invalid JSON or shape) is logged and
 * rethrown as an UpstreamError (the API answers 502).
 */
import * as v from "valibot";
import { isConnectionError, RETRY_DELAYS_MS } from "../lib/retry";

/** The bindings this client reads. */
export interface RetailerDirectoryBindings {
  /** The upstream retailer directory's base URL, e.g. https://directory.example/v1; unset = the D1 directory. */
  RETAILER_DIRECTORY_URL?: string;
}

const Feature = v.object({ group: v.string(), name: v.string(), active: v.boolean() });
const SocialLink = v.object({ network: v.string(), url: v.string() });
const Rating = v.object({ provider: v.string(), rating: v.number(), count: v.number() });

/** A retailer as the upstream answers it (§3 Retailer with its location). */
export const UpstreamRetailer = v.object({
  id: v.number(),
  name: v.string(),
  slugurl: v.string(),
  type: v.number(),
  status: v.number(),
  logoUrl: v.optional(v.string(), ""),
  smallLogoUrl: v.optional(v.string(), ""),
  description: v.optional(v.string(), ""),
  websiteurl: v.optional(v.string(), ""),
  sellerTradeType: v.optional(v.string(), ""),
  email: v.optional(v.string(), ""),
  phone: v.optional(v.string(), ""),
  aboutImage: v.optional(v.string(), ""),
  postalCode: v.optional(v.string(), ""),
  city: v.optional(v.string(), ""),
  state: v.optional(v.string(), ""),
  latitude: v.optional(v.nullable(v.number()), null),
  longitude: v.optional(v.nullable(v.number()), null),
  features: v.optional(v.array(Feature), []),
  sociallinks: v.optional(v.array(SocialLink), []),
  ratings: v.optional(v.array(Rating), []),
});
/** A full retailer record (the upstream's, or a D1 row in the same shape). */
export type FullRetailer = v.InferOutput<typeof UpstreamRetailer>;

const RetailerListBody = v.object({ retailers: v.array(UpstreamRetailer) });

/** The upstream failed in a way that is not retried (error status, invalid JSON): the API answers 502. */
export class UpstreamError extends Error {
  override name = "UpstreamError";
}

/** §8's retry schedule: 3 retries, 1,000 ms doubling (worker/lib/retry.ts). */
export { RETRY_DELAYS_MS };

/** Options of the client: where it is, and (for tests) fetch, sleep, the per-attempt timeout and the log. */
export interface DirectoryClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Per-attempt timeout before the read is aborted (default 5,000 ms). */
  timeoutMs?: number;
  log?: (event: Record<string, unknown>) => void;
}

/**
 * Whether a failure is one §8 retries: an abort/timeout, or a network failure before a complete answer (workerd
 * and undici report a reset or a cut-off body as a TypeError / "Network connection lost" / "socket hang up").
 */
export function isTransient(e: unknown): boolean {
  if (e instanceof UpstreamError) return false;
  if (!(e instanceof Error)) return false;
  return e.name === "AbortError" || e.name === "TimeoutError" || isConnectionError(e);
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Test hook: the sleep the API's client uses (tests replace it so the 1 s, 2 s, 4 s backoff does not wait). */
export const upstreamTiming = { sleep: realSleep, timeoutMs: 5000 };

/** A client of the upstream retailer directory. */
export interface RetailerDirectoryClient {
  /** Every retailer (hidden ones too; the directory filters); `fallback` after the retries. */
  list(): Promise<{ retailers: FullRetailer[]; fallback: boolean }>;
  /** One retailer by slug, null when the upstream has none (404); null with `fallback` after the retries. */
  get(slug: string): Promise<{ retailer: FullRetailer | null; fallback: boolean }>;
  /** A logo's SVG by its URL; null when it is skipped (a transient failure after the retries, or 404). */
  logo(url: string): Promise<string | null>;
}

/** The client for `options.baseUrl`. */
export function retailerDirectoryClient(options: DirectoryClientOptions): RetailerDirectoryClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = options.sleep ?? upstreamTiming.sleep;
  const timeoutMs = options.timeoutMs ?? upstreamTiming.timeoutMs;
  const log = options.log ?? ((event: Record<string, unknown>) => console.error(JSON.stringify(event)));

  /** One read with §8's retries: the value, or `{fallback}` when every attempt failed transiently. */
  async function read<T>(what: string, url: string, parse: (response: Response) => Promise<T>): Promise<{ value: T } | { fallback: true }> {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json, image/svg+xml" } });
        return { value: await parse(response) };
      } catch (e) {
        if (!isTransient(e)) {
          log({ event: "retailer_directory_failed", what, url, error: String(e) });
          throw e instanceof UpstreamError ? e : new UpstreamError(`${what}: ${String(e)}`);
        }
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined) {
          log({ event: "retailer_directory_fallback", what, url, attempts: attempt + 1, error: String(e) });
          return { fallback: true };
        }
        await sleep(delay);
      }
    }
  }

  async function body(response: Response, what: string): Promise<unknown> {
    const text = await response.text(); // a cut-off answer throws here (transient)
    if (!response.ok) throw new UpstreamError(`${what} answered ${response.status}: ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new UpstreamError(`${what} answered invalid JSON`);
    }
  }

  function parsed<S extends v.GenericSchema>(schema: S, data: unknown, what: string): v.InferOutput<S> {
    const result = v.safeParse(schema, data);
    if (!result.success) throw new UpstreamError(`${what} answered an unexpected shape: ${result.issues[0].message}`);
    return result.output;
  }

  return {
    async list() {
      const r = await read("list", `${base}/retailers`, async (res) => parsed(RetailerListBody, await body(res, "list"), "list").retailers);
      return "value" in r ? { retailers: r.value, fallback: false } : { retailers: [], fallback: true };
    },
    async get(slug) {
      const url = `${base}/retailers/${encodeURIComponent(slug)}`;
      const r = await read("retailer", url, async (res) => {
        if (res.status === 404) {
          await res.body?.cancel();
          return null;
        }
        return parsed(UpstreamRetailer, await body(res, "retailer"), "retailer");
      });
      return "value" in r ? { retailer: r.value, fallback: false } : { retailer: null, fallback: true };
    },
    async logo(url) {
      const r = await read("logo", new URL(url, `${base}/`).toString(), async (res) => {
        const text = await res.text();
        if (res.status === 404) return null;
        if (!res.ok) throw new UpstreamError(`logo answered ${res.status}: ${text.slice(0, 200)}`);
        if (!text.includes("<svg")) throw new UpstreamError("logo is not SVG");
        return text;
      });
      return "value" in r ? r.value : null;
    },
  };
}

/** The configured client, or null for the D1 directory. */
export function configuredDirectory(env: RetailerDirectoryBindings): RetailerDirectoryClient | null {
  return env.RETAILER_DIRECTORY_URL ? retailerDirectoryClient({ baseUrl: env.RETAILER_DIRECTORY_URL }) : null;
}
