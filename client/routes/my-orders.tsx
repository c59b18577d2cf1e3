/**
 * `/my-stuff/orders` (§2 My stuff): the signed-in customer's orders, newest first, each linking to its page.
 * Signed out, the page offers to sign in (returning here) and to look an order up by its number and email.
 */
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { formatCents } from "#shared/cents.ts";
import { signInHref } from "../components/account-paths";
import { OrderPage, canPay, formatDay, orderHandle, pageOrders } from "../components/order-parts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { orders: await pageOrders(context, request).mine() };
}

export const handle = orderHandle("Your orders");

export function Component() {
  const { orders } = useLoaderData<typeof loader>();
  if (orders === null) {
    return (
      <OrderPage title="Your orders" nav>
        <p>
          <a href={signInHref("/my-stuff/orders")}>Sign in to see your orders</a>.
        </p>
        <p>
          Ordered without an account? <a href="/my-stuff/orders/login">Look an order up by its number and email</a>.
        </p>
      </OrderPage>
    );
  }
  return (
    <OrderPage title="Your orders" nav>
      {orders.length === 0 ? (
        <p>
          You have no orders yet. Find a diamond in the <a href="/diamond-search">diamond search</a>.
        </p>
      ) : (
        <ul className="my-orders">
          {orders.map((o) => (
            <li key={o.orderNumber} className="my-order">
              <a href={`/orders/${o.orderNumber}/success`}>Order {o.orderNumber}</a> · {formatDay(o.createdAt)} · {formatCents(o.amountDue)} ·{" "}
              <span className={`order-status status-${o.status}`}>{o.statusLabel}</span>
              {canPay(o) ? (
                <>
                  {" "}
                  · <a href={`/orders/re-payment/${o.orderNumber}`}>Pay now</a>
                </>
              ) : null}
              <ul className="my-order-lines">
                {o.lines.map((l) => (
                  <li key={l.lineId}>
                    {l.name}
                    {l.quantity > 1 ? ` × ${l.quantity}` : ""}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <p>
        An order placed with another email? <a href="/my-stuff/orders/login">Look it up by its number and email</a>.
      </p>
    </OrderPage>
  );
}
