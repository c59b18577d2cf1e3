/**
 * `/diamond-report/{id}` (§2 Reports; issue 21 point 3): the customer's report — its title, price and overall
 * score, each §3 section (title, rating of maxRating, checklist), the deal score with its comparables, the
 * gemologist review, and removing it. A personal page: never indexed, never shared; another customer's report
 * or a removed one is the not-found page (404); without a session, the sign-in page returning here. The forms
 * (score again, ask a gemologist, remove) post to this page as documents and answer 303.
 */
import { Fragment } from "react";
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { CERTIFICATE_LABS, labelOf } from "#shared/enums.ts";
import { formatUsd } from "#shared/money.ts";
import { statusOf } from "#shared/refusal.ts";
import { signInHref } from "../components/account-paths";
import { formatDay } from "../components/order-parts";
import type { RouteHandle } from "../route-handle";
import { DealScoreBlock, GemologistBlock, Section } from "./diamond-report-blocks";
import { FormAlert, type FormProblem, LANDING, Rating, formProblem, pageReports } from "./diamond-report-parts";
import { isHttpUrl } from "#shared/safe-url.ts";

const ID = /^[1-9]\d{0,15}$/;

/** The report's id from the path, or a 404. */
function idOf(raw: string | undefined): number {
  if (!raw || !ID.test(raw)) throw data("Not found", { status: 404 });
  return Number(raw);
}

/** What a form's success says on the page it returns to. */
const DONE: Record<string, string> = {
  rescored: "Scored again against today's listings.",
  review: "Your request is with our gemologists.",
};

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = idOf(params.id);
  const report = await pageReports(context, request).get(id);
  if (report === "signed-out") throw redirect(signInHref(`/diamond-report/${id}`));
  if (!report) throw data("Not found", { status: 404 });
  return { report, done: DONE[new URL(request.url).searchParams.get("done") ?? ""] ?? null };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const id = idOf(params.id);
  const reports = pageReports(context, request);
  const form = await request.formData();
  const intent = String(form.get("_intent") ?? "");
  const here = `/diamond-report/${id}`;
  const productUrl = String(form.get("productUrl") ?? "");
  const r =
    intent === "rescore"
      ? await reports.rescore(id)
      : intent === "review"
        ? await reports.requestReview(id, productUrl)
        : intent === "remove"
          ? await reports.remove(id)
          : null;
  if (r === null)
    return data<FormProblem>(
      { form: "", kind: "bad_request", message: "Which action? Reload the page and try again.", fields: {}, values: {} },
      { status: 400 },
    );
  if (r.ok) {
    if (intent === "remove") return redirect("/my-stuff/reports", 303);
    return redirect(`${here}?done=${intent === "review" ? "review#gemologist" : "rescored#deal-score"}`, 303);
  }
  if (r.kind === "unauthorized") return redirect(signInHref(here), 303);
  if (r.kind === "not_found") throw data("Not found", { status: 404 });
  return data<FormProblem>(formProblem(intent, r, ["productUrl"], { productUrl }), { status: statusOf(r) });
}

type ReportData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<ReportData> = {
  // A personal page (§2 route flags): never indexed; like my stuff, no coupon popup or offer launcher over it.
  flags: { preventRobots: true, preventCouponPopup: true, hideOfferLauncher: true },
  meta: (d) => (d ? { title: `Report: ${d.report.title} — Loupe` } : { title: "Report not found — Loupe" }),
};

export function Component() {
  const { report, done } = useLoaderData<ReportData>();
  const problem = useActionData<FormProblem>();
  const s = report.stone;
  // Only a web address is a link (never another scheme).
  const link = isHttpUrl(report.productUrl) ? report.productUrl : null;
  return (
    <article className="page report-page">
      <p className="breadcrumbs">
        <a href="/my-stuff/reports">Your reports</a>
      </p>
      <h1>{report.title}</h1>
      {done ? (
        <p className="form-notice" role="status">
          {done}
        </p>
      ) : null}
      <FormAlert problem={problem} form="" />
      <div className="report-summary">
        <p className="detail-price">
          <strong>{formatUsd(report.price)}</strong>
          {report.retailer ? <> · sold by {report.retailer.name}</> : null}
        </p>
        <Rating score={report.score} max={report.maxScore} label="Overall score" />
        <p className="muted">
          Report of {formatDay(report.createdAt)}
          {s.certificateLab !== null ? ` · ${labelOf(CERTIFICATE_LABS, s.certificateLab)}` : ""}
          {report.certificateId ? ` certificate ${report.certificateId}` : ""}
          {report.available === false ? " · no longer listed" : ""}
        </p>
        <p>
          {report.diamondId !== null ? <a href={`/diamond/${report.diamondId}`}>See the diamond</a> : null}
          {report.diamondId !== null && link ? " · " : null}
          {link ? (
            <a href={link} rel="noopener noreferrer nofollow">
              The product page you gave
            </a>
          ) : null}
        </p>
      </div>
      {report.sections.map((section) => (
        <Fragment key={section.name}>
          <Section s={section} />
          {section.name === "price" ? <DealScoreBlock deal={report.dealScore} problem={problem} /> : null}
        </Fragment>
      ))}
      {report.sections.some((section) => section.name === "price") ? null : <DealScoreBlock deal={report.dealScore} problem={problem} />}
      <GemologistBlock reviews={report.gemologistReviews} productUrl={report.productUrl} problem={problem} />
      <section className="report-remove" aria-labelledby="remove-heading">
        <h2 id="remove-heading">Done with it?</h2>
        <FormAlert problem={problem} form="remove" />
        <form method="post" className="inline-form">
          <input type="hidden" name="_intent" value="remove" />
          <button type="submit">Remove report</button>
        </form>
        <p>
          <a href={LANDING}>Get a report on another diamond</a>
        </p>
      </section>
    </article>
  );
}
