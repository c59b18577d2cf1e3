/**
 * The `/api` application: each group proxied to its upstream when one is configured (`API_UPSTREAM`, `API_UPSTREAMS`:
 * worker/proxy/config.ts), otherwise served here from
 * the contract (shared/api): every feature's routes registered by `mount`, the OpenAPI document derived
 * from the same declarations. Every failure leaves as the JSON error envelope.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { accountRoutes } from "../accounts/routes";
import { analyticsRoutes, versionRoutes } from "../analytics/routes";
import { articleRoutes } from "../articles/routes";
import { cartRoutes } from "../cart/routes";
import { contentPageRoutes } from "../content-pages/routes";
import { dealScoreRoutes } from "../deal-score/routes";
import { contentAdminRoutes, contentRoutes } from "../content/routes";
import { informationRoutes } from "../information/routes";
import { diamondRoutes } from "../diamonds/routes";
import type { AppEnv } from "../env";
import { experimentRoutes } from "../experiments/routes";
import { gemologistReviewRoutes } from "../gemologist-reviews/routes";
import { apiProxy } from "../middleware/api-proxy";
import { preferenceRoutes } from "../preferences/routes";
import { promotionRoutes } from "../promotions/routes";
import { retailerRoutes } from "../retailers/routes";
import { reportRoutes } from "../reports/routes";
import { reviewRoutes } from "../reviews/routes";
import { searchRoutes } from "../search/routes";
import { searchWizardRoutes } from "../search-wizard/routes";
import { settingRoutes } from "../settings/routes";
import { ApiError, notFoundRoute, onApiError } from "./errors";
import { openapiRoutes } from "./openapi";
import { orderRoutes } from "../orders/routes";
import { webhookRoutes } from "../orders/webhook-routes";
import { installmentRoutes } from "../orders/installments-routes";
import { orderLookupRoutes } from "../orders/lookup/routes";
import { orderCareRoutes } from "../orders/care/routes";
import { operatorOrderRoutes } from "../orders/operator/routes";
import { myStuffListRoutes, myStuffRoutes } from "../my-stuff/routes";
import { myStuffAlertRoutes } from "../my-stuff/alerts/routes";
import { orderReviewRoutes } from "../orders/reviews/routes";
import { mount, type Route } from "./routes";
import { ringSizeRoutes } from "../orders/ring-size/routes";
import { tdFinanceRoutes } from "../orders/td/routes";
import { trackingRoutes } from "../tracking/routes";
import { trackingAdminRoutes } from "../tracking/admin-routes";
import { conversationRoutes } from "../conversations/routes";
import { clientEventRoutes } from "../client-events/routes";

/** Largest request body the API reads (filters, carts and forms are far smaller). */
export const MAX_BODY_BYTES = 64 * 1024;

/** Every route the worker serves, by feature (each declared in shared/api). */
export const routes: readonly Route[] = [
  ...searchRoutes,
  ...diamondRoutes,
  ...dealScoreRoutes,
  ...reportRoutes,
  ...gemologistReviewRoutes,
  ...retailerRoutes,
  ...promotionRoutes,
  ...settingRoutes,
  ...cartRoutes,
  ...experimentRoutes,
  ...contentRoutes,
  ...contentAdminRoutes,
  ...informationRoutes,
  ...preferenceRoutes,
  ...accountRoutes,
  ...orderRoutes,
  ...webhookRoutes,
  ...orderLookupRoutes,
  ...operatorOrderRoutes,
  ...myStuffRoutes,
  ...myStuffListRoutes,
  ...myStuffAlertRoutes,
  ...reviewRoutes,
  ...contentPageRoutes,
  ...analyticsRoutes,
  ...versionRoutes,
  ...articleRoutes,
  ...searchWizardRoutes,
  ...installmentRoutes,
  ...ringSizeRoutes,
  ...orderReviewRoutes,
  ...tdFinanceRoutes,
  ...orderCareRoutes,
  ...trackingRoutes,
  ...trackingAdminRoutes,
  ...conversationRoutes,
  ...clientEventRoutes,
  ...openapiRoutes,
];

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

const app = new Hono<AppEnv>()
  .use(apiProxy())
  .use(serverTiming())
  .use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, "Request body too large");
      },
    }),
  );

export const api = mount(app, routes)
  // Mounted with app.route(), a sub-app's notFound is not consulted: this catch-all keeps unknown /api paths JSON.
  .all("*", notFoundRoute)
  .onError(onApiError);
