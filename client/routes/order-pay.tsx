/**
 * `/orders/{n}/pay` (issue 18 point 2): where the shopper enters a card — or uses Apple Pay or Google Pay —
 * for an unpaid order of theirs whose card payment goes through Braintree (the Drop-in UI) or Stripe (the
 * Payment Element). The loader answers the open payment (re-payment answers it, it starts none when one is
 * open); the provider's script and fields load in the browser from a small module of this page only
 * (client/payments/card-form.ts), and this is the only page whose Content-Security-Policy allows the
 * provider's origins (worker/middleware/security.ts). The server makes the sale for the order's amount.
 * Without JavaScript the page says cards need it and links back to checkout. A paid order goes to its
 * success page; a payment with its own approval page (PayPal, the local gateway) goes there; an order that
 * is not this shopper's is a 404. Reach it by a document navigation (a form's redirect, a plain link): the
 * provider's origins are allowed in this document's policy only.
 */
import { useEffect, useRef, useState } from "react";
import { redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { OrderView, PaymentStart } from "#shared/orders/schemas.ts";
import { formatCents } from "#shared/cents.ts";
import type { CardForm } from "../payments/card-form";
import { OrderPage, OrderSummary, canPay, isPaid, orderHandle, orderNotFound, pageOrders } from "../components/order-parts";

/** The providers whose fields this page shows. */
type CardProvider = "braintree" | "stripe";

interface PayData {
  order: OrderView;
  payment: Pick<PaymentStart, "paymentId" | "clientSecret" | "publishableKey"> & { provider: CardProvider };
}

/** Cents as the providers' decimal string: 541250 → "5412.50". */
export const decimalAmount = (cents: number): string => (cents / 100).toFixed(2);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orders = pageOrders(context, request);
  const orderNumber = params.n ?? "";
  const order = await orders.get(orderNumber);
  if (!order) orderNotFound();
  if (!canPay(order)) throw redirect(`/orders/${orderNumber}/success`, 303);
  const r = await orders.repay(orderNumber);
  if (!r.ok) {
    if (r.kind === "not_found") orderNotFound();
    throw redirect(`/orders/re-payment/${orderNumber}`, 303);
  }
  const { provider, paymentId, clientSecret, publishableKey } = r.payment;
  if (provider !== "braintree" && provider !== "stripe") throw redirect(r.payment.approvalUrl ?? `/orders/${orderNumber}/success`, 303);
  return { order: r.order, payment: { provider, paymentId, clientSecret, publishableKey } } satisfies PayData;
}

export const handle = orderHandle<PayData>("Pay by card");

/** The provider's fields, mounted in the browser; the Pay button stays disabled until they are ready. */
function CardFields({ d }: { d: PayData }) {
  const container = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<CardForm | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    let live = true;
    import("../payments/card-form")
      .then(({ mountCardForm }) =>
        mountCardForm({
          ...d.payment,
          orderNumber: d.order.orderNumber,
          amount: decimalAmount(d.order.amountDue),
          container: container.current!,
          say: (m) => live && setMessage(m),
          busy: (b) => live && setPending(b),
        }),
      )
      .then((f) => live && setForm(f))
      .catch((e: unknown) => live && setMessage(e instanceof Error ? e.message : "The card form could not be loaded. Reload the page to try again."));
    return () => {
      live = false;
    };
  }, [d]);
  return (
    <form
      className="card-pay"
      aria-label="Pay by card"
      onSubmit={(e) => {
        e.preventDefault();
        void form?.pay();
      }}
    >
      <div
        ref={container}
        id="card-fields"
        className={`card-fields card-fields-${d.payment.provider}`}
        data-provider={d.payment.provider}
        data-amount={decimalAmount(d.order.amountDue)}
      />
      {message ? (
        <p className="form-alert" role="alert">
          {message}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={!form || pending}>
        {pending ? "Paying…" : `Pay ${formatCents(d.order.amountDue)}`}
      </button>
    </form>
  );
}

export function Component() {
  const d = useLoaderData<PayData>();
  const { order } = d;
  return (
    <OrderPage title="Pay by card">
      <p>
        Order {order.orderNumber}: {formatCents(order.amountDue)} to pay by card, Apple Pay or Google Pay.
        {order.status === "payment_failed" ? " The last payment did not go through; nothing was charged." : ""}
      </p>
      <noscript>
        <p className="form-alert" role="alert">
          Paying by card needs JavaScript: turn it on and reload this page, or <a href="/checkout">go back to checkout</a> and choose PayPal or a bank wire.
        </p>
      </noscript>
      {isPaid(order) ? null : <CardFields d={d} />}
      <OrderSummary order={order} />
    </OrderPage>
  );
}
