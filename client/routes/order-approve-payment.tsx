/**
 * `/orders/approve-payment/{n}` and `/cart/approve-payment/{n}` (§2: a custom payment request an operator
 * prepared). Custom payment requests are not built yet: for now the page shows the order's payment state,
 * a link to pay an unpaid order again, and how to reach us. An order that is not this shopper's is a 404.
 */
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { OrderView } from "#shared/orders/schemas.ts";
import { formatUsd } from "#shared/money.ts";
import { OrderPage, OrderSummary, canPay, isPaid, orderHandle, orderNotFound, pageOrders } from "../components/order-parts";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const order = await pageOrders(context, request).get(params.n ?? "");
  if (!order) orderNotFound();
  return { order };
}

export const handle = orderHandle<{ order: OrderView }>((d) => (d ? `Payment for order ${d.order.orderNumber}` : "Payment for your order"));

export function Component() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <OrderPage title={`Payment for order ${order.orderNumber}`}>
      <p role="status">
        {isPaid(order)
          ? `This order is paid (${formatUsd(order.amountDue)}): there is nothing to approve.`
          : canPay(order)
            ? `This order waits for its payment of ${formatUsd(order.amountDue)}.`
            : `This order is ${order.statusLabel}.`}
        {canPay(order) ? (
          <>
            {" "}
            <a href={`/orders/re-payment/${order.orderNumber}`}>Pay now</a>
          </>
        ) : null}
      </p>
      <p className="order-contact">Expecting a payment request from our team for a change to this order? Contact us and we will send it to {order.email}.</p>
      <OrderSummary order={order} />
    </OrderPage>
  );
}
