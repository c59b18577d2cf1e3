/**
 * Placing and paying orders (issue 18; §7 orders, orders/payment/{id} and the approve calls). Placing reads
 * the cart afresh (draftOrder: catalogue prices, a valid lock honoured, a sold or missing item refused by
 * name), moves the order to awaiting payment and asks the method's provider for a payment of the amount the
 * server computed. Approving never believes the browser: the server asks the provider (or reads a verified
 * webhook) and applies what it says once — one request at a time holds the payment's claim, the provider
 * sees one idempotency key per attempt, and the order's status moves by compare-and-set.
 */
import type { PaymentStart, PlacedOrder, ApprovalResult } from "#shared/orders/schemas.ts";
import { refused } from "#shared/refusal.ts";
import type { PaymentMethod } from "#shared/cart/model.ts";
import { isUnpaid } from "#shared/orders/states.ts";
import { draftOrder } from "../cart/orders";
import { orderPromoRefusal } from "../promotions/eligibility";
import type { CartBindings, Shopper } from "../cart/service";
import type { EmailBindings } from "../email/outbox";
import { siteOrigin } from "../platform/config";
import { answer, type ApproveContext, approveWith, PaymentUnavailable } from "./approve";
import type { OrderKeyBindings } from "./keys";
import { providerForMethod, providerOf } from "./payments/adapters";
import { answerOfStatus } from "./payments/outcomes";
import { type BrowserInput, ProviderUnavailable, type CreatedPayment, type PaymentRequest } from "./payments/provider";
import { collectorFor, type PaymentBindings } from "./payments/providers";
import { returnUrls } from "./payments/return-urls";
import { eventStatement, findPayment, insertPayment, openPayment, paymentsOf, setCreated, type PaymentRow } from "./payments/store";
import { openRequest } from "./requests";
import { applyEvent, findOrder, type OrderRow } from "./store";
import { holdsChanged, refusingTaken, type HoldBindings } from "./holds";
import { orderView } from "./view";

export { PaymentUnavailable, returnUrls };
export { REFERRED_EXPIRY_MS } from "./payments/outcomes";

/** How a request runs what its transition caused after its response (approve.ts ApproveContext without the time). */
export type AfterResponse = Omit<ApproveContext, "now">;

/** The site's origin (a provider's return links), or a placeholder where none is configured (a confirmation needs none). */
function originOf(env: OrderBindings): string {
  try {
    return siteOrigin(env);
  } catch {
    return "http://localhost";
  }
}

export type OrderBindings = CartBindings & PaymentBindings & EmailBindings & OrderKeyBindings & HoldBindings;

/** An unpaid order expires after this long (a wire transfer takes days). */
export const UNPAID_EXPIRY_MS = { wire: 7 * 24 * 3600_000, other: 24 * 3600_000 } as const;

/** The bank details of a wire payment (the order number is the reference). */
export const WIRE_ACCOUNT = { beneficiary: "Loupe Marketplace Inc.", bank: "First Example Bank", accountNumber: "000123456789", routingNumber: "021000021" };

export interface OrderContext {
  origin: string;
  now: number;
}

function paymentStart(p: PaymentRow, publishableKey: string | null): PaymentStart {
  return {
    paymentId: p.id,
    provider: p.provider,
    approvalUrl: p.approval_url,
    clientSecret: p.client_secret,
    publishableKey: p.provider === "stripe" ? publishableKey : null,
    wireInstructions: p.provider === "wire" ? { ...WIRE_ACCOUNT, reference: p.order_number } : null,
  };
}

/**
 * The open payment of the order (or of one of its payment requests) through `provider`, else a new one for
 * its amount. Concurrent calls compute the same idempotency key (the attempt's number) and share one row.
 */
