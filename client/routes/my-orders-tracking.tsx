/**
 * `/my-stuff/orders/login` and `/my-stuff/orders/tracking/{email?}/{orderNumber?}` (§2 My stuff): look an
 * order up by its number and email, without an account. The form posts as a document; a tracking address
 * naming both looks the order up when opened. What it shows is the tracking view (status, items, the city it
 * ships to — never the street or the payment). The form always posts to the lookup address, so one post is one
 * try. A wrong email and a missing order get the same message, and
 * too many tries the wait (429 and `Retry-After`, as the API answers).
 */
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { statusOf, type Refusal } from "#shared/refusal.ts";
import { signInHref } from "../components/account-paths";
import { Field, type FormAnswer, FormMessages, readForm, waitText } from "../components/account-form";
import { OrderHeading, OrderPage, orderHandle, pageOrders } from "../components/order-parts";
import type { OrderService, OrderTracking } from "../order-context";

/** The one answer for a wrong email, a missing order or a malformed number (no way to tell which). */
export const NOT_FOUND_MESSAGE = "We could not find an order with that number and email. Check both and try again.";

/** A lookup's answer: the order found, or the message, and what was typed. */
export interface TrackAnswer extends FormAnswer {
  order: OrderTracking | null;
}

const FIELDS = ["orderNumber", "email"] as const;

/** Where the form posts. */
const LOOKUP_PATH = "/my-stuff/orders/login";

function refusalMessage(r: Refusal): string {
  if (r.kind === "rate_limited") return `Too many lookups. ${waitText(r.retryAfter)}`;
  if (r.kind === "not_found" || r.kind === "bad_request") return NOT_FOUND_MESSAGE;
  return r.message;
}

/** Looks the order up; a refusal answers its status (and the wait) with the message for the page. */
async function lookUp(orders: OrderService, input: { orderNumber: string; email: string }) {
  const values = { orderNumber: input.orderNumber.trim().toUpperCase(), email: input.email.trim() };
  const r = await orders.track(values.orderNumber, values.email);
  if (r.ok) return { message: null, kind: null, fields: {}, values, notice: null, order: r.order } satisfies TrackAnswer;
  const answer: TrackAnswer = { message: refusalMessage(r), kind: r.kind, fields: {}, values, notice: null, order: null };
  return data(answer, { status: statusOf(r), headers: r.retryAfter ? { "Retry-After": String(r.retryAfter) } : undefined });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orders = pageOrders(context, request);
  const email = params.email ?? "";
  const orderNumber = params.orderNumber ?? "";
  if (email && orderNumber) return lookUp(orders, { orderNumber, email });
  return { message: null, kind: null, fields: {}, values: { email, orderNumber }, notice: null, order: null } satisfies TrackAnswer;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const orders = pageOrders(context, request);
  return lookUp(orders, readForm(await request.formData(), FIELDS));
}

export const handle = orderHandle("Track an order");

/** The order as tracking shows it. */
function Tracked({ order }: { order: OrderTracking }) {
  return (
    <section className="order-summary" aria-label={`Order ${order.orderNumber}`}>
      <OrderHeading order={order} live />
      <ul className="order-lines">
        {order.lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: tracking lines have no id, and the list never reorders.
          <li key={i}>
            {l.name}
            {l.quantity > 1 ? ` × ${l.quantity}` : ""}
          </li>
        ))}
      </ul>
      {order.shipsTo ? <p className="order-meta">Ships to {order.shipsTo}</p> : null}
    </section>
  );
}

export function Component() {
  const loaded = useLoaderData<TrackAnswer>();
  const posted = useActionData<TrackAnswer>();
  const answer = posted ?? loaded;
  return (
    <OrderPage title="Track an order">
      <FormMessages answer={answer} />
      {answer.order ? <Tracked order={answer.order} /> : null}
      {/* Posted to the plain lookup address: a tracking address's loader would look the order up a second time. */}
      <form method="post" action={LOOKUP_PATH} className="account-form" aria-label="Track an order">
        <Field name="orderNumber" label="Order number" autoComplete="off" answer={answer} hint="LP and 10 digits, as in your confirmation email." />
        <Field name="email" label="Email used for the order" type="email" autoComplete="email" answer={answer} />
        <button type="submit" className="primary">
          Find the order
        </button>
      </form>
      <p className="account-links">
        Have an account? <a href={signInHref("/my-stuff/orders")}>Sign in to see all your orders</a>.
      </p>
    </OrderPage>
  );
}
