import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env";
import { cartApi } from "./cart";
import { diamondsApi } from "./diamonds";
import { experimentsApi } from "./experiments";
import { contentApi } from "./content";
import { ApiError, errorResponse, onApiError } from "./errors";
import { openapiApi } from "./openapi";
import { preferencesApi } from "./preferences";
import { searchesApi } from "./searches";
import { similarApi } from "./similar";
import { settingsApi } from "./settings";
import { createMiddleware } from "hono/factory";
import { apiProxy } from "../middleware/api-proxy";

/** Largest request body the API reads (filters, carts and forms are far smaller). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * `Server-Timing: app;dur=…` on every answer the worker serves itself: the time from the request reaching
 * the API to the response being ready (the worker's clock advances with each I/O, so this covers the index
 * object and D1 calls; the bench reads it as the search's server time).
 */
function serverTiming() {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    try {
      c.res.headers.append("Server-Timing", `app;dur=${(performance.now() - started).toFixed(2)}`);
    } catch {
      // Immutable headers (a response passed through as is): no timing.
    }
  });
}

/**
 * The `/api` application: proxied to `API_UPSTREAM` when that is configured, otherwise served here by one
 * sub-app per resource. Every failure leaves as the JSON error envelope.
 */
export const api = new Hono<AppEnv>()
  .use(apiProxy({ upstream: (env) => env.API_UPSTREAM }))
  .use(serverTiming())
  .use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new ApiError(413, "Request body too large"); } }))
  .route("/", diamondsApi)
  .route("/", searchesApi)
  .route("/", openapiApi)
  .route("/", preferencesApi)
  .route("/", cartApi)
  .route("/", experimentsApi)
  .route("/", contentApi)
  .route("/", similarApi)
  .route("/", settingsApi)
  // Mounted with app.route(), a sub-app's notFound is not consulted: this catch-all keeps unknown /api paths JSON.
  .all("*", (c) => errorResponse(c, 404, "not_found", `No API route ${c.req.method} ${new URL(c.req.url).pathname}`))
  .onError(onApiError);

export type Api = typeof api;