export async function paymentToCollect(
  db: D1Database,
  order: OrderRow,
  provider: PaymentRow["provider"],
  method: string,
  now: number,
  request: { id: string; amountCents: number } | null = null,
): Promise<PaymentRow> {
  const open = await openPayment(db, order.order_number, provider, request?.id ?? null);
  if (open) return open;
  const attempts = (await paymentsOf(db, order.order_number)).length;
  return insertPayment(
    db,
    {
      orderNumber: order.order_number,
      provider,
      method,
      amountCents: request?.amountCents ?? order.amount_due_cents,
      idempotencyKey: `${order.order_number}-${attempts + 1}`,
      status: provider === "wire" ? "pending" : "created",
      requestId: request?.id ?? null,
    },
    now,
  );
}

/**
 * Asks the order's payment method's provider for a payment of what the order is due (the open one when
 * there is one: placing twice, or reloading the payment step, reuses it).
 */
export async function startPayment(
  env: OrderBindings,
  order: OrderRow,
  ctx: OrderContext,
  request: { id: string; amountCents: number; reason: string } | null = null,
  more?: (payment: PaymentRow) => Pick<PaymentRequest, "returnUrls" | "entryType">,
): Promise<PaymentStart> {
  const method = order.payment_method as PaymentMethod;
  const collector = collectorFor(env, method);
  const publishableKey = collector.provider === "stripe" ? collector.config.publishableKey : null;
  const payment = await paymentToCollect(env.DB, order, collector.provider, method, ctx.now, request);
  // Braintree's sale and a wire need nothing created; a payment the provider already made is reused.
  if (payment.provider_payment_id || collector.provider === "wire" || collector.provider === "braintree") return paymentStart(payment, publishableKey);
  const urls = returnUrls(method, order.order_number, payment.id, ctx.origin);
  const req = {
    orderNumber: order.order_number,
    amount: { amountCents: payment.amount_cents, currency: "USD" as const },
    description: request ? `Loupe order ${order.order_number}: ${request.reason}`.slice(0, 120) : `Loupe order ${order.order_number}`,
    ...urls,
    idempotencyKey: payment.idempotency_key,
    email: order.email,
    ...more?.(payment),
  };
  const provider = providerForMethod(env, method, ctx)!;
  let created: CreatedPayment | null;
  try {
    created = await provider.start(req);
  } catch (e) {
    if (e instanceof ProviderUnavailable) throw new PaymentUnavailable(`${e.message} Your order is saved; please try again in a moment.`);
    throw e;
  }
  if (!created) return paymentStart(payment, publishableKey);
  await env.DB.batch([
    eventStatement(
      env.DB,
      { paymentId: payment.id, orderNumber: order.order_number, provider: collector.provider, kind: "created", verified: true, payload: created.raw },
      ctx.now,
    ),
  ]);
  return paymentStart(await setCreated(env.DB, payment.id, created, ctx.now), publishableKey);
}

/**
 * Pays an unpaid order again (re-payment): an order whose payment failed waits for payment again, and the
 * method's provider is asked for a payment (the open one when there is one). Refuses an order that does not
 * wait for a payment.
 */
export async function resumePayment(env: OrderBindings, order: OrderRow, ctx: OrderContext): Promise<PlacedOrder> {
  if (order.status !== "awaiting_payment" && order.status !== "payment_failed") refused("conflict", "This order does not wait for a payment.");
  const promo = await orderPromoRefusal(env.DB, order);
  if (promo) refused("conflict", `${promo}: please place the order again from your cart without it.`);
  if (order.status === "payment_failed") await applyEvent(env.DB, order.order_number, "repay", "shopper", ctx.now);
  const payment = await startPayment(env, (await findOrder(env.DB, order.order_number))!, ctx);
  return { order: await orderView(env.DB, order.order_number), payment, created: false };
}

/** Pays a payment request an operator made on the shopper's paid order (its open payment when there is one). */
export async function payRequest(env: OrderBindings, order: OrderRow, requestId: string, ctx: OrderContext): Promise<PlacedOrder> {
  const request = await openRequest(env.DB, order.order_number, requestId);
  const payment = await startPayment(env, order, ctx, request);
  return { order: await orderView(env.DB, order.order_number), payment, created: false };
}

