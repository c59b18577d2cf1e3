/**
 * Third-party product reviews by store and sku (§7; worker/reviews/products.ts): `GET reviews/products/{store}/{sku}`
 * from the embedded reviews when no service is configured, and through the Trustpilot-style client against the
 * loopback fake (tests/fakes/reviews-service.ts) when `REVIEWS_SERVICE_URL` is set; a failing service answers an
 * empty list (logged, §8), and only successes are cached (injected clock).
 */
import { env } from "cloudflare:test";
import { describe, expect, it, inject } from "vitest";
import { EMBEDDED_REVIEWS_STORE } from "#shared/content-seed/reviews.ts";
import type { ProductReviews } from "#shared/reviews.ts";
import { productReviews, productReviewsCache, ServiceFailure, serviceProductReviews } from "#worker/reviews/products.ts";
import { FAKE_REVIEWS_KEY } from "../../fakes/reviews-service";
import { call, type ErrorBody } from "../helpers";

const STORE = "5f3c0ffee0123456789abcde";
const serviceUrl = () => `${inject("fakesOrigin")}/reviews-service`;
const serviceEnv = () => ({ ...env, REVIEWS_SERVICE_URL: serviceUrl(), REVIEWS_SERVICE_KEY: FAKE_REVIEWS_KEY });

async function control<T>(action: string, body: unknown): Promise<T> {
  const res = await fetch(`${inject("fakesOrigin")}/__control/reviews-service/${action}`, { method: "POST", body: JSON.stringify(body) });
  return (await res.json()) as T;
}

const serviceReview = (id: string, stars: number, content: string, name: string, createdAt: string) => ({
  id,
  createdAt,
  stars,
  content,
  consumer: { id: `c-${id}`, displayName: name },
  language: "en",
  attachments: [],
});

describe("GET reviews/products/{store}/{sku}", () => {
  it("answers the embedded reviews newest first when no service is configured", async () => {
    const res = await call(`/api/reviews/products/${EMBEDDED_REVIEWS_STORE}/setting-1`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ProductReviews;
    expect(body.store).toBe(EMBEDDED_REVIEWS_STORE);
    expect(body.reviews.length).toBe(3);
    expect(body.reviews.map((r) => r.date)).toEqual([...body.reviews.map((r) => r.date)].sort().reverse());
    expect(((await (await call(`/api/reviews/products/${EMBEDDED_REVIEWS_STORE}/nothing-here`)).json()) as ProductReviews).reviews).toEqual([]);
  });

  it("reads the configured service with the key and the sku, mapping its reviews to ours (one without stars is left out)", async () => {
    await control("set", {
      store: STORE,
      sku: "ring-77",
      reviews: [
        serviceReview("r1", 5, "Sparkles in any light.", "Hazel", "2026-05-02T10:00:00Z"),
        serviceReview("r2", 3, "Nice, smaller than it looked.", "Idris", "2026-04-01T08:30:00Z"),
        { id: "r3", createdAt: "2026-03-01T00:00:00Z", content: "no stars" },
      ],
    });
    const res = await call(`/api/reviews/products/${STORE}/ring-77`, { env: serviceEnv() });
    const body = (await res.json()) as ProductReviews;
    expect(body.reviews).toEqual([
      { id: "r1", author: "Hazel", rating: 5, body: "Sparkles in any light.", date: "2026-05-02T10:00:00Z" },
      { id: "r2", author: "Idris", rating: 3, body: "Nice, smaller than it looked.", date: "2026-04-01T08:30:00Z" },
    ]);
    const [request] = await control<{ path: string; apikey: string; perPage: string }[]>("requests", { sku: "ring-77" });
    expect(request).toMatchObject({ path: `/v1/product-reviews/business-units/${STORE}/reviews`, apikey: FAKE_REVIEWS_KEY, perPage: "20" });
  });

  it("a failing service (500, unreadable body, wrong key, unknown store) answers an empty list, 200", async () => {
    await control("set", { store: STORE, sku: "ring-fail", reviews: [serviceReview("f1", 4, "Good.", "Ana", "2026-01-01T00:00:00Z")] });
    await control("fail", { sku: "ring-fail", count: 1, status: 500 });
    const failed = await call(`/api/reviews/products/${STORE}/ring-fail`, { env: serviceEnv() });
    expect(failed.status).toBe(200);
    expect(((await failed.json()) as ProductReviews).reviews).toEqual([]);
    // The failure was not cached: the next call reads the service again and gets the review.
    const next = (await (await call(`/api/reviews/products/${STORE}/ring-fail`, { env: serviceEnv() })).json()) as ProductReviews;
    expect(next.reviews.map((r) => r.id)).toEqual(["f1"]);

    await control("set", { store: STORE, sku: "ring-garbage", reviews: [] });
    await control("fail", { sku: "ring-garbage", count: 1, status: "garbage" });
    await expect(serviceProductReviews(serviceUrl(), FAKE_REVIEWS_KEY).reviews(STORE, "ring-garbage")).rejects.toBeInstanceOf(ServiceFailure);
    await expect(serviceProductReviews(serviceUrl(), "wrong-key").reviews(STORE, "ring-77")).rejects.toBeInstanceOf(ServiceFailure);
    const unknown = await call("/api/reviews/products/no-such-store/ring-77", { env: serviceEnv() });
    expect(((await unknown.json()) as ProductReviews).reviews).toEqual([]);
    const down = await call(`/api/reviews/products/${STORE}/ring-77`, { env: { ...env, REVIEWS_SERVICE_URL: "http://127.0.0.1:9", REVIEWS_SERVICE_KEY: "k" } });
    expect(((await down.json()) as ProductReviews).reviews).toEqual([]);
  });

  it("a service that does not answer in time is given up (empty list)", async () => {
    await control("set", { store: STORE, sku: "ring-slow", reviews: [] });
    await control("fail", { sku: "ring-slow", count: 1, status: "hang" });
    await expect(serviceProductReviews(serviceUrl(), FAKE_REVIEWS_KEY, 200).reviews(STORE, "ring-slow")).rejects.toBeInstanceOf(ServiceFailure);
  });

  it("keeps the service's answer 300 s (injected clock), then reads it again", async () => {
    let now = 1_000_000;
    const cache = productReviewsCache(() => now);
    await control("set", { store: STORE, sku: "ring-cache", reviews: [serviceReview("c1", 5, "First.", "Ola", "2026-02-01T00:00:00Z")] });
    const first = await productReviews(serviceEnv(), STORE, "ring-cache", cache);
    await control("set", { store: STORE, sku: "ring-cache", reviews: [serviceReview("c2", 4, "Second.", "Ola", "2026-02-02T00:00:00Z")] });
    now += 299_000;
    expect(await productReviews(serviceEnv(), STORE, "ring-cache", cache)).toEqual(first);
    now += 2_000;
    expect((await productReviews(serviceEnv(), STORE, "ring-cache", cache)).map((r) => r.id)).toEqual(["c2"]);
    expect(await control<unknown[]>("requests", { sku: "ring-cache" })).toHaveLength(2);
  });

  it("refuses a store or sku that is not an identifier (400)", async () => {
    const res = await call("/api/reviews/products/loupe/bad%20sku!");
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.details?.[0]?.path).toContain("sku");
  });
});
