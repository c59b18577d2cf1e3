/**
 * Third-party product reviews by store and sku (§7 "Reviews from a third-party reviews service by store and
 * sku"; docs/decisions/021-reviews.md) behind one interface, `ProductReviewSource`:
 * - the embedded default: the `product_reviews` table in D1 (what `npm start` and the tests without a service use);
 * - a client of a Trustpilot-style product reviews API, when `REVIEWS_SERVICE_URL` is set: `GET
 *   {url}/v1/product-reviews/business-units/{store}/reviews?sku={sku}&perPage=20` with the header
 *   `apikey: {REVIEWS_SERVICE_KEY}`, answering `{productReviews: [{id, createdAt, stars, content, consumer:
 *   {displayName}}]}` (the store is the service's business unit id).
 * A failing service (network error, timeout after 5 s, a non-2xx answer or an unreadable body) is logged and
 * swallowed to an empty list (§8); successful answers are kept 300 s per isolate (§9 content cache, at most
 * 500 products).
 */
import type { ProductReview } from "#shared/reviews.ts";
import { TimedCache } from "../lib/timed-cache";

/** The service's settings (wrangler `[vars]`/secrets); without the URL the embedded reviews answer. */
export interface ReviewsBindings {
  /** Origin of the product reviews API, e.g. https://api.trustpilot.com; unset, the embedded reviews in D1 answer. */
  REVIEWS_SERVICE_URL?: string;
  /** The service's API key (`wrangler secret put REVIEWS_SERVICE_KEY`), sent as the `apikey` header. */
  REVIEWS_SERVICE_KEY?: string;
}

/** Where a product's reviews come from. */
export interface ProductReviewSource {
  reviews(store: string, sku: string): Promise<ProductReview[]>;
}

/** The most reviews read for one product. */
export const PRODUCT_REVIEWS_LIMIT = 20;
const TIMEOUT_MS = 5_000;
const TTL_MS = 300_000;

/** The embedded default: the `product_reviews` table, newest first. */
export function embeddedProductReviews(db: D1Database): ProductReviewSource {
  return {
    async reviews(store, sku) {
      const { results } = await db
        .prepare("SELECT id, author, rating, body, date FROM product_reviews WHERE store = ? AND sku = ? ORDER BY date DESC, id LIMIT ?")
        .bind(store, sku, PRODUCT_REVIEWS_LIMIT)
        .all<ProductReview>();
      return results;
    },
  };
}

interface ServiceReview {
  id?: unknown;
  createdAt?: unknown;
  stars?: unknown;
  content?: unknown;
  consumer?: { displayName?: unknown } | null;
}

/** One of the service's reviews as ours, or null when it lacks what a review needs. */
function fromService(r: ServiceReview): ProductReview | null {
  const stars = typeof r.stars === "number" ? Math.round(r.stars) : Number.NaN;
  if (typeof r.id !== "string" || typeof r.createdAt !== "string" || !(stars >= 1 && stars <= 5)) return null;
  const author = typeof r.consumer?.displayName === "string" ? r.consumer.displayName : "Customer";
  return { id: r.id, author, rating: stars, body: typeof r.content === "string" ? r.content : "", date: r.createdAt };
}

/** The client of the reviews service at `baseUrl`; a failure is logged and thrown as a `ServiceFailure` (productReviews answers [] for it). */
export function serviceProductReviews(baseUrl: string, apiKey: string | undefined, timeoutMs = TIMEOUT_MS): ProductReviewSource {
  return {
    async reviews(store, sku) {
      const url = new URL(`${baseUrl.replace(/\/+$/, "")}/v1/product-reviews/business-units/${encodeURIComponent(store)}/reviews`);
      url.searchParams.set("sku", sku);
      url.searchParams.set("perPage", String(PRODUCT_REVIEWS_LIMIT));
      try {
        const headers = { accept: "application/json", ...(apiKey ? { apikey: apiKey } : {}) };
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as { productReviews?: unknown };
        if (!Array.isArray(body.productReviews)) throw new Error("no productReviews in the answer");
        return body.productReviews.flatMap((r: ServiceReview) => fromService(r) ?? []).slice(0, PRODUCT_REVIEWS_LIMIT);
      } catch (e) {
        console.error(JSON.stringify({ event: "product_reviews_failed", store, sku, error: String(e) }));
        throw new ServiceFailure();
      }
    },
  };
}

/** The service failed (already logged): the answer is an empty list, not kept in the cache. */
export class ServiceFailure extends Error {}

/** The per-isolate cache of the service's answers (tests pass their own, with an injected clock). */
export function productReviewsCache(now: () => number = Date.now): TimedCache<ProductReview[]> {
  return new TimedCache<ProductReview[]>({ ttlMs: TTL_MS, maxEntries: 500, now });
}

const isolateCache = productReviewsCache();

/**
 * A product's reviews from the configured source: the service when `REVIEWS_SERVICE_URL` is set (cached 300 s,
 * failures swallowed to []), the embedded reviews otherwise.
 */
export async function productReviews(
  env: ReviewsBindings & { DB: D1Database },
  store: string,
  sku: string,
  cache: TimedCache<ProductReview[]> = isolateCache,
): Promise<ProductReview[]> {
  const url = env.REVIEWS_SERVICE_URL;
  if (!url) return embeddedProductReviews(env.DB).reviews(store, sku);
  try {
    return await cache.get(`${url} ${store} ${sku}`, () => serviceProductReviews(url, env.REVIEWS_SERVICE_KEY).reviews(store, sku));
  } catch (e) {
    if (e instanceof ServiceFailure) return [];
    throw e;
  }
}
