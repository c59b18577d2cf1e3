/**
 * The card page's Content-Security-Policy (issue 18 point 2): `/orders/{n}/pay` may load and talk to the
 * configured card provider — Braintree's Drop-in with Apple Pay and Google Pay, or Stripe.js — and only that
 * page, and only when that provider is configured; every other page keeps the strict policy, exactly.
 */
import { describe, expect, inject, it } from "vitest";
import type { Bindings } from "#worker/env.ts";
import { call } from "../helpers";
import { stripeAccount } from "../payments/stripe-control";
import { placedWith } from "./orders-helpers";

const origin = inject("fakesOrigin");
let next = 31;

/** A shopper with a card order placed, every call made with these bindings (a provider configured), and its pages. */
async function cardShopper(bindings: Partial<Bindings>) {
  const { placed, send } = await placedWith(bindings, "card", next++);
  return { placed, page: (path: string) => send(path, { headers: { accept: "text/html" } }) };
}

const braintreeEnv = (): Partial<Bindings> => {
  const publicKey = `csp${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  return { BRAINTREE_PUBLIC_KEY: publicKey, BRAINTREE_PRIVATE_KEY: `private-${publicKey}`, BRAINTREE_API_URL: `${origin}/braintree` };
};

const stripeEnv = (): Partial<Bindings> => {
  const a = stripeAccount({ timeoutMs: 5_000 });
  return { STRIPE_SECRET_KEY: a.secretKey, STRIPE_PUBLISHABLE_KEY: a.publishableKey, STRIPE_API_URL: a.apiUrl };
};

const BRAINTREE_ORIGINS = [
  "https://js.braintreegateway.com",
  "https://assets.braintreegateway.com",
  "https://pay.google.com",
  "https://applepay.cdn-apple.com",
];

/** A policy's directives by name. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

/** The policy of `/` for this visitor: the strict one, with its own nonce. */
const strictOf = (csp: string) => csp.replace(/'nonce-[^']+'/, "'nonce-N'");

describe("/orders/{n}/pay", () => {
  it("Braintree configured: the page may load the Drop-in, Apple Pay and Google Pay, frame them and call Braintree — and nothing of Stripe", async () => {
    const { placed, page } = await cardShopper(braintreeEnv());
    expect(placed.payment.provider).toBe("braintree");
    const res = await page(`/orders/${placed.order.orderNumber}/pay`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-provider="braintree"');
    const d = directives(res.headers.get("content-security-policy")!);
    expect(d["script-src"]).toEqual(expect.arrayContaining(["'self'", ...BRAINTREE_ORIGINS]));
    // The page's own inline scripts still run by the response's nonce, and only by it.
    const nonce = d["script-src"]!.find((s) => s.startsWith("'nonce-"))!;
    expect(html).toContain(`nonce="${nonce.slice(7, -1)}"`);
    expect(d["frame-src"]).toEqual(["'self'", "https://assets.braintreegateway.com", "https://pay.google.com"]);
    expect(d["connect-src"]).toEqual(
      expect.arrayContaining(["https://api.braintreegateway.com", "https://payments.braintree-api.com", "https://payments.sandbox.braintree-api.com"]),
    );
    expect(res.headers.get("content-security-policy")).not.toContain("stripe");
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(d["object-src"]).toEqual(["'none'"]);
  });

  it("Stripe configured: the page may load Stripe.js, frame it and call Stripe's API — and nothing of Braintree", async () => {
    const { placed, page } = await cardShopper(stripeEnv());
    expect(placed.payment.provider).toBe("stripe");
    const res = await page(`/orders/${placed.order.orderNumber}/pay`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-provider="stripe"');
    const csp = res.headers.get("content-security-policy")!;
    const d = directives(csp);
    expect(d["script-src"]).toContain("https://js.stripe.com");
    expect(d["frame-src"]).toEqual(expect.arrayContaining(["https://js.stripe.com", "https://hooks.stripe.com"]));
    expect(d["connect-src"]).toEqual(["'self'", "https://api.stripe.com"]);
    expect(csp).not.toContain("braintree");
  });

  it("no card provider configured: the page's policy is every page's strict one", async () => {
    const res = await call("/orders/LP0000000001/pay", { headers: { accept: "text/html" } });
    const home = await call("/", { headers: { accept: "text/html" } });
    expect(strictOf(res.headers.get("content-security-policy")!)).toBe(strictOf(home.headers.get("content-security-policy")!));
  });
});

describe("every other page keeps the strict policy exactly, whatever is configured", () => {
  it("/, /checkout and the order's other pages: the same policy as with no provider, no provider origin", async () => {
    const bindings = { ...braintreeEnv(), ...stripeEnv() };
    const { placed, page } = await cardShopper(bindings);
    const strict = strictOf((await call("/", { headers: { accept: "text/html" } })).headers.get("content-security-policy")!);
    expect(strict).not.toMatch(/braintree|stripe|frame-src/);
    for (const path of ["/", "/checkout", `/orders/${placed.order.orderNumber}/success`, `/orders/re-payment/${placed.order.orderNumber}`]) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(strictOf(res.headers.get("content-security-policy")!), path).toBe(strict);
    }
    // Both configured (Braintree collects cards): the card page allows both providers' origins.
    const pay = await page(`/orders/${placed.order.orderNumber}/pay`);
    const csp = pay.headers.get("content-security-policy")!;
    expect(csp).toContain("https://js.braintreegateway.com");
    expect(csp).toContain("https://js.stripe.com");
  });
});
