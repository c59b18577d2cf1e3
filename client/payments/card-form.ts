/**
 * The card form of `/orders/{n}/pay` (issue 18 point 2), loaded only by that page (a dynamic import): the
 * provider's own script from its origin (the page's Content-Security-Policy allows it there only), its card
 * fields, Apple Pay and Google Pay, and the approval call — the server makes the sale (Braintree) or reads
 * the PaymentIntent back (Stripe) for the order's amount, never the browser's. Paid: off to the success page;
 * declined: the message beside the form.
 */
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { call } from "../api";

/** Braintree's Drop-in UI (https://braintree.github.io/braintree-web-drop-in/docs/current/). */
export const DROPIN_SCRIPT = "https://js.braintreegateway.com/web/dropin/1.44.1/js/dropin.min.js";
/** Stripe.js (https://docs.stripe.com/js): always loaded from js.stripe.com. */
export const STRIPE_SCRIPT = "https://js.stripe.com/v3/";

/** What the page hands the form. */
export interface CardFormOptions {
  provider: "braintree" | "stripe";
  orderNumber: string;
  paymentId: string;
  /** The order's amount due as a decimal string, "5412.50" (USD). */
  amount: string;
  /** Stripe only. */
  clientSecret: string | null;
  publishableKey: string | null;
  /** Where the provider's fields go. */
  container: HTMLElement;
  /** Shows a message beside the form (a decline, a provider's error); null clears it. */
  say(message: string | null): void;
  /** Enables or disables the Pay button while a payment is under way. */
  busy(pending: boolean): void;
}

/** A mounted form: pay with what the shopper entered. */
export interface CardForm {
  pay(): Promise<void>;
}

/** The Drop-in's `payload.type` as the spec's paymentMethodDescription names it (AndroidPayCard is Google Pay); null for anything else. */
export function describeBraintree(type: string): "CreditCard" | "ApplePayCard" | "GooglePay" | null {
  if (type === "CreditCard" || type === "ApplePayCard") return type;
  if (type === "AndroidPayCard") return "GooglePay";
  return null;
}

/** Where the shopper goes after an approval answered `outcome`, or null to stay (a decline: pay again here). */
export function nextPage(orderNumber: string, paymentId: string, outcome: ApprovalResult["outcome"]): string | null {
  if (outcome === "paid") return `/orders/${orderNumber}/success`;
  if (outcome === "declined") return null;
  // Pending or being confirmed: the success page asks the server again and says so.
  return `/orders/${orderNumber}/success?payment=${encodeURIComponent(paymentId)}`;
}

/** Loads a provider's script once (its origin is allowed on this page only). */
function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
  if (existing?.dataset.loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement("script");
    script.addEventListener("load", () => {
      script.dataset.loaded = "1";
      resolve();
    });
    script.addEventListener("error", () => reject(new Error("The card form could not be loaded. Check your connection and reload the page.")));
    if (!existing) {
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    }
  });
}

const SOMETHING_WRONG = "Something went wrong while confirming your payment; nothing was charged twice. Please try again.";

/** Applies an approval's answer: another page, or the message here. */
function follow(o: CardFormOptions, answer: { ok: true; data: ApprovalResult } | { ok: false; error: { message: string } }): void {
  if (!answer.ok) {
    o.say(answer.error.message || SOMETHING_WRONG);
    return;
  }
  const r = answer.data;
  const next = nextPage(o.orderNumber, o.paymentId, r.outcome);
  if (next) window.location.assign(next);
  else o.say(r.message);
}

interface DropinPayload {
  nonce: string;
  type: string;
}
interface Dropin {
  requestPaymentMethod(): Promise<DropinPayload>;
  clearSelectedPaymentMethod(): void;
}
interface BraintreeGlobal {
  dropin: { create(options: Record<string, unknown>): Promise<Dropin> };
}
interface StripeGlobal {
  elements(options: { clientSecret: string }): { create(type: "payment"): { mount(el: HTMLElement): void } };
  confirmPayment(options: Record<string, unknown>): Promise<{ error?: { message?: string }; paymentIntent?: { id: string; status: string } }>;
}

async function braintree(o: CardFormOptions): Promise<CardForm> {
  const token = await call("GET /orders/GenerateClientToken", {});
  if (!token.ok) throw new Error(token.error.message);
  await loadScript(DROPIN_SCRIPT);
  const bt = (window as unknown as { braintree: BraintreeGlobal }).braintree;
  const dropin = await bt.dropin.create({
    authorization: token.data.clientToken,
    container: o.container,
    card: { cardholderName: { required: false } },
    // Shown by the Drop-in only where the browser and the Braintree account support them.
    applePay: { displayName: "Loupe", paymentRequest: { total: { label: "Loupe", amount: o.amount }, requiredBillingContactFields: ["postalAddress"] } },
    googlePay: { googlePayVersion: 2, transactionInfo: { totalPriceStatus: "FINAL", totalPrice: o.amount, currencyCode: "USD" } },
  });
  return {
    async pay() {
      const payload = await dropin.requestPaymentMethod();
      const y = describeBraintree(payload.type);
      if (!y) {
        o.say("This payment method is not taken here: pay by card, Apple Pay or Google Pay.");
        dropin.clearSelectedPaymentMethod();
        return;
      }
      const answer = await call("PUT /orders/{id}/braintree/{nonce}/approve/{y}", { params: { id: o.orderNumber, nonce: payload.nonce, y } });
      if (answer.ok && answer.data.outcome === "declined") dropin.clearSelectedPaymentMethod();
      follow(o, answer);
    },
  };
}

async function stripe(o: CardFormOptions): Promise<CardForm> {
  if (!o.clientSecret || !o.publishableKey) throw new Error("This payment cannot be made by card here; choose another payment method.");
  await loadScript(STRIPE_SCRIPT);
  const s = (window as unknown as { Stripe: (key: string) => StripeGlobal }).Stripe(o.publishableKey);
  const elements = s.elements({ clientSecret: o.clientSecret });
  // The Payment Element offers Apple Pay and Google Pay itself where they are available.
  elements.create("payment").mount(o.container);
  const clientSecret = o.clientSecret;
  return {
    async pay() {
      const returnUrl = new URL(`/orders/${o.orderNumber}/success?payment=${encodeURIComponent(o.paymentId)}`, window.location.origin).toString();
      const { error, paymentIntent } = await s.confirmPayment({ elements, redirect: "if_required", confirmParams: { return_url: returnUrl } });
      if (error) {
        o.say(error.message ?? "Your card was not accepted.");
        return;
      }
      const id = paymentIntent?.id ?? clientSecret.split("_secret_")[0]!;
      follow(o, await call("PUT /orders/stripe/{id}/approve", { params: { id } }));
    },
  };
}

/** Loads the provider's script and mounts its fields in `o.container`; rejects with a message for the shopper. */
export async function mountCardForm(o: CardFormOptions): Promise<CardForm> {
  const form = o.provider === "braintree" ? await braintree(o) : await stripe(o);
  return {
    async pay() {
      o.say(null);
      o.busy(true);
      try {
        await form.pay();
      } catch (e) {
        o.say(e instanceof Error && e.message ? e.message : SOMETHING_WRONG);
      } finally {
        o.busy(false);
      }
    },
  };
}
