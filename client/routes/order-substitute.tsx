/**
 * `/orders/substitute/{n}` (issue 22 point 4; docs/decisions/035-availability-and-substitutes.md): a stone of
 * the order is unavailable, and the shopper chooses — one of up to 5 similar available stones, each with the
 * price difference ("Choose this stone"), or their money back ("Refund me instead"). Reached by the emailed
 * link (`?key=`, the order's key: whoever holds it, signed in or not) or by the order's owner; anyone else gets
 * the not-found page. The forms post as documents (no JavaScript needed) and come back here (303) with what
 * the choice did: a dearer stone's difference to pay on the approve-payment page, a cheaper one's refund.
 */
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { ChoiceMade, SubstitutesView } from "#shared/orders/care.ts";
import { formatCents } from "#shared/cents.ts";
import { statusOf } from "#shared/refusal.ts";
import { OrderPage, OrderSummary, orderHandle, orderNotFound } from "../components/order-parts";
import { orderCareContext, type PageChoice } from "../order-care-context";
import { serverService } from "../server-page";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const key = url.searchParams.get("key");
  const view = await serverService(context, request, orderCareContext).substitutes(params.n ?? "", key);
  if (!view) orderNotFound();
  return { view, key, done: url.searchParams.get("done") };
}

/** Why a choice was not made, beside its line. */
export interface ChoiceAnswer {
  error: string;
  lineId: string;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const key = url.searchParams.get("key");
  const form = await request.formData();
  const lineId = String(form.get("lineId") ?? "");
  const choice: PageChoice = form.get("refund") ? { lineId, refund: true } : { lineId, diamondId: Number(form.get("diamondId")) };
  const r = await serverService(context, request, orderCareContext).choose(params.n ?? "", key, choice);
  if (!r.ok) return data<ChoiceAnswer>({ error: r.message, lineId }, { status: statusOf(r) });
  const back = new URLSearchParams(key ? { key, done: lineId } : { done: lineId });
  return redirect(`/orders/substitute/${r.order.orderNumber}?${back}`, 303);
}

const titleOf = (view: SubstitutesView | undefined) =>
  view?.unavailable.length ? "Choose a substitute" : view ? `Order ${view.order.orderNumber}` : "Your order";

export const handle = orderHandle<{ view: SubstitutesView }>((d) => titleOf(d?.view));

/** "$120 more", "$45 less", "Same price". */
const difference = (cents: number) => (cents === 0 ? "Same price" : cents > 0 ? `${formatCents(cents)} more` : `${formatCents(-cents)} less`);

/** What the choice just made did, in a sentence or two. */
function Done({ choice, view }: { choice: ChoiceMade; view: SubstitutesView }) {
  const n = view.order.orderNumber;
  const request = view.order.requests.find((r) => r.id === choice.paymentRequestId && r.status === "open");
  if (choice.choice === "refund")
    return (
      <p className="form-notice" role="status">
        We are refunding {formatCents(-choice.amountDifference)} for {choice.oldName} to your payment method.
      </p>
    );
  return (
    <p className="form-notice" role="status">
      Your new stone is ordered: <strong>{choice.newName}</strong>. Its retailer confirms it next.{" "}
      {request ? (
        <>
          It costs {formatCents(request.amount)} more, tax included: <a href={`/orders/approve-payment/${n}`}>Pay the difference</a>.
        </>
      ) : choice.amountDifference < 0 ? (
        `We are refunding the ${formatCents(-choice.amountDifference)} it costs less to your payment method.`
      ) : (
        "There is nothing more to pay."
      )}
    </p>
  );
}

function Line({ line, answer }: { line: SubstitutesView["unavailable"][number]; answer?: ChoiceAnswer }) {
  const heading = `line-${line.lineId}`;
  return (
    <section className="substitute-line" aria-labelledby={heading}>
      <h2 id={heading}>{line.name} is no longer available</h2>
      {answer?.lineId === line.lineId ? (
        <p className="form-alert" role="alert">
          {answer.error}
        </p>
      ) : null}
      {line.substitutes.length ? (
        <>
          <p>
            {line.substitutes.length === 1 ? "A similar stone is" : `${line.substitutes.length} similar stones are`} available now (you paid{" "}
            {formatCents(line.total)}):
          </p>
          <ul className="substitutes">
            {line.substitutes.map((s) => (
              <li key={s.diamondId} className="substitute">
                <a href={s.url}>{s.name}</a>
                <span className="substitute-price">
                  {formatCents(s.price)} · <strong>{difference(s.priceDifference)}</strong>
                  {s.amountDifference !== s.priceDifference ? <span className="muted"> ({difference(s.amountDifference)} with tax)</span> : null}
                </span>
                <form method="post" aria-label={`Choose ${s.name}`}>
                  <input type="hidden" name="lineId" value={line.lineId} />
                  <input type="hidden" name="diamondId" value={s.diamondId} />
                  <button type="submit" className="button primary">
                    Choose this stone
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>We found no similar stone available right now.</p>
      )}
      <form method="post" className="substitute-refund" aria-label={`Refund ${line.name}`}>
        <input type="hidden" name="lineId" value={line.lineId} />
        <input type="hidden" name="refund" value="1" />
        <p>
          Or get your money back: {formatCents(line.refund)}
          {line.wholeOrder ? ", and your order is cancelled." : ` for ${line.name}; the rest of your order goes on.`}
        </p>
        <button type="submit" className="button">
          Refund me instead
        </button>
      </form>
    </section>
  );
}

export function Component() {
  const { view, done } = useLoaderData<typeof loader>();
  const answer = useActionData<ChoiceAnswer>();
  const chosen = done ? view.choices.filter((c) => c.lineId === done).at(-1) : undefined;
  return (
    <OrderPage title={titleOf(view)}>
      {chosen ? <Done choice={chosen} view={view} /> : null}
      {view.unavailable.length ? (
        <>
          <p>We are sorry: the retailer can no longer supply {view.unavailable.length === 1 ? "this item" : "these items"}. Choose what you would like.</p>
          {view.unavailable.map((line) => (
            <Line key={line.lineId} line={line} answer={answer} />
          ))}
        </>
      ) : chosen ? null : (
        <p role="status">Nothing in this order waits for your choice.</p>
      )}
      <OrderSummary order={view.order} showAddress={false} />
    </OrderPage>
  );
}
