/**
 * `/diamond-report` (§2 Reports: "diamond-report is the landing page with the report form"; issue 21 point 3):
 * what a Loupe report tells, and two ways in — a certificate number of a stone we list (with the price quoted
 * and where, optionally) or a stone seen elsewhere by its characteristics and price. The forms post to this
 * page as documents (no JavaScript needed): a report answers 303 to `/diamond-report/{id}`; a refusal comes
 * back beside the field or above the form; a visitor without a session goes to sign in and comes back here
 * with the inputs in the query. Prefilled from `?certificateId=` or `?diamondId=` (that diamond's certificate).
 */
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { statusOf } from "#shared/refusal.ts";
import { signInHref } from "../components/account-paths";
import { REPORT_FIELDS, type ReportFormValues, type ReportWay } from "../reports-context";
import type { RouteHandle } from "../route-handle";
import { ReportForms } from "./diamond-report-form";
import { LANDING, type FormProblem, formProblem, formValues, landingWith, pageReports } from "./diamond-report-parts";

const ID = /^[1-9]\d{0,15}$/;

const wayOf = (raw: unknown): ReportWay => (raw === "stone" ? "stone" : "certificate");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const reports = pageReports(context, request);
  const q = new URL(request.url).searchParams;
  const values = {} as ReportFormValues;
  for (const name of REPORT_FIELDS) values[name] = (q.get(name) ?? "").trim().slice(0, 2000);
  const rawId = q.get("diamondId") ?? "";
  const diamondId = ID.test(rawId) ? Number(rawId) : null;
  const [signedIn, certificate, existing] = await Promise.all([
    reports.signedIn(),
    diamondId !== null && !values.certificateId ? reports.certificateOf(diamondId) : null,
    diamondId !== null ? reports.reportOnDiamond(diamondId) : null,
  ]);
  if (certificate) values.certificateId = certificate;
  return { values, way: wayOf(q.get("way")), signedIn, existing, returnTo: landingWith(wayOf(q.get("way")), values) };
}

/** The fields each form shows a problem beside. */
const FORM_FIELDS: Record<ReportWay, readonly string[]> = {
  certificate: ["certificateId", "price", "productUrl"],
  stone: ["origin", "shape", "carat", "color", "clarity", "cut", "fluorescence", "lab", "depthPct", "tablePct", "lwRatio", "price", "productUrl"],
};

export async function action({ request, context }: ActionFunctionArgs) {
  const reports = pageReports(context, request);
  const form = await request.formData();
  const way = wayOf(form.get("way"));
  const values = formValues(form);
  const r = await reports.create(way, values);
  if (r.ok) return redirect(`/diamond-report/${r.report.id}`, 303);
  // Signed out: sign in, then back here with what was typed.
  if (r.kind === "unauthorized") return redirect(signInHref(landingWith(way, values)), 303);
  const message =
    r.kind === "not_found"
      ? `We don't list a stone with certificate ${values.certificateId} — enter its characteristics below.`
      : r.kind === "bad_request"
        ? undefined
        : r.message;
  return data<FormProblem>(formProblem(way, r, FORM_FIELDS[way], values, message), { status: statusOf(r) });
}

type LandingData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<LandingData> = {
  flags: { preventCouponPopup: true },
  // A visitor without a session sees only what the URL says; a signed-in page is never shared (worker/ssr/render.ts).
  sharedRender: true,
  meta: () => ({
    title: "Diamond report: is it a good price? — Loupe",
    description:
      "A free Loupe report on any diamond: its price against comparable stones listed today, its cut and proportions, whether it looks clean to the eye, and more.",
    canonical: LANDING,
  }),
};

const TELLS: readonly [string, string][] = [
  ["Price", "how the price compares with the stones most like it that are listed right now, as a score out of 10 and the median they sell for"],
  [
    "Cut and proportions",
    "depth, table and cut grade for round stones; for fancy shapes a cut score of its own from the length-to-width ratio, depth and table",
  ],
  ["Eye-clean verdict", "whether inclusions are likely to show at arm's length, from its clarity, carat and shape"],
  ["Fluorescence", "whether the glow under UV light could make it look hazy or is simply a quirk"],
  ["Certificate lab", "how strict the lab that graded it tends to be"],
  ["Growth method", "for lab-grown stones, CVD or HPHT and any after-growth treatment, where the seller says"],
  ["Retailer", "what other shoppers say of the seller, and how soon it ships"],
];

export function Component() {
  const { values, way, signedIn, existing, returnTo } = useLoaderData<LandingData>();
  const problem = useActionData<FormProblem>();
  return (
    <section className="page report-landing">
      <h1>Is it a good diamond at a good price?</h1>
      <p className="report-lede">Tell us about a diamond and Loupe checks it against the stones listed across our retailers today. Your report covers:</p>
      <dl className="report-tells">
        {TELLS.map(([term, what]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      {existing ? (
        <p className="form-notice" role="note">
          You already have a report on this diamond: <a href={`/diamond-report/${existing.id}`}>{existing.title}</a>.
        </p>
      ) : null}
      {signedIn ? null : (
        <p className="report-signin" role="note">
          Reports are kept in your account. <a href={signInHref(returnTo)}>Sign in</a> or <a href="/register">create an account</a> first — or fill in the form
          and we'll ask you to sign in before we make it.
        </p>
      )}
      <ReportForms values={values} way={way} problem={problem} />
    </section>
  );
}
