/**
 * `/orders/{slugUrl}` (§2): the email landing — the order behind an emailed link (`{orderNumber}-{key}`, the
 * key an HMAC the server checks), whoever opens it and without signing in. A wrong or expired link is a 404.
 * A signed-out reader is offered to sign in, returning here, so their orders are kept in their account; a
 * signed-in one gets the way to their orders.
 */
import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from "react-router";
import type { OrderView } from "#shared/orders/schemas.ts";
import { signInHref } from "../components/account-paths";
import { OrderPage, OrderSummary, PayNow, isPaid, orderHandle, orderNotFound, pageOrders } from "../components/order-parts";
import type { RootData } from "../root";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const order = await pageOrders(context, request).bySlug(params.slugUrl ?? "");
  if (!order) orderNotFound();
  return { order, here: new URL(request.url).pathname };
}

export const handle = orderHandle<{ order: OrderView }>((d) => (d ? `Order ${d.order.orderNumber}` : "Your order"));

export function Component() {
  const { order, here } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  return (
    <OrderPage title={`Order ${order.orderNumber}`}>
      <p role="status">
        {isPaid(order) ? `Thank you for your order: it is ${order.statusLabel}.` : `This order is ${order.statusLabel}.`}
        <PayNow order={order} />
      </p>
      <OrderSummary order={order} />
      {root?.user ? (
        <p className="order-account">
          You are signed in as {root.user.email}. <a href="/my-stuff/orders">See your orders</a>
        </p>
      ) : (
        <p className="order-account">
          <a href={signInHref(here)}>Sign in to save this order to your account</a>, or <a href="/register">create an account</a>.
        </p>
      )}
    </OrderPage>
  );
}
