import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env";
import { diamondsApi } from "./diamonds";
import { ApiError, errorResponse, onApiError } from "./errors";
import { openapiApi } from "./openapi";
import { preferencesApi } from "./preferences";
import { apiProxy } from "../middleware/api-proxy";

/** Largest request body the API reads (filters, carts and forms are far smaller). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The `/api` application: proxied to `API_UPSTREAM` when that is configured, otherwise served here by one
 * sub-app per resource. Every failure leaves as the JSON error envelope.
 */
export const api = new Hono<AppEnv>()
  .use(apiProxy({ upstream: (env) => env.API_UPSTREAM }))
  .use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new ApiError(413, "Request body too large"); } }))
  .route("/", diamondsApi)
  .route("/", openapiApi)
  .route("/", preferencesApi)
  // Mounted with app.route(), a sub-app's notFound is not consulted: this catch-all keeps unknown /api paths JSON.
  .all("*", (c) => errorResponse(c, 404, "not_found", `No API route ${c.req.method} ${new URL(c.req.url).pathname}`))
  .onError(onApiError);

export type Api = typeof api;
