/**
 * What the report pages share (issue 21 point 3): the server-only reports service, the answer a refused form
 * shows, a rating as a bar with its text, and the landing's address with a shopper's inputs kept in the query
 * (the way back from the sign-in page).
 */
import { redirectDocument, type RouterContextProvider } from "react-router";
import type { Refusal, RefusalKind } from "#shared/refusal.ts";
import { REPORT_FIELDS, type ReportFormValues, type ReportWay, type ReportsService, reportsContext } from "../reports-context";

/** The landing's address. */
export const LANDING = "/diamond-report";

/**
 * The reports service of a page request. It exists only on the server (it reads the session); when a loader or
 * action runs in the browser (a client-side navigation), the page is loaded as a document instead.
 */
export function pageReports(context: Readonly<RouterContextProvider>, request: Request): ReportsService {
  if (typeof document !== "undefined") {
    const url = new URL(request.url);
    throw redirectDocument(url.pathname + url.search);
  }
  return context.get(reportsContext);
}

/** A refused form's answer: which form, the message above it, each field's problem beside the field, what was typed. */
export interface FormProblem {
  form: string;
  kind: RefusalKind;
  message: string | null;
  fields: Record<string, string>;
  values: Record<string, string>;
}

/** A refusal as a form's answer: details naming a field of the form go beside it, the rest above it. */
export function formProblem(form: string, r: Refusal, fieldNames: readonly string[], values: Record<string, string>, message?: string): FormProblem {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const d of r.details ?? []) {
    if (fieldNames.includes(d.path) && !(d.path in fields)) fields[d.path] = d.message;
    else other.push(d.message);
  }
  const above = message ?? (other.length ? other.join(" ") : Object.keys(fields).length ? null : r.message);
  return { form, kind: r.kind, message: above, fields, values };
}

/** The posted form's text fields (missing ones are ""). */
export function formValues(form: FormData): ReportFormValues {
  const out = {} as ReportFormValues;
  for (const name of REPORT_FIELDS) {
    const v = form.get(name);
    out[name] = typeof v === "string" ? v.trim() : "";
  }
  return out;
}

/** The landing with the inputs in the query (only those typed), so the form comes back filled. */
export function landingWith(way: ReportWay, values: ReportFormValues): string {
  const q = new URLSearchParams();
  if (way === "stone") q.set("way", "stone");
  for (const name of REPORT_FIELDS) if (values[name]) q.set(name, values[name]);
  const query = q.toString();
  return query ? `${LANDING}?${query}` : LANDING;
}

/** "7.5" or "7": a score as people read it. */
export function scoreText(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** A rating: a bar (for the eye) and "7 of 10" (for everyone). */
export function Rating({ score, max, label }: { score: number; max: number; label?: string }) {
  // A section with nothing known to rate (no measurements, too few comparables) has no maximum.
  if (max === 0)
    return (
      <p className="report-rating">
        <span className="report-rating-text">
          {label ? `${label}: ` : null}
          <strong>Not rated</strong>
        </span>
      </p>
    );
  const pct = max > 0 ? Math.max(0, Math.min(100, (score / max) * 100)) : 0;
  return (
    <p className="report-rating">
      <span className="report-bar" aria-hidden="true">
        <span style={{ width: `${pct.toFixed(0)}%` }} />
      </span>
      <span className="report-rating-text">
        {label ? `${label}: ` : null}
        <strong>{scoreText(score)}</strong> of {scoreText(max)}
      </span>
    </p>
  );
}

/** The problem above a form, read out when it appears. */
export function FormAlert({ problem, form }: { problem: FormProblem | undefined; form: string }) {
  if (!problem || problem.form !== form || !problem.message) return null;
  return (
    <p className="form-alert" role="alert">
      {problem.message}
    </p>
  );
}
