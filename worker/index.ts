/**
 * The worker entry only composes: the configuration check (a deployed worker with an incomplete configuration
 * answers 503 everywhere; docs/decisions/050-fail-closed.md) → `/dev/*` only in a local run → robots.txt, the sitemaps and the generated images (first: public answers shared by
 * every visitor, so no visitor or experiment cookie and no session) → request context → security headers (widened on
 * the card page) → the customer's session (and the same-origin check of cookie-authenticated changes) → redirects →
 * experiments → the ad-click cookie (`_fbc`) → the operators' audit (after the handler) → `/api` →
 * Google and Facebook sign-in pages → the operator pages' local login form (worker/operators/login-routes.ts) → the local outbox, test payment gateway and tracking events (`/dev/outbox`, `/dev/gateway`, `/dev/events`, APP_ENV local
 * only) → `/generateRandomNumber`, `/service-worker.js` and `/offline` (worker/version) → React Router SSR (last). The Cron Trigger's `scheduled` handler, every 5 minutes, delivers the email outbox's due
 * rows, prunes expired sessions and sign-in attempts, and expires unpaid orders; hourly (ALERT_CRON) it runs the alerts.
 * The `queue` handler consumes the tracking queue and its dead-letter queue. Durable Object classes are re-exported here.
 */
import { Hono } from "hono";
import { api } from "./http/api";
import type { AppEnv, Bindings } from "./env";
import { emailCron } from "./email/cron";
import { devOutbox } from "./email/routes";
import { devGateway } from "./orders/gateway-page";
import { images } from "./images";
import { seo } from "./seo/routes";
import { accountsCron } from "./accounts/housekeeping";
import { ordersCron } from "./orders/expiry";
import { conversationsCron } from "./conversations/forward";
import { ALERT_CRON, alertsCron } from "./my-stuff/alerts/cron";
import { socialPages } from "./accounts/social-pages";
import { requestContext } from "./middleware/context";
import { experiments } from "./middleware/experiments";
import { adClick } from "./middleware/ad-click";
import { operatorAudit } from "./middleware/operator-audit";
import { operatorLogin } from "./operators/login-routes";
import { redirects } from "./middleware/redirects";
import { cardPagePolicy, securityHeaders } from "./middleware/security";
import { sessions } from "./middleware/session";
import { onPageError } from "./ssr/page-errors";
import { ssr } from "./ssr/render";
import { versionSite } from "./version/routes";
import { trackingQueue } from "./tracking/consumer";
import { devEvents } from "./tracking/dev-routes";
import { configurationGuard, configured } from "./middleware/guard";
import { localOnly } from "./middleware/local-only";
import { sameOriginWrites } from "./middleware/same-origin";

export { CartObject } from "./cart/cart-object";
export { SearchIndexObject } from "./search/search-object";

const app = new Hono<AppEnv>()
  .use(configurationGuard())
  .use("/dev/*", localOnly())
  .route("/", seo)
  .route("/", images)
  .use(...requestContext())
  .use(securityHeaders())
  .use(sameOriginWrites())
  .use("/orders/:n/pay", cardPagePolicy())
  .use(sessions())
  .use(redirects())
  .use(experiments())
  .use(adClick())
  .use(operatorAudit())
  .route("/api", api)
  .route("/", socialPages)
  .route("/", operatorLogin)
  .route("/dev/outbox", devOutbox)
  .route("/dev/gateway", devGateway)
  .route("/", versionSite)
  .route("/dev/events", devEvents)
  .all("*", ...ssr())
  .onError(onPageError);

/** The Hono app (requests only); the default export adds the Cron Trigger's handler. */
export { app };

/**
 * The Cron Triggers (wrangler.toml `[triggers]`), told apart by `controller.cron`: hourly (ALERT_CRON) the alert
 * run; every 5 minutes (any other schedule) the email outbox's due rows, expired sessions and old sign-in
 * attempts, the order effects left behind, unpaid orders past their time.
 */
const scheduled: ExportedHandlerScheduledHandler<Bindings> = (controller, env, ctx) => {
  if (!configured(env)) return;
  if (controller.cron === ALERT_CRON) return alertsCron(controller, env, ctx);
  emailCron(controller, env, ctx);
  accountsCron(controller, env, ctx);
  ordersCron(controller, env, ctx);
  conversationsCron(controller, env, ctx);
};

/**
 * The Queues consumer (wrangler.toml `[[queues.consumers]]`), told apart by `batch.queue`: the tracking queue and
 * its dead-letter queue (worker/tracking/consumer.ts).
 */
const queue: ExportedHandlerQueueHandler<Bindings> = async (batch, env) => {
  // An incomplete configuration delivers nothing: the messages wait (retried later) instead of being lost.
  if (!configured(env)) return batch.retryAll({ delaySeconds: 300 });
  return trackingQueue(batch, env);
};

export default { fetch: app.fetch, scheduled, queue } satisfies ExportedHandler<Bindings>;
