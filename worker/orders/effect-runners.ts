/**
 * How each order effect (effects.ts) is carried out. A runner is given the order's number and does its one
 * thing; it throws when it could not (the reactor retries it later). The email calls are the ones the payment
 * code made before (lookup/confirmation.ts, ring-size/notify.ts, care/notify.ts), with the site's origin.
 */
import type { CartBindings } from "../cart/service";
import type { EmailBindings } from "../email/outbox";
import { siteOrigin } from "../platform/config";
import { askRetailers } from "./care/notify";
import type { EffectKind } from "./effects";
import type { OrderKeyBindings } from "./keys";
import { sendOrderConfirmation } from "./lookup/confirmation";
import type { PaymentBindings } from "./payments/providers";
import type { PaymentRow } from "./payments/store";
import { refundUntakenCapture } from "./capture-refund";
import { askForMissingSizes } from "./ring-size/notify";
import { findOrder } from "./store";
import { noteFinancing } from "./td/financing-facts";

export type EffectBindings = CartBindings &
  EmailBindings &
  OrderKeyBindings &
  PaymentBindings & {
    SITE_ORIGIN?: string;
    APP_ENV?: string;
    /** The operators' address: notices of what the shop did on its own (capture-refund.ts); unset, the order's actions only. */
    OPERATOR_EMAIL?: string;
  };

export interface EffectRun {
  now: number;
  waitUntil?: (p: Promise<unknown>) => void;
}

/** How the cart's paymentMethodDescription names a payment's method. */
const DESCRIPTION: Record<string, string> = { paypal: "PayPal", card: "CreditCard", wire: "Wire" };

/** The payment that paid the order (its own amount, not a payment request's). */
function payingPayment(db: D1Database, orderNumber: string): Promise<PaymentRow | null> {
  return db
    .prepare(
      "SELECT * FROM payments WHERE order_number = ? AND request_id IS NULL AND status IN ('captured', 'refunded') ORDER BY updated_at DESC, rowid DESC LIMIT 1",
    )
    .bind(orderNumber)
    .first<PaymentRow>();
}

/**
 * The cart the order came from is emptied — when it still stands for that order (the cart object checks) — and
 * keeps the payment's fields (TransactionId, PaymentId, paymentMethodDescription; a financed order's too).
 */
async function cartPaid(env: EffectBindings, orderNumber: string, run: EffectRun): Promise<void> {
  const [order, payment] = await Promise.all([findOrder(env.DB, orderNumber), payingPayment(env.DB, orderNumber)]);
  if (!order || !payment) throw new Error(`no paid order ${orderNumber} to empty the cart of`);
  const cart = env.CART.get(env.CART.idFromName(order.cart_key));
  await cart.apply(
    [
      {
        type: "order-paid",
        orderNumber,
        paymentId: payment.id,
        transactionId: payment.provider_capture_id ?? payment.id,
        paymentMethodDescription: DESCRIPTION[payment.method] ?? payment.method,
      },
    ],
    run.now,
  );
  // Financed: the cart keeps the financing's fields too (the account's last 4 digits, the plan).
  if (payment.method === "financing") await noteFinancing(env, payment.id, run.now);
}

async function confirmationEmail(env: EffectBindings, orderNumber: string, run: EffectRun): Promise<void> {
  const sent = await sendOrderConfirmation(env, orderNumber, siteOrigin(env), run.waitUntil ?? (() => {}), run.now);
  // An hourly email limit: not sent now, so not done — the sweep tries again.
  if (!sent.queued) throw new Error(`the confirmation of ${orderNumber} waits for the email limit (${sent.retryAfter ?? "?"} s)`);
}

/** Each kind's runner, given the order, the run and the row's cause (the event, or what it names: `capture:{payment}`). */
export const RUNNERS: Record<EffectKind, (env: EffectBindings, orderNumber: string, run: EffectRun, cause: string) => Promise<unknown>> = {
  "cart-paid": cartPaid,
  "confirmation-email": confirmationEmail,
  // Once per order whatever runs it (its own claim on the order; the cron's sweep asks it too).
  "ring-size-ask": (env, n, run) => askForMissingSizes(env, n, siteOrigin(env), run.now, run.waitUntil),
  "retailer-ask": (env, n, run) => askRetailers(env, n, { origin: siteOrigin(env), now: run.now, waitUntil: run.waitUntil }),
  // A capture the order could not take: refunded through its provider, the operators told (once per payment).
  "capture-refund": refundUntakenCapture,
};