/** Places the shopper's order from the cart and starts its payment. */
export async function placeOrder(env: OrderBindings, who: Shopper, ctx: OrderContext): Promise<PlacedOrder> {
  const { order: draft, created } = await draftOrder(env, who, ctx.now);
  const row = (await findOrder(env.DB, draft.orderNumber))!;
  const event = row.status === "payment_failed" ? "repay" : "place";
  const expiresAt = ctx.now + (row.payment_method === "wire" ? UNPAID_EXPIRY_MS.wire : UNPAID_EXPIRY_MS.other);
  // A stone another order took between the draft and now refuses the place, and nothing is written (holds.ts).
  await refusingTaken(env, row, () =>
    applyEvent(env.DB, draft.orderNumber, event, "shopper", ctx.now, (changed) =>
      changed ? [env.DB.prepare("UPDATE orders SET expires_at = ? WHERE order_number = ?").bind(expiresAt, draft.orderNumber)] : [],
    ),
  );
  const placed = (await findOrder(env.DB, draft.orderNumber))!;
  const [payment] = await Promise.all([startPayment(env, placed, ctx), holdsChanged(env)]);
  return { order: await orderView(env.DB, placed.order_number), payment, created };
}

/**
 * Confirms an open payment with its own provider (a return page, a retried approval): the provider is asked
 * about the payment it made (`provider_payment_id`), never about what the browser says. Braintree payments
 * are confirmed at their sale (their nonce) and wires by an operator: this answers their state as it is.
 */
export async function confirmWithProvider(
  env: OrderBindings,
  orderNumber: string,
  paymentId: string,
  now: number,
  after?: AfterResponse,
  token?: string,
  extra?: Record<string, string>,
): Promise<ApprovalResult> {
  const payment = await findPayment(env.DB, paymentId);
  if (!payment || payment.order_number !== orderNumber) refused("not_found", "No such payment for this order");
  const ctx = { ...after, origin: after?.origin ?? originOf(env), now };
  const asked = payment.provider_payment_id && payment.provider !== "wire" && payment.provider !== "braintree" && providerOf(env, payment, ctx);
  if (asked) return approveWith(env, { order_number: orderNumber, email: "" }, payment, { token, extra }, ctx);
  const state = answerOfStatus(payment.status, payment.decline_reason);
  return answer(env, orderNumber, { outcome: state.answer, message: state.message });
}

/** The embedded gateway's approval (the shopper approved or declined on /dev/gateway; the server asks the gateway's books). */
export async function approveLocal(
  env: OrderBindings,
  orderNumber: string,
  localPaymentId: string,
  now: number,
  after?: AfterResponse,
): Promise<ApprovalResult> {
  const payment = await env.DB.prepare("SELECT * FROM payments WHERE order_number = ? AND provider = 'local' AND provider_payment_id = ?")
    .bind(orderNumber, localPaymentId)
    .first<PaymentRow>();
  if (!payment) refused("not_found", `No such payment for order ${orderNumber}`);
  return approveWith(env, { order_number: orderNumber, email: "" }, payment, {}, { ...after, now });
}

/** An order no longer waiting for a payment: it is paid, or it waits for one already under way. */
async function paidOrWaiting(env: OrderBindings, orderNumber: string): Promise<ApprovalResult> {
  const order = await orderView(env.DB, orderNumber);
  const paid = order.payments.some((p) => p.status === "captured");
  return { outcome: paid ? "paid" : "pending", message: paid ? "This order is paid." : "This order waits for its payment.", order };
}

/**
 * A card sale through Braintree (cards, Apple Pay, Google Pay): the order's open Braintree payment, or a new
 * one for what it is due, charged with the browser's nonce once (approve.ts: the payment's claim and key).
 */
export async function approveCardSale(env: OrderBindings, order: OrderRow, input: BrowserInput, ctx: ApproveContext): Promise<ApprovalResult> {
  if (collectorFor(env, "card").provider !== "braintree") refused("not_implemented", "Card payments through Braintree are not configured.");
  if (!isUnpaid(order.status) && order.status !== "expired") return paidOrWaiting(env, order.order_number);
  const payment = await paymentToCollect(env.DB, order, "braintree", input.description ?? "card", ctx.now);
  return approveWith(env, order, payment, input, ctx);
}
