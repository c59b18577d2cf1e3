/**
 * The credentials of the API as OpenAPI security schemes, and each operation's security requirements
 * (docs/decisions/057-openapi-security-and-limits.md). An operation declares the credentials it accepts
 * (`credentials`, else what `admin` and `auth` imply: shared/api/operation.ts); this file says where each is
 * carried. OpenAPI's apiKey schemes live in a header, a cookie or the query: the keys that POST and PUT calls
 * carry in their JSON body (`key`) are declared `in: query` with their description naming the body field.
 */
import type { Access, Credential, Operation } from "./operation";

const bodyOrQuery = (field: string, next: string) =>
  `Sent as the JSON body's \`${field}\` field (next to \`${next}\`) by POST and PUT calls, as the query parameter \`${field}\` by GET calls. A wrong key answers 404, as an unknown order does.`;

/** `components.securitySchemes`. */
export const SECURITY_SCHEMES = {
  sessionToken: { type: "http", scheme: "bearer", description: "A customer's session token (the `token.data` of a sign-in's answer; 30 days)" },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "__Host-loupe_session",
    description: "The web app's HttpOnly session cookie (named loupe_session on plain http, local development only)",
  },
  visitorCookie: {
    type: "apiKey",
    in: "cookie",
    name: "loupe_vid",
    description:
      "This browser's visitor id, HMAC-signed (VISITOR_COOKIE_SECRET), HttpOnly, a year. Any answer to a request without a valid one sets a new one: a call without it is a new visitor's (an empty cart, no orders, no chat).",
  },
  orderKey: {
    type: "apiKey",
    in: "query",
    name: "key",
    description: `An order's key: HMAC-SHA-256 of the order number (ORDER_KEY_SECRET), 128 bits in base64url, from the order's emailed links. ${bodyOrQuery("key", "orderNumber")}`,
  },
  reviewKey: {
    type: "apiKey",
    in: "query",
    name: "key",
    description: `A review request's key (its own HMAC label: never an order's key), from the emailed star links. ${bodyOrQuery("key", "reviewId")}`,
  },
  retailerKey: {
    type: "apiKey",
    in: "query",
    name: "key",
    description: `A retailer's key for one order (HMAC of the order number and the retailer id, its own label), emailed to the retailer. ${bodyOrQuery("key", "retailerId")}`,
  },
  alertLink: {
    type: "apiKey",
    in: "query",
    name: "token",
    description: "The signed token of a deal alert's emailed link (ALERT_LINK_SECRET), with the `email` it was sent to; wrong or expired: 404",
  },
  stripeSignature: {
    type: "apiKey",
    in: "header",
    name: "Stripe-Signature",
    description: "Stripe's signature over the webhook's raw body (the webhook secret; a timestamp within five minutes); wrong: 400",
  },
  paypalSignature: {
    type: "apiKey",
    in: "header",
    name: "PAYPAL-TRANSMISSION-SIG",
    description:
      "PayPal's webhook signature with the other PAYPAL-TRANSMISSION-* headers and PAYPAL-CERT-URL, verified by asking PayPal (verify-webhook-signature) with the webhook id; not SUCCESS: 400",
  },
  braintreeSignature: {
    type: "apiKey",
    in: "query",
    name: "bt_signature",
    description:
      "Braintree's `bt_signature`, a field of the form-encoded body next to `bt_payload` (`public_key|hex HMAC-SHA1(SHA-1(private key), payload)`); wrong: 400",
  },
  affirmSignature: {
    type: "apiKey",
    in: "header",
    name: "X-Affirm-Signature",
    description: "Affirm's `t=<unix seconds>,v0=<hex HMAC-SHA512>` over `t.rawBody` with the merchant's private API key; wrong or older than five minutes: 400",
  },
  splititSignature: {
    type: "apiKey",
    in: "header",
    name: "X-Splitit-Signature",
    description: "Splitit's RSA signature (base64) over `X-Splitit-IdempotencyKey;body`, checked with Splitit's public key; wrong: 400",
  },
  adminToken: { type: "http", scheme: "bearer", description: "APP_ENV local only: the ADMIN_TOKEN secret (operators' scripts)" },
  adminCookie: {
    type: "apiKey",
    in: "cookie",
    name: "loupe_admin",
    description:
      "APP_ENV local only: an operator's 12-hour admin session (signed with its expiry; never the token), started by the login form an operator page shows",
  },
  cloudflareAccess: {
    type: "apiKey",
    in: "header",
    name: "Cf-Access-Jwt-Assertion",
    description:
      "Staging and production: the operator's Cloudflare Access JWT, checked against the team's keys and audience (docs/decisions/056-operator-access.md)",
  },
} as const;

export type SchemeName = keyof typeof SECURITY_SCHEMES;

/** The schemes that carry each credential: any one of them proves it. */
const SCHEMES_OF: Record<Credential, readonly SchemeName[]> = {
  session: ["sessionToken", "sessionCookie"],
  visitor: ["visitorCookie"],
  orderKey: ["orderKey"],
  reviewKey: ["reviewKey"],
  retailerKey: ["retailerKey"],
  alertLink: ["alertLink"],
  stripeSignature: ["stripeSignature"],
  paypalSignature: ["paypalSignature"],
  braintreeSignature: ["braintreeSignature"],
  affirmSignature: ["affirmSignature"],
  splititSignature: ["splititSignature"],
  admin: ["adminToken", "adminCookie", "cloudflareAccess"],
};

/** The ways into an operation: declared, else what `admin` and `auth` imply; `null` is "anyone". */
export function accessOf(op: Operation): readonly (Access | null)[] {
  if (op.credentials) return op.credentials;
  if (op.admin) return ["admin"];
  if (op.auth === "user") return ["session"];
  if (op.auth === "optional") return ["session", null];
  return [null];
}

type Requirement = Partial<Record<SchemeName, []>>;

/** One way in as OpenAPI requirements: every combination of one scheme per credential (all of them together). */
function requirements(access: Access | null): Requirement[] {
  if (access === null) return [{}];
  let out: Requirement[] = [{}];
  for (const credential of typeof access === "string" ? [access] : access)
    out = out.flatMap((r) => SCHEMES_OF[credential].map((scheme) => ({ ...r, [scheme]: [] as [] })));
  return out;
}

/** The operation's `security`: any one requirement suffices; `{}` (last) when anyone may call it. */
export function securityOf(op: Operation): Requirement[] {
  const all = accessOf(op).flatMap(requirements);
  return [...all.filter((r) => Object.keys(r).length > 0), ...all.filter((r) => Object.keys(r).length === 0)];
}

/** Whether anyone may call the operation (its security lists the empty requirement). */
export const isPublic = (op: Operation): boolean => accessOf(op).includes(null);
