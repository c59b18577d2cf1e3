import { describe, expect, it } from "vitest";
import { operations } from "#shared/api/index.ts";
import { openApiDocument } from "#shared/api/openapi.ts";
import type { Operation } from "#shared/api/operation.ts";
import { SECURITY_SCHEMES } from "#shared/api/security.ts";

type Json = Record<string, unknown>;
type Requirement = Record<string, string[]>;
interface Op {
  security?: Requirement[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Json }> };
}

const doc = openApiDocument() as { paths: Record<string, Record<string, Op>>; components: { securitySchemes: Record<string, Json> } };
const documented = (op: Operation): Op => doc.paths[op.path]![op.method.toLowerCase()]!;
const key = (op: Operation) => `${op.method} ${op.path}`;
const schemesOf = (op: Operation) => (documented(op).security ?? []).map((r) => Object.keys(r).sort().join("+"));
const isPublic = (op: Operation) => (documented(op).security ?? [{}]).some((r) => Object.keys(r).length === 0);
const byKey = (k: string) => operations.find((op) => key(op) === k)!;

/** Whether a JSON schema names a property anywhere inside it (unions and nested objects included). */
function hasProperty(schema: unknown, name: string): boolean {
  if (Array.isArray(schema)) return schema.some((s) => hasProperty(s, name));
  if (schema === null || typeof schema !== "object") return false;
  const props = (schema as Json).properties as Json | undefined;
  if (props && name in props) return true;
  return Object.values(schema as Json).some((s) => hasProperty(s, name));
}

/**
 * The operations anyone may call, and why. A new operation reads as public only once it is listed here: an
 * operation that reads a credential declares it (`credentials`, `auth`, `admin` in shared/api) instead.
 */
const PUBLIC: Record<string, readonly string[]> = {
  "the catalogue, its searches and saved filter sets (a signed-in customer's favourites marked)": [
    "POST /diamonds2",
    "POST /diamond-filter",
    "GET /searches/{id}",
    "GET /diamonds",
    "GET /search/status",
    "GET /diamonds/{id}",
    "POST /diamonds/get-similar",
    "GET /diamonds/{id}/deal-score",
    "POST /search/settingsv2",
    "POST /search/jewellery",
    "POST /search-request/settings2",
    "POST /search-request/jewellery",
    "GET /search-request/settings/{id}",
    "GET /search-request/wedding-bands/{id}",
    "GET /settings/searches/{id}/{page}",
    "GET /jewellery/searches/{id}",
    "GET /settings/{id}",
    "GET /settings/{id}/{metal}",
    "GET /jewellery/jewellery-variant/{variantId}",
    "GET /settings/best-selling",
    "GET /setting/engagement-rings",
    "POST /studsettings",
    "POST /similar-searches",
    "GET /retailers",
    "GET /retailers/{slug}",
    "GET /metro-areas/{id}",
    "GET /promotion-group",
    "GET /get-valid-promotion-code/{id}",
    "GET /get-valid-promotion-code/{id}/true",
    "GET /settings/get-valid-promotion-code/{id}",
    "GET /jewellery/get-valid-promotion-code/{id}",
    "POST /SearchWizard/qualities",
    "POST /SearchWizard/search",
    "POST /SearchWizard/get-recommendations",
    "POST /searchWizard/add-notes",
    "POST /SearchWizard/get-search/{searchId}",
    "POST /searchWizard/send-quiz-without-email",
  ],
  "content, reviews, articles, the site's configuration and this document": [
    "GET /content/item/{name}",
    "GET /content/tree/{name}",
    "GET /product-shippings/{id}",
    "GET /banner-singles",
    "GET /pop-up-cards",
    "GET /checkoutfaq",
    "GET /content/search-heading/{pageId}",
    "GET /content/traffic-alert/{id}",
    "GET /openapi.json",
    "GET /reviews/{page}/{size}",
    "GET /reviews/count",
    "GET /top-Reviews/",
    "GET /reviews/products/{store}/{sku}",
    "GET /reviews/verified/{page}/{size}",
    "GET /retailer-ratings/sample",
    "GET /content-pages/{slug}",
    "GET /team/gemologists",
    "GET /team/gemologists/images",
    "GET /analytics/clicks",
    "GET /analytics/clicks/{id}",
    "GET /analytics/about/",
    "GET /analytics/faq",
    "GET /version",
    "GET /appconfig",
    "GET /info/home",
    "POST /info/index",
    "GET /info/Customer-Service",
    "GET /sections/help/pages/{id}",
    "GET /media-mentions",
    "GET /faqs",
    "GET /faq-sections",
    "GET /categories",
    "GET /articles",
    "GET /authors",
    "GET /authors/{id}",
    "GET /experiments/assignments",
  ],
  "signing up and in, and the emailed account links (the guid or token in the link is the proof)": [
    "POST /accounts/v1/register",
    "POST /accounts/login",
    "POST /accounts/logout",
    "POST /accounts/verify-email",
    "POST /accounts/confirm",
    "POST /accounts/resendconfirmationemail",
    "POST /accounts/completeRegisterProcess",
    "POST /accounts/SendAccountCompletionEmailAsync",
    "POST /accounts/reset",
    "POST /accounts/createPartialAccount",
    "POST /accounts/externalLogin/Google",
    "POST /accounts/externalLogin/Facebook",
    "POST /accounts/externalLogin/Facebook/link",
    "POST /accounts/guid/{guid}",
    "POST /accounts/unsubscribeuser",
    "POST /accounts/unsubscribeuserpartial",
    "POST /accounts/unsubscribe-insurance-email",
    "POST /accounts/email-capture",
    "POST /my-stuff/loginLessAlert",
  ],
  "the card form's client token (the order's approval needs its key, its browser, its customer or an operator)": ["GET /orders/GenerateClientToken"],
  "knowledge the caller proves in the request, limited per address (the order's number and email)": [
    "POST /orders/tracking-order-details/{orderNumber}/{email}",
  ],
  "anonymous counters, preferences and reports (limited, nothing personal answered)": [
    "GET /logging/diamonds/views/{id}",
    "POST /logging/diamonds/clicks",
    "POST /logging/settings/click",
    "POST /logging/client-event",
    "POST /retailer-ratings",
    "POST /preferences/theme",
    "POST /tracking/savefbc",
  ],
};

