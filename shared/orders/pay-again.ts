/**
 * Paying an unpaid order with another method (docs/decisions/064-pay-again-and-remembered-address.md): which
 * methods an order may switch to, and what it is then due. Pure; the worker adds whether the site offers the
 * method at all (its provider configured) and the page shows each refusal beside its choice.
 */
import * as v from "valibot";
import { formatUsd } from "../money";
import { PAYMENT_METHODS, PAYPAL_MAX_CENTS, type PaymentMethod } from "../cart/model";

/** The body of the call that pays an order with a method of the shopper's choice. */
export const PayWithMethod = v.strictObject({ paymentMethod: v.picklist(PAYMENT_METHODS, "not a payment method") });
export type PayWithMethod = v.InferOutput<typeof PayWithMethod>;

/** What the rule needs of an order. */
export interface PayAgainFacts {
  paymentMethod: PaymentMethod;
  /** What the order is due by its method now (a wire's price when it is paid by wire). */
  amountDueCents: number;
  /** The order's total and tax at the price every method but the wire pays. */
  totalCents: number;
  taxCents: number;
}

/** One method the pay-again page offers: the order's own, or another, with why it cannot be chosen (null: it can). */
export interface PayChoice {
  method: PaymentMethod;
  current: boolean;
  /** What the order is due when paid this way (a wire order paid another way pays the price without the wire's saving). */
  amountDue: number;
  refusal: string | null;
}

/** The message for a wire chosen on an order placed another way. */
export const WIRE_ONLY_WHEN_PLACED =
  "The bank-wire price is set when the order is placed: to pay by wire, place the order again from your cart with Bank wire chosen.";

/**
 * What the order is due when paid by `method`: every method but the wire pays the same (the order's amount due);
 * leaving a wire, the order's total and tax (the price the cart showed for every other method).
 */
export function amountDueBy(order: PayAgainFacts, method: PaymentMethod): number {
  return method === order.paymentMethod || order.paymentMethod !== "wire" ? order.amountDueCents : order.totalCents + order.taxCents;
}

/**
 * Why the order cannot be paid by `method`, or null. Its own method is always allowed (a plain pay again); a wire
 * only on an order placed by wire (its saving is priced when the order is placed); PayPal up to its limit, as in
 * the cart.
 */
export function payAgainRefusal(order: PayAgainFacts, method: PaymentMethod): string | null {
  if (method === order.paymentMethod) return null;
  if (method === "wire") return WIRE_ONLY_WHEN_PLACED;
  if (method === "paypal" && amountDueBy(order, method) > PAYPAL_MAX_CENTS)
    return `PayPal takes orders up to ${formatUsd(PAYPAL_MAX_CENTS)}; choose another payment method`;
  return null;
}
