/**
 * What the order pages share (issue 18, §2 Cart, checkout and orders; My stuff): their flags (no coupon
 * popup, no offer launcher, never indexed), the server-only order service, the 404 for an order that is not
 * the shopper's, and the order as its owner reads it — number, status, items, amounts, where it ships.
 * The pages post their forms as documents, so they work without JavaScript.
 */
import { Fragment, type ReactNode } from "react";
import { data, redirectDocument, type RouterContextProvider } from "react-router";
import type { OrderView, PaymentStart } from "#shared/orders/schemas.ts";
import { orderBreakdown, rowAmount } from "#shared/cart/breakdown.ts";
import { formatCents } from "#shared/cents.ts";
import { LineDetails } from "./line-details";
import { orderContext, type OrderService } from "../order-context";
import { MyStuffNav } from "./my-stuff-nav";
import type { RouteHandle } from "../route-handle";

/** §2: order and my-stuff pages prevent the coupon popup and hide the offer launcher; they are never indexed. */
export const ORDER_FLAGS = { preventCouponPopup: true, hideOfferLauncher: true, preventRobots: true } as const;

/** An order page's handle: its flags and title (never `sharedRender`: every order page depends on the visitor). */
export function orderHandle<Data = unknown>(title: string | ((data: Data | undefined) => string)): RouteHandle<Data> {
  return { flags: ORDER_FLAGS, meta: (d) => ({ title: `${typeof title === "string" ? title : title(d)} — Loupe` }) };
}

/**
 * The order service of a page request. It exists only on the server (the pages never see a provider or
 * the session); when a loader or action runs in the browser (a client-side navigation), the page is loaded
 * as a document instead.
 */
export function pageOrders(context: Readonly<RouterContextProvider>, request: Request): OrderService {
  if (typeof document !== "undefined") {
    const url = new URL(request.url);
    throw redirectDocument(url.pathname + url.search);
  }
  return context.get(orderContext);
}

/**
 * Where a started payment is made: the provider's approval page (PayPal, the local gateway), the card page
 * for Braintree and Stripe (the browser confirms there), or the order's page (a wire: its transfer details).
 */
export function paymentPage(placed: { order: Pick<OrderView, "orderNumber">; payment: Pick<PaymentStart, "provider" | "approvalUrl"> }): string {
  const n = placed.order.orderNumber;
  if (placed.payment.provider === "braintree" || placed.payment.provider === "stripe") return `/orders/${n}/pay`;
  return placed.payment.approvalUrl ?? `/orders/${n}/success`;
}

/** The not-found page for an order that does not exist or is not this shopper's (the same answer for both). */
export function orderNotFound(): never {
  throw data("No such order", { status: 404 });
}

/** The page's query as a record (the provider's return parameters: PayPal's `token`, Stripe's `payment_intent`). */
export function queryRecord(request: Request, without: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(request.url).searchParams) if (!without.includes(k)) out[k] = v;
  return out;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "3 November 2026" (UTC, no Intl: identical on server and client). */
export function formatDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** How the order is paid (the cart's labels without their offers: cart-parts.tsx would bring the cart's code into these pages). */
export const PAID_WITH: Record<OrderView["paymentMethod"], string> = {
  paypal: "PayPal",
  card: "Card",
  affirm: "Affirm",
  splitit: "Splitit",
  wire: "Bank wire",
  financing: "Financing",
};

/** Statuses in which the order's payment is received. */
const PAID = new Set<OrderView["status"]>(["paid", "availability_confirmed", "item_unavailable", "shipped", "delivered", "refunded"]);

/** Whether the order's payment is received (it may have moved on since: confirmed, shipped…). */
export const isPaid = (o: Pick<OrderView, "status">): boolean => PAID.has(o.status);

/** Whether the order still waits for a payment the shopper can make (re-payment). */
export const canPay = (o: Pick<OrderView, "status">): boolean => o.status === "awaiting_payment" || o.status === "payment_failed";

