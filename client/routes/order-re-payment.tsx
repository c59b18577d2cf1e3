/**
 * `/orders/re-payment/{n}` (§2): pay again for an unpaid order — after a decline, or back from a provider's
 * page without paying (its cancel link lands here). The order, the payment methods it may use (its own
 * chosen; another one changes the order's method: docs/decisions/064-pay-again-and-remembered-address.md) and
 * a "Pay now" button, a form posted as a document: the server starts the payment (or answers the open one) and
 * the page redirects to where the shopper approves it (the card page `/orders/{n}/pay` for Braintree and
 * Stripe); a wire shows its transfer details on the success page. A method refused is said beside the choices.
 * A paid order says so; an order that is not this shopper's is a 404.
 */
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { PAYMENT_METHODS, type PaymentMethod } from "#shared/cart/model.ts";
import type { PayChoice } from "#shared/orders/pay-again.ts";
import type { OrderView } from "#shared/orders/schemas.ts";
import { formatCents } from "#shared/cents.ts";
import { statusOf } from "#shared/refusal.ts";
import { OrderPage, OrderSummary, PAID_WITH, canPay, isPaid, orderHandle, orderNotFound, pageOrders, paymentPage } from "../components/order-parts";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orders = pageOrders(context, request);
  const [order, choices] = await Promise.all([orders.get(params.n ?? ""), orders.payChoices(params.n ?? "")]);
  if (!order) orderNotFound();
  return { order, choices: choices ?? [] };
}

/** Why a payment could not start, for the page: beside the methods when it is about the method chosen. */
export interface RepayAnswer {
  error: string;
  field?: "paymentMethod";
}

const isMethod = (m: unknown): m is PaymentMethod => typeof m === "string" && (PAYMENT_METHODS as readonly string[]).includes(m);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const chosen = (await request.clone().formData()).get("paymentMethod");
  if (chosen !== null && !isMethod(chosen))
    return data<RepayAnswer>({ error: "Choose one of the payment methods listed.", field: "paymentMethod" }, { status: 400 });
  const r = await pageOrders(context, request).repay(params.n ?? "", chosen ?? undefined);
  if (!r.ok) {
    if (r.kind === "not_found") orderNotFound();
    const field = r.details?.some((d) => d.path === "paymentMethod") ? ("paymentMethod" as const) : undefined;
    return data<RepayAnswer>(field ? { error: r.message, field } : { error: r.message }, { status: statusOf(r) });
  }
  return redirect(paymentPage(r), 303);
}

/** The methods the order may be paid by, its own chosen; one it cannot use is disabled and says why. */
function MethodChoices({ choices, due, error }: { choices: PayChoice[]; due: number; error: string | null }) {
  if (choices.length < 2) return error ? <p className="field-error">{error}</p> : null;
  return (
    <fieldset className="pay-methods">
      <legend>Pay with</legend>
      {choices.map((c) => (
        <label key={c.method}>
          <input type="radio" name="paymentMethod" value={c.method} defaultChecked={c.current} disabled={c.refusal !== null} /> {PAID_WITH[c.method]}
          {c.amountDue !== due && !c.refusal ? ` (${formatCents(c.amountDue)})` : ""}
          {c.refusal ? <span className="field-note"> — {c.refusal}</span> : null}
        </label>
      ))}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const titleOf = (order: OrderView | undefined) => (order && !canPay(order) ? `Order ${order.orderNumber}` : "Pay for your order");

export const handle = orderHandle<{ order: OrderView }>((d) => titleOf(d?.order));

export function Component() {
  const { order, choices } = useLoaderData<typeof loader>();
  const answer = useActionData<RepayAnswer>();
  return (
    <OrderPage title={titleOf(order)}>
      {answer && !answer.field ? (
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
          <MethodChoices choices={choices} due={order.amountDue} error={answer?.field ? answer.error : null} />
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
