import { data, redirect, useActionData, useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { OperatorOrderDetail } from "#shared/orders/operator.ts";
import { statusOf } from "#shared/refusal.ts";
import { ActionForms, type FormAnswer } from "../components/operator-forms";
import { OPERATOR_FLAGS, OperatorLinks, ScrollTable, Timeline, usdCents, when } from "../components/operator-parts";
import { operatorOrdersContext } from "../operator-orders-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";

/**
 * `/operator/orders/{n}`: one order for the operators (admin token; anyone else, or an unknown order, gets the
 * not-found page): its state and timeline — transitions, actions, payment events, refunds — its items, payments
 * and emails, and a document form for each action its state allows, posting to this page (no JavaScript needed).
 * A done action redirects back here (a reload never repeats it); a refused one shows why beside the form.
 */
export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const service = serverService(context, request, operatorOrdersContext);
  const detail = await service.order(params.n ?? "");
  if (!detail) throw data("Not found", { status: 404 });
  return { detail, operator: await service.operator() };
}

export async function action({ context, request, params }: ActionFunctionArgs) {
  const n = params.n ?? "";
  const form: Record<string, string> = {};
  for (const [k, value] of await request.formData()) if (typeof value === "string") form[k] = value;
  const r = await serverService(context, request, operatorOrdersContext).act(n, form);
  if (!r) throw data("Not found", { status: 404 });
  const name = form.action ?? "";
  if (r.ok && r.status === 200) return redirect(`/operator/orders/${n}?done=${encodeURIComponent(name)}`, 303);
  if (r.ok) return data<FormAnswer>({ form: name, ok: true, message: r.message, errors: {} }, { status: 202 });
  const errors = Object.fromEntries((r.details ?? []).map((d) => [d.path, d.message]));
  return data<FormAnswer>({ form: name, ok: false, message: r.message, errors }, { status: statusOf(r) });
}

export const handle: RouteHandle<{ detail: OperatorOrderDetail }> = {
  flags: OPERATOR_FLAGS,
  meta: (d) => ({ title: `${d ? `Order ${d.detail.order.orderNumber}` : "Order"} — Loupe operators` }),
};

const DONE: Record<string, string> = {
  "confirm-availability": "Availability confirmed.",
  "wire-received": "The wire is recorded as received.",
  shipped: "Marked shipped: the shopper is emailed the tracking number.",
  delivered: "Marked delivered.",
  cancel: "The order is cancelled.",
  refund: "Refund made: see the timeline.",
  "resend-email": "The email is sent again.",
};

function Items({ detail }: { detail: OperatorOrderDetail }) {
  return (
    <ScrollTable label="Items">
      <table className="operator-table">
        <caption>Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Total</th>
            <th scope="col">SKU</th>
            <th scope="col">Size</th>
            <th scope="col">Availability</th>
          </tr>
        </thead>
        <tbody>
          {detail.items.map((i) => (
            <tr key={i.lineId}>
              <th scope="row">{i.name}</th>
              <td>{i.quantity}</td>
              <td>{usdCents(i.total)}</td>
              <td>{i.sku ?? "—"}</td>
              <td>{i.size ?? (i.sizeRequired ? "missing" : "—")}</td>
              <td>{i.availability}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** The provider's last word on a payment: "captured (cap_1) · asked 2 Dec 12:05", or that it was never asked. */
function atProvider(s: OperatorOrderDetail["providerSide"][number] | undefined): string {
  if (!s?.status) return "not asked yet";
  const ref = s.refundId ? `refund ${s.refundId}` : s.captureId ? `capture ${s.captureId}` : "";
  return [`${s.status}${ref ? ` (${ref})` : ""}${s.reason ? `: ${s.reason}` : ""}`, s.checkedAt ? `asked ${when(s.checkedAt)}` : ""]
    .filter(Boolean)
    .join(" · ");
}

function Payments({ detail }: { detail: OperatorOrderDetail }) {
  return (
    <ScrollTable label="Payments">
      <table className="operator-table">
        <caption>Payments</caption>
        <thead>
          <tr>
            <th scope="col">Provider</th>
            <th scope="col">Method</th>
            <th scope="col">Status</th>
            <th scope="col">Amount</th>
            <th scope="col">Refunded</th>
            <th scope="col">At the provider</th>
          </tr>
        </thead>
        <tbody>
          {detail.order.payments.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.provider}</th>
              <td>{p.method}</td>
              <td>
                {p.status}
                {p.declineReason ? `: ${p.declineReason}` : ""}
              </td>
              <td>{usdCents(p.amount)}</td>
              <td>{usdCents(p.refunded)}</td>
              <td data-testid="provider-side">{atProvider(detail.providerSide.find((s) => s.paymentId === p.id))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

export function Component() {
  const { detail, operator } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormAnswer | undefined;
  const [params] = useSearchParams();
  const done = DONE[params.get("done") ?? ""];
  const { order, shipping } = detail;
  const address = order.shippingAddress;
  return (
    <article className="page content-admin operator">
      <h1>Order {order.orderNumber}</h1>
      <OperatorLinks />
      {done ? <p role="status">{done}</p> : null}
      <p className="operator-summary">
        <span data-testid="operator-status">{order.statusLabel}</span> · placed {when(order.createdAt)} · {usdCents(order.amountDue)} by {order.paymentMethod}
        {detail.contactCustomer ? " · call the shopper" : ""}
      </p>
      <section aria-labelledby="actions-heading">
        <h2 id="actions-heading">Actions</h2>
        <ActionForms detail={detail} operator={operator} answer={answer} />
      </section>
      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        <Timeline detail={detail} />
      </section>
      <section aria-labelledby="order-heading">
        <h2 id="order-heading">The order</h2>
        <p>
          {address.name}, {[address.line1, address.apt, address.city, address.state, address.postalCode].filter(Boolean).join(", ")} · {order.email}
        </p>
        {shipping.trackingNumber ? (
          <p>
            Shipped {shipping.shippedAt ? when(shipping.shippedAt) : ""} with {shipping.carrier}, tracking {shipping.trackingNumber}
            {shipping.deliveredAt ? `; delivered ${when(shipping.deliveredAt)}` : ""}.
          </p>
        ) : null}
        <Items detail={detail} />
        <Payments detail={detail} />
        <p>{detail.refundable > 0 ? `${usdCents(detail.refundable)} can still be refunded.` : "Nothing is left to refund."}</p>
      </section>
      <section aria-labelledby="emails-heading">
        <h2 id="emails-heading">Emails to {order.email}</h2>
        {detail.emails.length ? (
          <ul>
            {detail.emails.map((e) => (
              <li key={e.id}>
                {when(e.createdAt)} {e.template} ({e.status}){e.aboutOrder ? "" : " — another order or message"}
              </li>
            ))}
          </ul>
        ) : (
          <p>None since the order was placed.</p>
        )}
      </section>
    </article>
  );
}
