import { Form, data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { type QueueEntry, VERDICTS } from "#shared/gemologist-reviews.ts";
import { CLARITIES, COLORS, CUTS, SHAPES, labelOf } from "#shared/enums.ts";
import { formatUsd } from "#shared/money.ts";
import { type GemologistReviewsView, gemologistReviewsContext } from "../gemologist-reviews-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";
import { isHttpUrl } from "#shared/safe-url.ts";

/**
 * `/gemologist-reviews`: the operators' queue of gemologist review requests (admin token, like /content; anyone
 * else gets the not-found page). Each pending request shows the stone, its price and deal score, the product
 * link and the customer; the answer (verdict, text, gemologist) is a document form post — no JavaScript needed —
 * with a field's problem beside it. An answer is shown on the customer's report and emailed to them.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const view = await serverService(context, request, gemologistReviewsContext).view();
  if (!view) throw data("Not found", { status: 404 });
  return view;
}

type ActionAnswer = { id: number; message: string; errors: Record<string, string>; ok: boolean };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = Number(form.get("id"));
  const text = (k: string) => String(form.get(k) ?? "");
  const r = await serverService(context, request, gemologistReviewsContext).answer(id, {
    verdict: text("verdict"),
    answer: text("answer"),
    gemologist: text("gemologist"),
  });
  if (!r) throw data("Not found", { status: 404 });
  if (r.ok) return { id, ok: true, message: "Answered: the customer sees it on their report and gets it by email.", errors: {} } as ActionAnswer;
  const errors = Object.fromEntries((r.details ?? []).map((d) => [d.path, d.message]));
  return data<ActionAnswer>({ id, ok: false, message: r.message, errors }, { status: r.kind === "not_found" ? 404 : r.kind === "conflict" ? 409 : 400 });
}

export const handle: RouteHandle<GemologistReviewsView> = {
  flags: { preventRobots: true, preventCouponPopup: true, hideOfferLauncher: true, footer: false },
  meta: () => ({ title: "Gemologist reviews — Loupe" }),
};

const waited = (since: number) => {
  const hours = Math.max(0, Math.round((Date.now() - since) / 3_600_000));
  return hours < 1 ? "under an hour" : hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
};

/** The stone in one line: "1.01 ct G VS1 Excellent Round, natural, depth 61.8 %, table 57 %, ratio 1.01". */
function stoneLine(e: QueueEntry): string {
  const s = e.stone;
  const grades = [
    `${s.carat.toFixed(2)} ct`,
    labelOf(COLORS, s.color),
    labelOf(CLARITIES, s.clarity),
    s.cut === null ? null : labelOf(CUTS, s.cut),
    labelOf(SHAPES, s.shape),
  ];
  const facts = [s.isLabGrown ? `lab-grown${s.growthMethod ? ` (${s.growthMethod})` : ""}` : "natural"];
  if (s.depthPct !== null) facts.push(`depth ${s.depthPct} %`);
  if (s.tablePct !== null) facts.push(`table ${s.tablePct} %`);
  if (s.lwRatio !== null) facts.push(`ratio ${s.lwRatio}`);
  return `${grades.filter(Boolean).join(" ")}, ${facts.join(", ")}`;
}

/** The customer's product page: a link only when it is an http(s) address (a row may predate the check), else its text. */
function ProductPage({ url }: { url: string }) {
  return isHttpUrl(url) ? (
    <a href={url} rel="noopener noreferrer nofollow">
      product page
    </a>
  ) : (
    <span className="product-url">product page: {url}</span>
  );
}

function Pending({ e, answer }: { e: QueueEntry; answer?: ActionAnswer }) {
  const mine = answer?.id === e.review.id ? answer : undefined;
  const field = (name: string) => {
    const error = mine?.errors[name];
    const id = `review-${e.review.id}-${name}`;
    return { id, error, props: { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } };
  };
  const errorOf = (f: ReturnType<typeof field>) =>
    f.error ? (
      <span id={`${f.id}-error`} className="field-error">
        {f.error}
      </span>
    ) : null;
  const verdict = field("verdict");
  const text = field("answer");
  const who = field("gemologist");
  return (
    <section className="content-form" aria-labelledby={`review-${e.review.id}`}>
      <h3 id={`review-${e.review.id}`}>{e.title}</h3>
      <p>
        {stoneLine(e)} · {formatUsd(e.price)} · {e.deal ? `deal score ${e.deal.score ?? "—"} of 10: ${e.deal.explanation}` : "no deal score"}
      </p>
      <p>
        {e.customer.firstName || "A customer"} ({e.customer.email}) · waiting {waited(e.review.requestedAt)}
        {e.review.productUrl ? (
          <>
            {" "}
            · <ProductPage url={e.review.productUrl} />
          </>
        ) : null}
        {e.diamondId !== null ? (
          <>
            {" "}
            · <a href={`/diamond/${e.diamondId}`}>our listing</a>
          </>
        ) : null}
      </p>
      <Form method="post" reloadDocument aria-label={`Answer the review of ${e.title}`}>
        <input type="hidden" name="id" value={e.review.id} />
        <p className="content-field">
          <label htmlFor={verdict.id}>Verdict</label>
          <select {...verdict.props} defaultValue="">
            <option value="">Choose…</option>
            {VERDICTS.map((x) => (
              <option key={x.value} value={x.value}>
                {x.label}
              </option>
            ))}
          </select>
          {errorOf(verdict)}
        </p>
        <p className="content-field">
          <label htmlFor={text.id}>Answer</label>
          <textarea rows={5} {...text.props} />
          {errorOf(text)}
        </p>
        <p className="content-field">
          <label htmlFor={who.id}>Gemologist</label>
          <input type="text" list="gemologists" {...who.props} />
          {errorOf(who)}
        </p>
        <button type="submit">Send the answer</button>
        {mine && !mine.ok ? <p role="alert">{mine.message}</p> : null}
      </Form>
    </section>
  );
}

export function Component() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <article className="page content-admin">
      <h1>Gemologist reviews</h1>
      <p>
        <a href="/content">Content</a> · <a href="/experiments">Experiments</a>
      </p>
      <datalist id="gemologists">
        {view.gemologists.map((g) => (
          <option key={g} value={g} />
        ))}
      </datalist>
      {answer?.ok ? <p role="status">{answer.message}</p> : null}
      <section aria-labelledby="pending-heading">
        <h2 id="pending-heading">Waiting for an answer ({view.pending.length})</h2>
        {view.pending.length === 0 ? <p>No review is waiting.</p> : null}
        {view.pending.map((e) => (
          <Pending key={e.review.id} e={e} answer={answer} />
        ))}
      </section>
      <section aria-labelledby="answered-heading">
        <h2 id="answered-heading">Answered lately</h2>
        {view.answered.length === 0 ? <p>None yet.</p> : null}
        <ul>
          {view.answered.map((e) => (
            <li key={e.review.id}>
              {e.title} for {e.customer.email}: {VERDICTS.find((x) => x.value === e.review.verdict)?.label} by {e.review.gemologist}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
