/**
 * The security headers of every response, and the one widening of the Content-Security-Policy: the card
 * page `/orders/{n}/pay` may load and talk to the configured card provider (Braintree, Stripe).
 */
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { braintreeConfig } from "../orders/payments/braintree";
import { stripeConfig } from "../orders/payments/stripe";
import type { AppEnv } from "../env";

/** Extra origins a page may use, by directive. */
export interface PolicyWidening {
  scriptSrc?: string[];
  frameSrc?: string[];
  connectSrc?: string[];
  imgSrc?: string[];
}

/**
 * The Content-Security-Policy directives, with the given script sources (one place for both forms below) and
 * a page's widening (frame-src appears only when widened: default-src 'self' covers it otherwise).
 */
const directives = <S>(scriptSrc: S[], widen: PolicyWidening = {}) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...scriptSrc, ...(widen.scriptSrc ?? [])],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", ...(widen.imgSrc ?? [])],
  connectSrc: ["'self'", ...(widen.connectSrc ?? [])],
  ...(widen.frameSrc?.length ? { frameSrc: ["'self'", ...widen.frameSrc] } : {}),
  fontSrc: ["'self'"],
  // The service worker (/service-worker.js, decision 042): same origin only.
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  // Checkout's Place order and re-payment forms are answered with a redirect to PayPal's approval page, and
  // form-action also governs where a form's redirects may go.
  formAction: ["'self'", "https://www.paypal.com", "https://www.sandbox.paypal.com"],
  frameAncestors: ["'none'"],
});

const kebab = (name: string) => name.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`);

/**
 * The policy for a page whose inline scripts are allowed by hash (`'sha256-…'` sources) instead of a
 * nonce: shared renders (worker/page-cache.ts) are byte-identical for every visitor, so they cannot carry
 * a per-response nonce.
 */
export function contentSecurityPolicy(scriptSources: string[], widen: PolicyWidening = {}): string {
  return Object.entries(directives(scriptSources, widen))
    .map(([name, values]) => `${kebab(name)} ${values.join(" ")}`)
    .join("; ");
}

/**
 * Security headers for every response. Scripts run only from our origin or with the per-request nonce
 * (React Router's inline hydration data); no third-party origin is allowed anywhere but the card page (cardPagePolicy). A response that set
 * its own Content-Security-Policy (a shared render, allowing its inline scripts by hash) keeps it.
 */
export function securityHeaders() {
  return secureHeaders({
    contentSecurityPolicy: directives([NONCE]),
    crossOriginEmbedderPolicy: false,
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: "max-age=63072000; includeSubDomains",
    xFrameOptions: "DENY",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    overwrite: false,
  });
}

/**
 * What Braintree's Drop-in UI needs, with Apple Pay and Google Pay (Braintree's CSP guide,
 * https://developer.paypal.com/braintree/docs/guides/client-sdk/content-security-policy).
 */
export const BRAINTREE_POLICY = {
  scriptSrc: ["https://js.braintreegateway.com", "https://assets.braintreegateway.com", "https://pay.google.com", "https://applepay.cdn-apple.com"],
  frameSrc: ["https://assets.braintreegateway.com", "https://pay.google.com"],
  connectSrc: [
    "https://api.braintreegateway.com",
    "https://client-analytics.braintreegateway.com",
    "https://payments.braintree-api.com",
    "https://payments.sandbox.braintree-api.com",
    "https://api.sandbox.braintreegateway.com",
  ],
  imgSrc: ["https://assets.braintreegateway.com", "https://checkout.paypal.com"],
} as const satisfies PolicyWidening;

/** What Stripe.js and its Payment Element need (https://docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_POLICY = {
  scriptSrc: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frameSrc: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connectSrc: ["https://api.stripe.com"],
  imgSrc: ["https://*.stripe.com"],
} as const satisfies PolicyWidening;

/** The widening for the card providers configured in `env` (nothing when neither is). */
export function cardProviderPolicy(env: Parameters<typeof braintreeConfig>[0] & Parameters<typeof stripeConfig>[0]): PolicyWidening {
  const policies: PolicyWidening[] = [];
  if (braintreeConfig(env)) policies.push(BRAINTREE_POLICY);
  if (stripeConfig(env)) policies.push(STRIPE_POLICY);
  const out: Required<PolicyWidening> = { scriptSrc: [], frameSrc: [], connectSrc: [], imgSrc: [] };
  for (const p of policies) for (const k of Object.keys(out) as (keyof PolicyWidening)[]) out[k].push(...(p[k] ?? []));
  return out;
}

/**
 * For the card page (mounted on `/orders/:n/pay` only): its response carries the policy of every other
 * page widened with the configured card providers' origins, with the request's nonce. Mounted after
 * securityHeaders(), which keeps a policy a response already has.
 */
export function cardPagePolicy(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const widen = cardProviderPolicy(c.env);
    if (!widen.scriptSrc?.length || c.res.headers.has("content-security-policy")) return;
    c.res.headers.set("content-security-policy", contentSecurityPolicy([NONCE(c, "scriptSrc")], widen));
  };
}
