/**
 * A loopback fake of a Trustpilot-style product reviews API (Trustpilot's public product reviews:
 * `GET /v1/product-reviews/business-units/{businessUnitId}/reviews?sku=&perPage=` with the `apikey` header,
 * answering `{productReviews: [{id, createdAt, stars, content, consumer: {id, displayName}, language}], links: []}`),
 * for the worker tests of worker/reviews/products.ts. A request without the key answers 401; an unknown business
 * unit 404 (Trustpilot's error shape `{message}`).
 *
 * Control (`POST /__control/reviews-service/{action}`, JSON):
 * - `set` `{store, sku, reviews}`: the product's reviews (in the service's shape);
 * - `fail` `{sku, count, status}`: the next `count` requests for that sku answer `status` (or `"garbage"`: 200
 *   with a body that is not JSON; `"hang"`: no answer for 3 s);
 * - `requests` `{sku}`: the requests for that sku (path, query, apikey, status).
 */
import type { Fake } from "./server";

/** The key the worker tests configure. */
export const FAKE_REVIEWS_KEY = "test-reviews-key";

interface Failure {
  sku: string;
  count: number;
  status: number | "garbage" | "hang";
}

const products = new Map<string, unknown[]>();
const stores = new Set<string>();
let failures: Failure[] = [];
const requests: { sku: string; path: string; perPage: string | null; apikey: string | null; status: number }[] = [];

const PATH = /^\/v1\/product-reviews\/business-units\/([^/]+)\/reviews$/;

export const reviewsServiceFake: Fake = {
  prefix: "/reviews-service",
  async handle(request) {
    const url = new URL(request.url);
    const sku = url.searchParams.get("sku") ?? "";
    const apikey = request.headers.get("apikey");
    const answer = (status: number, body: unknown) => {
      requests.push({ sku, path: url.pathname, perPage: url.searchParams.get("perPage"), apikey, status });
      return Response.json(body, { status });
    };
    const match = PATH.exec(url.pathname);
    if (request.method !== "GET" || !match) return answer(404, { message: "Not found" });
    if (apikey !== FAKE_REVIEWS_KEY) return answer(401, { message: "Invalid ApiKey" });
    const failure = failures.find((f) => f.sku === sku && f.count > 0);
    if (failure) {
      failure.count--;
      if (failure.status === "hang") {
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        return answer(504, { message: "late" });
      }
      if (failure.status === "garbage") {
        requests.push({ sku, path: url.pathname, perPage: url.searchParams.get("perPage"), apikey, status: 200 });
        return new Response("<html>maintenance</html>", { status: 200, headers: { "content-type": "text/html" } });
      }
      return answer(failure.status, { message: "Service unavailable" });
    }
    const store = decodeURIComponent(match[1] ?? "");
    if (!stores.has(store)) return answer(404, { message: "Business unit not found" });
    return answer(200, { productReviews: products.get(`${store} ${sku}`) ?? [], links: [] });
  },
  control(action, body) {
    const b = (body ?? {}) as { store?: string; sku?: string; reviews?: unknown[]; count?: number; status?: Failure["status"] };
    if (action === "set") {
      stores.add(b.store ?? "");
      products.set(`${b.store} ${b.sku}`, b.reviews ?? []);
      return { ok: true };
    }
    if (action === "fail") {
      failures = failures.filter((f) => f.sku !== b.sku);
      failures.push({ sku: b.sku ?? "", count: b.count ?? 1, status: b.status ?? 500 });
      return { ok: true };
    }
    if (action === "requests") return requests.filter((r) => r.sku === b.sku);
    return { error: `unknown action ${action}` };
  },
};
