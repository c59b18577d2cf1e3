/**
 * Orders as page loaders and actions use them (issue 18). The order pages post their forms as documents and
 * their loaders run on the server, where worker/loaders/orders.ts provides this service from the order
 * services: the pages never see a provider's secret, and a return from a provider is confirmed by the server
 * with the provider before any page says "paid".
 */
import { createContext } from "react-router";
import type { PaymentMethod } from "#shared/cart/model.ts";
import type { PayChoice } from "#shared/orders/pay-again.ts";
import type { ApprovalResult, OrderView, PlacedOrder } from "#shared/orders/schemas.ts";
import type { Outcome } from "#shared/refusal.ts";

/** What order tracking shows to someone who knows the number and the email (no address, no payment details). */
export interface OrderTracking {
  orderNumber: string;
  status: OrderView["status"];
  statusLabel: string;
  createdAt: number;
  lines: { name: string; quantity: number }[];
  /** "Austin, TX" — never the street. */
  shipsTo: string;
}

export interface OrderService {
  /** Places the cart's order and starts its payment (refusals: conflict — the cart is not ready, each problem named; not_implemented — the method is not available). */
  place(): Promise<Outcome<PlacedOrder>>;
  /** The shopper's own order (placed in this browser, or from their account), or null. */
  get(orderNumber: string): Promise<OrderView | null>;
  /** The order behind an emailed link (`/orders/{slugUrl}`), or null for a wrong or expired link. */
  bySlug(slugUrl: string): Promise<OrderView | null>;
  /**
   * Back from the provider's page (the success page's `?payment=` and the provider's own query, e.g. PayPal's
   * `token`, Stripe's `payment_intent`): the server confirms the payment with the provider, once.
   */
  confirmReturn(orderNumber: string, paymentId: string, query: Record<string, string>): Promise<Outcome<ApprovalResult>>;
  /** Pays a payment request the shop made on this shopper's order (§2 approve-payment): where to pay it. */
  payRequest(orderNumber: string, requestId: string): Promise<Outcome<PlacedOrder>>;
  /**
   * A new payment for an unpaid order of this shopper (re-payment), by `paymentMethod` when given: another
   * method the order may use becomes its method (refusals: bad_request with the field's problem — the order unchanged).
   */
  repay(orderNumber: string, paymentMethod?: PaymentMethod): Promise<Outcome<PlacedOrder>>;
  /** The payment methods the pay-again page offers for this shopper's order, each with why it cannot be chosen; null: not their order. */
  payChoices(orderNumber: string): Promise<PayChoice[] | null>;
  /** The signed-in customer's orders, newest first; null when nobody is signed in. */
  mine(): Promise<OrderView[] | null>;
  /** Looks an order up by number and email (the same answer for a wrong email and a missing order; limited per address: rate_limited). */
  track(orderNumber: string, email: string): Promise<Outcome<{ order: OrderTracking }>>;
}

export const orderContext = createContext<OrderService>();