/** " Pay now" after a sentence about an order that still waits for a payment the shopper can make (re-payment); nothing otherwise. */
export function PayNow({ order }: { order: Pick<OrderView, "status" | "orderNumber"> }) {
  return canPay(order) ? (
    <>
      {" "}
      <a href={`/orders/re-payment/${order.orderNumber}`}>Pay now</a>
    </>
  ) : null;
}

/** The order's page and its layout: one heading, narrow. */
export function OrderPage({ title, children, nav = false }: { title: string; children: ReactNode; nav?: boolean }) {
  return (
    <section className="page narrow order-page">
      {nav ? <MyStuffNav /> : null}
      <h1>{title}</h1>
      {children}
    </section>
  );
}

/** The items and amounts of an order, as its owner sees them: its breakdown to the cent, the parts summing to the amount due. */
export function OrderSummary({ order, showAddress = true }: { order: OrderView; showAddress?: boolean }) {
  const a = order.shippingAddress;
  const b = orderBreakdown(order);
  return (
    <section className="order-summary" aria-label={`Order ${order.orderNumber}`}>
      <OrderHeading order={order} />
      <ul className="order-lines">
        {b.lines.map((l) => (
          <li key={l.lineId}>
            <span>
              {l.name}
              {l.quantity > 1 ? ` × ${l.quantity}` : ""}
            </span>{" "}
            <span data-cents={l.cents}>{formatCents(l.cents)}</span>
            <LineDetails details={l.details} />
          </li>
        ))}
      </ul>
      <dl className="order-totals">
        {b.rows.map((r) => (
          <Fragment key={r.key}>
            <dt>{r.label}</dt>
            <dd data-cents={r.cents}>{rowAmount(r)}</dd>
          </Fragment>
        ))}
        <dt>{isPaid(order) ? "Paid" : "Amount due"}</dt>
        <dd data-testid="order-amount" data-cents={order.amountDue}>
          {formatCents(order.amountDue)}
        </dd>
      </dl>
      <p className="order-meta">
        Payment: {PAID_WITH[order.paymentMethod]}
        {showAddress && a ? ` · Ships to ${[a.name, a.line1, a.apt].filter(Boolean).join(", ")}, ${a.city}, ${a.state} ${a.postalCode}` : ""}
      </p>
    </section>
  );
}

/** The bank details for a wire transfer, or where to find them when the server gave none. */
export function WireDetails({ order, wire }: { order: OrderView; wire: PaymentStart["wireInstructions"] }) {
  return (
    <section className="wire-details" aria-label="Bank transfer details">
      <h2>Pay by bank transfer</h2>
      <p>
        Wire {formatCents(order.amountDue)} with the reference <strong>{wire?.reference ?? order.orderNumber}</strong>. We hold your order until the transfer
        arrives{order.expiresAt ? ` (by ${formatDay(order.expiresAt)})` : ""} and email you when it does.
      </p>
      {wire ? (
        <dl>
          <dt>Beneficiary</dt>
          <dd>{wire.beneficiary}</dd>
          <dt>Bank</dt>
          <dd>{wire.bank}</dd>
          <dt>Account number</dt>
          <dd>{wire.accountNumber}</dd>
          <dt>Routing number</dt>
          <dd>{wire.routingNumber}</dd>
          <dt>Reference</dt>
          <dd>{wire.reference}</dd>
        </dl>
      ) : (
        <p>The bank details are in your order confirmation email.</p>
      )}
    </section>
  );
}

/** The order's number, day and status (the summary's first line; `live` announces it, for a lookup's answer). */
export function OrderHeading({ order, live = false }: { order: Pick<OrderView, "orderNumber" | "createdAt" | "status" | "statusLabel">; live?: boolean }) {
  return (
    <p className="order-heading" role={live ? "status" : undefined}>
      Order <strong data-testid="order-number">{order.orderNumber}</strong> · placed {formatDay(order.createdAt)} ·{" "}
      <span className={`order-status status-${order.status}`} data-testid="order-status">
        {order.statusLabel}
      </span>
    </p>
  );
}
