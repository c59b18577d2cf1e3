/**
 * `/orders/missing-ring-size/{n}?key=…` (§2; issue 22 point 4): the emailed link of a paid order whose ring
 * (or wedding band) was ordered with "I don't know my size yet". Each line still missing a size has a size
 * select; the form posts to this page as a document (it works without JavaScript) and the page says what was
 * saved. A wrong key, or an order that does not exist, is the not-found page.
 */
import { data, redirectDocument, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { RING_SIZE_GUIDE } from "#shared/cart/model.ts";
import type { AddMissingRingSizeResult, MissingRingSizes } from "#shared/orders/ring-size.ts";
import { statusOf } from "#shared/refusal.ts";
import { RingSizeOptions } from "../components/ring-size";
import { OrderPage, orderHandle, orderNotFound } from "../components/order-parts";
import { ringSizeContext, type RingSizeService } from "../ring-size-context";

/** The page's service; it runs on the server only (a client-side navigation loads the page as a document). */
function service(context: LoaderFunctionArgs["context"], request: Request): RingSizeService {
  if (typeof document !== "undefined") {
    const url = new URL(request.url);
    throw redirectDocument(url.pathname + url.search);
  }
  return context.get(ringSizeContext);
}

const keyOf = (request: Request) => new URL(request.url).searchParams.get("key") ?? "";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const missing = await service(context, request).missing(params.n ?? "", keyOf(request));
  if (!missing) orderNotFound();
  return { missing };
}

/** What saving answered: what was saved, or why not. */
export type SizeAnswer = { saved: AddMissingRingSizeResult["saved"]; error: null } | { saved: null; error: string };

/** The form's fields are `size.{lineId}`: the chosen sizes (an empty choice gives nothing). */
function sizesOf(form: FormData): { lineId: string; size: number }[] {
  const out: { lineId: string; size: number }[] = [];
  for (const [name, value] of form.entries())
    if (name.startsWith("size.") && typeof value === "string" && value !== "") out.push({ lineId: name.slice(5), size: Number(value) });
  return out;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const sizes = sizesOf(await request.formData());
  if (sizes.length === 0) return data<SizeAnswer>({ saved: null, error: "Choose a size first." }, { status: 400 });
  const r = await service(context, request).add(params.n ?? "", keyOf(request), sizes);
  if (!r.ok) {
    if (r.kind === "not_found") orderNotFound();
    return data<SizeAnswer>({ saved: null, error: r.message }, { status: statusOf(r) });
  }
  return { saved: r.saved, error: null } satisfies SizeAnswer;
}

/** "Thank you: the size is saved (size 6.5). …" */
function savedMessage(saved: AddMissingRingSizeResult["saved"]): string {
  const one = saved.length === 1;
  const sizes = saved.map((s) => `size ${s.size}`).join(", ");
  return `Thank you: ${one ? "the size is" : "the sizes are"} saved (${sizes}). We prepare your order with ${one ? "it" : "them"}.`;
}

export const handle = orderHandle<{ missing: MissingRingSizes }>("Your ring size");

export function Component() {
  const { missing } = useLoaderData<typeof loader>();
  const answer = useActionData<SizeAnswer>();
  const saved = answer?.saved ?? null;
  return (
    <OrderPage title="Your ring size">
      {saved ? (
        <p className="form-notice" role="status" data-testid="sizes-saved">
          {savedMessage(saved)}
        </p>
      ) : null}
      {answer?.error ? (
        <p className="form-alert" role="alert">
          {answer.error}
        </p>
      ) : null}
      {missing.lines.length === 0 ? (
        <p>Order {missing.orderNumber} is not missing any size: there is nothing more to do.</p>
      ) : !missing.open ? (
        <p>Order {missing.orderNumber} can no longer change its sizes. Please contact us if a size is wrong.</p>
      ) : (
        <form method="post" className="order-pay" aria-label="Ring sizes">
          <p>
            Order {missing.orderNumber}: choose the size of {missing.lines.length === 1 ? "this ring" : "these rings"} (US sizes {missing.sizes.min}–
            {missing.sizes.max}, in quarter sizes). <a href={RING_SIZE_GUIDE}>How to measure your ring size</a>
          </p>
          {missing.lines.map((l) => (
            <div className="field" key={l.lineId}>
              <label htmlFor={`size-${l.lineId}`}>
                {l.kind === "wedding-band" ? "Band size" : "Ring size"}: {l.name}
              </label>
              <select id={`size-${l.lineId}`} name={`size.${l.lineId}`} defaultValue="">
                <RingSizeOptions />
              </select>
            </div>
          ))}
          <button type="submit">Save my ring size</button>
        </form>
      )}
    </OrderPage>
  );
}
