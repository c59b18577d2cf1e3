/**
 * `/orders/{n}/success` and `/orders/{n}/cart-success` (§2): where checkout and the payment providers send
 * the shopper. Back from a provider (`?payment={id}` and the provider's own query), the loader asks the
 * server to confirm the payment with the provider — the page never says "paid" on the strength of its URL —
 * and shows what it found: paid (thank you, the order, the amount), still being confirmed (a link to check
 * again), or declined (the reason and a link to pay again). Without `?payment` it shows the order as it is;
 * for a bank wire, the transfer details. An order that is not this shopper's is a 404.
 */
import { data, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { ApprovalResult, OrderView, PaymentStart } from "#shared/orders/schemas.ts";
import { formatCents } from "#shared/cents.ts";
import { statusOf } from "#shared/refusal.ts";
import type { OrderService } from "../order-context";
import { OrderPage, OrderSummary, WireDetails, canPay, isPaid, orderHandle, orderNotFound, pageOrders, queryRecord } from "../components/order-parts";

/** What the page shows: a provider's answer, a refusal of the return (`problem`), or the order as it is (null). */
type Outcome = ApprovalResult["outcome"] | "problem" | null;

interface SuccessData {
  order: OrderView;
  outcome: Outcome;
  message: string | null;
  /** This page's address, to check again while the provider decides. */
  again: string;
  wire: PaymentStart["wireInstructions"];
}

/** A wire order waiting for its transfer: the open wire payment's bank details (re-payment answers the open payment, it starts none). */
async function wireOf(orders: OrderService, order: OrderView): Promise<PaymentStart["wireInstructions"]> {
  if (order.paymentMethod !== "wire" || !canPay(order)) return null;
  const r = await orders.repay(order.orderNumber);
  return r.ok ? r.payment.wireInstructions : null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orders = pageOrders(context, request);
  const url = new URL(request.url);
  const orderNumber = params.n ?? "";
  const again = url.pathname + url.search;
  const payment = url.searchParams.get("payment");
  if (payment) {
    const r = await orders.confirmReturn(orderNumber, payment, queryRecord(request, ["payment"]));
    if (r.ok) return { order: r.order, outcome: r.outcome, message: r.message, again, wire: null } satisfies SuccessData;
    if (r.kind === "not_found") orderNotFound();
    const order = await orders.get(orderNumber);
    if (!order) orderNotFound();
    return data<SuccessData>({ order, outcome: "problem", message: r.message, again, wire: null }, { status: statusOf(r) });
  }
  const order = await orders.get(orderNumber);
  if (!order) orderNotFound();
  return { order, outcome: null, message: null, again, wire: await wireOf(orders, order) } satisfies SuccessData;
}

/** The page's heading for what it shows. */
function titleOf(d: SuccessData): string {
  const { order, outcome } = d;
  if (outcome === "paid" || (outcome === null && isPaid(order))) return "Thank you for your order";
  if (outcome === "pending" || outcome === "processing") return "Your payment is being confirmed";
  if (outcome === "declined" || (outcome === null && order.status === "payment_failed")) return "Your payment did not go through";
  if (outcome === "problem") return "We could not confirm the payment";
  if (order.paymentMethod === "wire" && canPay(order)) return "Your order is placed";
  if (canPay(order)) return "Your order waits for its payment";
  return `Order ${order.orderNumber}`;
}

export const handle = orderHandle<SuccessData>((d) => (d ? titleOf(d) : "Your order"));

const rePayment = (order: OrderView) => `/orders/re-payment/${order.orderNumber}`;

/** What the shopper reads above the order, and what they can do next. */
function Status({ d }: { d: SuccessData }) {
  const { order, outcome, message } = d;
  if (outcome === "paid" || (outcome === null && isPaid(order))) {
    return (
      <p className="order-paid" role="status">
        Thank you: your payment of {formatCents(order.amountDue)} is received and order {order.orderNumber} is confirmed. We email the confirmation to{" "}
        {order.email}.
      </p>
    );
  }
  if (outcome === "pending" || outcome === "processing") {
    return (
      <div className="order-pending" role="status">
        <p>{message}</p>
        <p>
          Nothing more to do: this usually takes a moment. <a href={d.again}>Check again</a>
        </p>
      </div>
    );
  }
  if (outcome === "declined" || outcome === "problem" || (outcome === null && order.status === "payment_failed")) {
    const reason = message ?? order.payments.find((p) => p.status === "declined")?.declineReason ?? "The payment was declined.";
    return (
      <div className="order-declined">
        <p className="form-alert" role="alert">
          {reason}
        </p>
        {canPay(order) ? (
          <p>
            <a className="button primary" href={rePayment(order)}>
              Pay again
            </a>
          </p>
        ) : null}
      </div>
    );
  }
  if (order.paymentMethod === "wire" && canPay(order)) return <WireDetails order={order} wire={d.wire} />;
  if (canPay(order)) {
    return (
      <p className="order-unpaid" role="status">
        Order {order.orderNumber} waits for its payment of {formatCents(order.amountDue)}. <a href={rePayment(order)}>Pay now</a>
      </p>
    );
  }
  return <p role="status">This order is {order.statusLabel}.</p>;
}

export function Component() {
  const d = useLoaderData<SuccessData>();
  return (
    <OrderPage title={titleOf(d)}>
      <Status d={d} />
      <OrderSummary order={d.order} />
      <p className="order-links">
        <a href="/my-stuff/orders">Your orders</a> · <a href="/">Continue shopping</a>
      </p>
    </OrderPage>
  );
}
