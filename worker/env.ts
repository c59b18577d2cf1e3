/**
 * The Hono environment of the worker: bindings (generated `Env` from `wrangler types`) and the per-request
 * variables the middleware chain sets. Each middleware exports the slice of variables it owns.
 */
import type { SecureHeadersVariables } from "hono/secure-headers";
import type { ContextVariables } from "./middleware/context";
import type { ExperimentVariables } from "./middleware/experiments";
import type { LoaderVariables } from "./middleware/loaders";
import type { SessionVariables } from "./middleware/session";
import type { PaymentBindings } from "./orders/payments/providers";
import type { RetailerDirectoryBindings } from "./retailers/upstream";
import type { ReviewsBindings } from "./reviews/products";
import type { TrackingBindings } from "./tracking/engines/config";
import type { SunshineBindings } from "./conversations/sunshine-config";
import type { AccessBindings } from "./operators/access";
import type { OperatorVariables } from "./middleware/admin";

/** The worker's bindings: wrangler's generated `Env`, the payment providers' (worker/orders/payments/providers.ts), and the secrets below. */
export type Bindings = Env &
  Omit<PaymentBindings, "DB" | "APP_ENV"> &
  ReviewsBindings &
  RetailerDirectoryBindings &
  /** The ad engines' secrets and API origins (worker/tracking/engines/config.ts; wrangler.toml comments). */
  TrackingBindings &
  /** The concierge chat's provider, Sunshine Conversations (worker/conversations/sunshine-config.ts): SUNSHINE_APP_ID, SUNSHINE_KEY_ID, SUNSHINE_KEY_SECRET (secrets), SUNSHINE_API_URL; unset, the D1 inbox only. */
  SunshineBindings &
  /** Cloudflare Access in front of the operators (worker/operators/access.ts): ACCESS_TEAM_DOMAIN, ACCESS_AUD (vars; staging and production). */
  AccessBindings & {
    /** The id PayPal gave the shop's webhook endpoint, `POST /api/webhooks/paypal` (`wrangler secret put PAYPAL_WEBHOOK_ID`); unset, PayPal's webhooks answer 404 and apply nothing. */
    PAYPAL_WEBHOOK_ID?: string;
    /** Splitit's public key (PEM) its webhooks are signed with (`wrangler secret put SPLITIT_WEBHOOK_PUBLIC_KEY`); unset, `POST /api/webhooks/splitit` answers 404 and applies nothing. */
    SPLITIT_WEBHOOK_PUBLIC_KEY?: string;
    /** Google sign-in's OAuth client id (`wrangler secret put GOOGLE_CLIENT_ID`); unset, Google sign-in is hidden and answers 501. */
    GOOGLE_CLIENT_ID?: string;
    /** Facebook login's app id and secret (`wrangler secret put …`); unless both are set, Facebook login is hidden and answers 501. */
    FACEBOOK_APP_ID?: string;
    FACEBOOK_APP_SECRET?: string;
    /** Tests and local fakes only: where Google's keys and sign-in page, and Facebook's Graph API and dialog are (worker/accounts/external/config.ts). */
    GOOGLE_CERTS_URL?: string;
    GOOGLE_AUTHORIZE_URL?: string;
    FACEBOOK_GRAPH_URL?: string;
    FACEBOOK_DIALOG_URL?: string;
    /** Secret for signing the visitor-id cookie (`wrangler secret put VISITOR_COOKIE_SECRET`). */
    VISITOR_COOKIE_SECRET?: string;
    /** APP_ENV local only: the token of the operator pages and admin calls (worker/operators/token.ts); unset, they answer 404. Staging and production use Cloudflare Access. */
    ADMIN_TOKEN?: string;
    /** Signs alert emails' links (`wrangler secret put ALERT_LINK_SECRET`; worker/platform/secrets.ts). */
    ALERT_LINK_SECRET?: string;
    /** This site's https origin: every link that leaves a request (emails) is built on it (worker/platform/config.ts); a local run without it uses http://localhost:8787. */
    SITE_ORIGIN?: string;
    /** The operators' address (var): notices of what the shop did on its own, e.g. a capture refunded automatically (worker/orders/capture-refund.ts). */
    OPERATOR_EMAIL?: string;
    /**
     * The key of the retailer ratings' client-address hashes, HMAC-SHA-256 (`wrangler secret put RATING_IP_SECRET`;
     * worker/reviews/ratings.ts). A local run uses a development key (worker/platform/secrets.ts).
     */
    RATING_IP_SECRET?: string;
    /** Signs emailed account links (`wrangler secret put ACCOUNT_LINK_SECRET`; worker/platform/secrets.ts). */
    ACCOUNT_LINK_SECRET?: string;
    /** Signs the orders' emailed keys (`wrangler secret put ORDER_KEY_SECRET`; worker/orders/keys.ts). */
    ORDER_KEY_SECRET?: string;
    /** Signs the retailers' keys to an order's lines (`wrangler secret put RETAILER_KEY_SECRET`; worker/orders/care/keys.ts). */
    RETAILER_KEY_SECRET?: string;
    /** Mixed into new password hashes (`wrangler secret put PASSWORD_PEPPER`; docs/decisions/054-accounts-hardening.md); unset (local development), no pepper. */
    PASSWORD_PEPPER?: string;
    /** Resend API key (`wrangler secret put RESEND_API_KEY`); unset, emails stay in the outbox as `local` (worker/email/). */
    RESEND_API_KEY?: string;
    /** The email sender, e.g. `Loupe <hello@loupe.example>` (a domain verified in Resend). */
    EMAIL_FROM?: string;
    /** Resend's API origin; default https://api.resend.com (the tests point it at a loopback fake). */
    RESEND_API_URL?: string;
    /** The upstream content service's origin (worker/content/upstream.ts); unset, the content store is D1's `content_items`. */
    CONTENT_SERVICE_URL?: string;
    /** Bearer token for the upstream content service (`wrangler secret put CONTENT_SERVICE_TOKEN`); optional. */
    CONTENT_SERVICE_TOKEN?: string;
    /** An upstream Strapi-style blog CMS's API origin (worker/articles/cms.ts); unset, the pages read the embedded one (D1). */
    BLOG_CMS_URL?: string;
    /**
     * The API proxy's group table (worker/proxy/config.ts; docs/decisions/045-api-proxy.md): JSON
     * `{ "content": "https://content.example", "orders": "https://api.example/v2", "version": "", "*": "https://api.example" }`.
     * A group is the first path segment below `/api` (lower case); "" serves it here; "*" is every other group
     * (else `API_UPSTREAM`, the var, is; empty, served here). Validated on an isolate's first `/api` request: a
     * table with any problem is logged (`api_upstreams_invalid`) and ignored as a whole, never a 500.
     * Timeouts (§9): 30,000 ms; 3,000 ms for tracking, version, appconfig, getfbc, savefbc, getorder, pageview and
     * logging; 5,000 ms for content/item/MarketingConfigurations. Cached anonymous GETs: content 300 s,
     * info/home and info/index 1 hour.
     */
    API_UPSTREAMS?: string;
  };

export interface AppEnv {
  Bindings: Bindings;
  Variables: ContextVariables & ExperimentVariables & SecureHeadersVariables & LoaderVariables & SessionVariables & OperatorVariables;
}
