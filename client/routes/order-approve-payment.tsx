/**
 * `/orders/approve-payment/{n}` and `/cart/approve-payment/{n}` (§2): a custom payment request our team
 * prepared for this order (a resize, an upgrade, a balance). Each open request shows its reason and amount
 * with an "Approve and pay" button — a form posted as a document: the server starts a payment of the request's
 * amount through the order's method and the page redirects to where the shopper approves it, like any order
 * payment. Paid requests are listed as paid. An unpaid order links to its own payment; an order that is not
 * this shopper's is a 404.
 */
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { OrderView } from "#shared/orders/schemas.ts";
import { formatCents } from "#shared/cents.ts";
import { statusOf } from "#shared/refusal.ts";
import { OrderPage, OrderSummary, PayNow, canPay, formatDay, isPaid, orderHandle, orderNotFound, pageOrders, paymentPage } from "../components/order-parts";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const order = await pageOrders(context, request).get(params.n ?? "");
  if (!order) orderNotFound();
  return { order };
}

/** Why a request's payment could not start, for the page. */
export interface ApproveAnswer {
  error: string;
  requestId: string;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const requestId = String(form.get("requestId") ?? "");
  const r = await pageOrders(context, request).payRequest(params.n ?? "", requestId);
  if (!r.ok) {
    if (r.kind === "not_found" && !requestId) orderNotFound();
    return data<ApproveAnswer>({ error: r.message, requestId }, { status: statusOf(r) });
  }
  return redirect(paymentPage(r), 303);
}

export const handle = orderHandle<{ order: OrderView }>((d) => (d ? `Payment for order ${d.order.orderNumber}` : "Payment for your order"));

export function Component() {
  const { order } = useLoaderData<typeof loader>();
  const answer = useActionData<ApproveAnswer>();
  const open = order.requests.filter((r) => r.status === "open");
  const paid = order.requests.filter((r) => r.status === "paid");
  return (
    <OrderPage title={`Payment for order ${order.orderNumber}`}>
      {open.length ? (
        <ul className="payment-requests">
          {open.map((r) => (
            <li key={r.id}>
              <p>
                {r.reason}: <strong>{formatCents(r.amount)}</strong> <span className="muted">(requested {formatDay(r.createdAt)})</span>
              </p>
              {answer?.requestId === r.id ? (
                <p className="form-error" role="alert">
                  {answer.error}
                </p>
              ) : null}
              <form method="post" aria-label={`Approve ${r.reason}`}>
                <input type="hidden" name="requestId" value={r.id} />
                <button type="submit" className="primary">
                  Approve and pay {formatCents(r.amount)}
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">
          {isPaid(order)
            ? "There is no payment waiting for your approval on this order."
            : canPay(order)
              ? `This order waits for its payment of ${formatCents(order.amountDue)}.`
              : `This order is ${order.statusLabel}.`}
          <PayNow order={order} />
        </p>
      )}
      {paid.length ? (
        <ul className="payment-requests paid">
          {paid.map((r) => (
            <li key={r.id}>
              {r.reason}: {formatCents(r.amount)}, paid {r.paidAt ? formatDay(r.paidAt) : ""}
            </li>
          ))}
        </ul>
      ) : null}
      <OrderSummary order={order} />
    </OrderPage>
  );
}