describe("the OpenAPI document's security", () => {
  it("names a scheme for each credential, where the API reads it", () => {
    expect(doc.components.securitySchemes).toEqual(SECURITY_SCHEMES);
    expect(SECURITY_SCHEMES.visitorCookie).toMatchObject({ type: "apiKey", in: "cookie", name: "loupe_vid" });
    expect(SECURITY_SCHEMES.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie", name: "__Host-loupe_session" });
    expect(SECURITY_SCHEMES.sessionToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(SECURITY_SCHEMES.adminCookie).toMatchObject({ type: "apiKey", in: "cookie", name: "loupe_admin" });
    expect(SECURITY_SCHEMES.cloudflareAccess).toMatchObject({ type: "apiKey", in: "header", name: "Cf-Access-Jwt-Assertion" });
    expect(SECURITY_SCHEMES.orderKey).toMatchObject({ type: "apiKey", name: "key" });
    expect(SECURITY_SCHEMES.retailerKey).toMatchObject({ type: "apiKey", name: "key" });
    expect(SECURITY_SCHEMES.stripeSignature).toMatchObject({ type: "apiKey", in: "header", name: "Stripe-Signature" });
  });

  it("gives every operation its security, and only the listed ones read as callable by anyone", () => {
    for (const op of operations) expect(documented(op).security, key(op)).toBeDefined();
    const listed = Object.values(PUBLIC).flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect(operations.filter(isPublic).map(key).sort()).toEqual([...listed].sort());
  });

  it("asks an operator of the admin calls: the admin token, the admin cookie or Cloudflare Access", () => {
    for (const op of operations.filter((o) => o.admin)) expect(schemesOf(op), key(op)).toEqual(["adminToken", "adminCookie", "cloudflareAccess"]);
  });

  it("asks a signed-in customer of every call that needs one, in every alternative", () => {
    for (const op of operations.filter((o) => o.auth === "user"))
      for (const r of documented(op).security!) expect("sessionToken" in r || "sessionCookie" in r, key(op)).toBe(true);
    expect(schemesOf(byKey("POST /orders/Save"))).toEqual(["orderKey+sessionToken", "orderKey+sessionCookie"]);
  });

  it("says which calls are this browser's (the visitor cookie) and which take an emailed key", () => {
    for (const k of ["GET /cart", "POST /cart", "POST /orders", "POST /orders/draft", "POST /conversations", "POST /tracking/purchase"])
      expect(schemesOf(byKey(k)), k).toEqual(["visitorCookie", "sessionToken", "sessionCookie"]);
    expect(schemesOf(byKey("GET /orders/{n}/substitutes"))).toEqual(["orderKey", "visitorCookie", "sessionToken", "sessionCookie"]);
    expect(schemesOf(byKey("POST /orders/order-review/submit"))).toEqual(["orderKey"]);
    expect(schemesOf(byKey("GET /orders/order-product-review"))).toEqual(["reviewKey"]);
    expect(schemesOf(byKey("PUT /orders/confirm-order-items-availability/{n}"))).toEqual(["retailerKey", "adminToken", "adminCookie", "cloudflareAccess"]);
    expect(schemesOf(byKey("POST /webhooks/stripe"))).toEqual(["stripeSignature"]);
    expect(schemesOf(byKey("GET /my-stuff/DetailDiamonds"))).toEqual(["alertLink"]);
  });

  it("declares a key scheme on every operation that reads a `key` (query or body)", () => {
    const keyed = operations.filter((op) => {
      const d = documented(op);
      const inQuery = (d.parameters ?? []).some((p) => p.in === "query" && p.name === "key");
      return inQuery || Object.values(d.requestBody?.content ?? {}).some((c) => hasProperty(c.schema, "key"));
    });
    expect(keyed.length).toBeGreaterThan(10);
    for (const op of keyed)
      expect(
        schemesOf(op).some((s) => /orderKey|reviewKey|retailerKey/.test(s)),
        key(op),
      ).toBe(true);
  });
});
