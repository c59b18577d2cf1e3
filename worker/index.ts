/**
 * The worker entry only composes: request context → security headers → redirects → experiments →
 * `/api` → generated images → the marketer view's login → React Router SSR (last). Durable Object classes are re-exported here.
 */
import { Hono } from "hono";
import { api } from "./http/api";
import type { AppEnv } from "./env";
import { images } from "./images";
import { socialPages } from "./accounts/social-pages";
import { requestContext } from "./middleware/context";
import { experiments } from "./middleware/experiments";
import { experimentsLogin } from "./experiments/page";
import { redirects } from "./middleware/redirects";
import { securityHeaders } from "./middleware/security";
import { sessions } from "./middleware/session";
import { onPageError } from "./ssr/page-errors";
import { ssr } from "./ssr/render";

export { CartObject } from "./cart/cart-object";
export { SearchIndexObject } from "./search/search-object";

const app = new Hono<AppEnv>()
  .use(...requestContext())
  .use(securityHeaders())
  .use(sessions())
  .use(redirects())
  .use(experiments())
  .route("/api", api)
  .route("/", images)
  .route("/", socialPages)
  .get("/experiments", experimentsLogin())
  .all("*", ...ssr())
  .onError(onPageError);

export default app;
