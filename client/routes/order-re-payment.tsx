/**
 * `/orders/re-payment/{n}` (§2): pay again for an unpaid order — after a decline, or back from a provider's
 * page without paying (its cancel link lands here). The order and a "Pay now" button, a form posted as a
 * document: the server starts the payment (or answers the open one) and the page redirects to where the
 * shopper approves it (the card page `/orders/{n}/pay` for Braintree and Stripe); a wire shows its transfer details on the success page. A paid order says so; an
 * order that is not this shopper's is a 404.
 */
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { OrderView } from "#shared/orders/schemas.ts";
import { formatCents } from "#shared/money.ts";
import { statusOf } from "#shared/refusal.ts";
import { OrderPage, OrderSummary, canPay, isPaid, orderHandle, orderNotFound, pageOrders, paymentPage } from "../components/order-parts";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const order = await pageOrders(context, request).get(params.n ?? "");
  if (!order) orderNotFound();
  return { order };
}

/** Why a payment could not start, for the page. */
export interface RepayAnswer {
  error: string;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const r = await pageOrders(context, request).repay(params.n ?? "");
  if (!r.ok) {
    if (r.kind === "not_found") orderNotFound();
    return data<RepayAnswer>({ error: r.message }, { status: statusOf(r) });
  }
  return redirect(paymentPage(r), 303);
}

const titleOf = (order: OrderView | undefined) => (order && !canPay(order) ? `Order ${order.orderNumber}` : "Pay for your order");

export const handle = orderHandle<{ order: OrderView }>((d) => titleOf(d?.order));

export function Component() {
  const { order } = useLoaderData<typeof loader>();
  const answer = useActionData<RepayAnswer>();
  return (
    <OrderPage title={titleOf(order)}>
      {answer ? (
        <p className="form-alert" role="alert">
          {answer.error}
        </p>
      ) : null}
      {canPay(order) ? (
        <form method="post" className="order-pay" aria-label="Pay for the order">
          <p>
            Order {order.orderNumber} waits for its payment of {formatCents(order.amountDue)}.
            {order.status === "payment_failed" ? " The last payment did not go through; nothing was charged." : ""}
          </p>
          <button type="submit" className="primary">
            Pay now
          </button>
        </form>
      ) : (
        <p role="status">
          {isPaid(order) ? `This order is paid: there is nothing more to pay.` : `This order is ${order.statusLabel}: it can no longer be paid.`}{" "}
          <a href={`/orders/${order.orderNumber}/success`}>See the order</a>
        </p>
      )}
      <OrderSummary order={order} />
    </OrderPage>
  );
}
