/**
 * What every account page shares (§2 Accounts): the route flags (no footer, no coupon popup, no offer
 * launcher, no robots), the server-only account service, and forms that post as documents — so they work
 * without JavaScript and a sign-in reloads every page's header. A refused post answers its status with the
 * problems for the page: a field's beside the field (`aria-invalid`, `aria-describedby`), the rest above the
 * form (`role="alert"`), and the values typed, never a password.
 */
import type { ReactNode } from "react";
import { data, redirectDocument, type RouterContextProvider } from "react-router";
import { type Refusal, type RefusalKind, statusOf } from "#shared/refusal.ts";
import { type AccountService, accountContext } from "../account-context";
import type { RouteHandle } from "../route-handle";

/** §2: account pages hide the footer and the coupon popups; they are never indexed. */
export const ACCOUNT_FLAGS = { footer: false, preventCouponPopup: true, hideOfferLauncher: true, preventRobots: true } as const;

/** An account page's handle: its flags and title (never `sharedRender`: the pages depend on the visitor). */
export function accountHandle<Data = unknown>(title: string | ((data: Data | undefined) => string)): RouteHandle<Data> {
  return { flags: ACCOUNT_FLAGS, meta: (d) => ({ title: `${typeof title === "string" ? title : title(d)} — Loupe` }) };
}

/**
 * The account service of a page request. It exists only on the server (it sets the session cookie on the
 * page's response); when a loader or action runs in the browser (a client-side navigation), the page is
 * loaded as a document instead.
 */
export function pageAccount(context: Readonly<RouterContextProvider>, request: Request): AccountService {
  if (typeof document !== "undefined") throw redirectDocument(new URL(request.url).pathname + new URL(request.url).search);
  return context.get(accountContext);
}

/** A new password's minimum length (shared/accounts/schemas.ts MIN_PASSWORD_LENGTH; not imported: it would bring valibot into the page). */
export const MIN_PASSWORD = 8;
/** The hint beside a new password. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD} characters. Common passwords are refused.`;

/** The answer of a post the page shows: problems, values to keep, or a notice. */
export interface FormAnswer {
  /** Above the form. */
  message: string | null;
  /** The refusal's kind (the page may offer more: a resend button, a link to ask for a new link). */
  kind: RefusalKind | null;
  /** Field name → its problem, shown beside the field. */
  fields: Record<string, string>;
  /** What was typed, to fill the form again (never passwords). */
  values: Record<string, string>;
  /** A success shown on the page (e.g. "we sent you a new link"). */
  notice: string | null;
}

/** The text fields of a posted form (missing ones are ""). */
export function readForm<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const v = form.get(name);
    out[name] = typeof v === "string" ? v : "";
  }
  return out;
}

/**
 * Splits a refusal into the page's fields and the message above the form: details about a field on the
 * page go beside it; any other detail, or the refusal's own message when no field is named, above the form.
 */
export function problemsOf(r: Pick<Refusal, "message" | "details">, fieldNames: readonly string[]): { message: string | null; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const d of r.details ?? []) {
    if (fieldNames.includes(d.path) && !(d.path in fields)) fields[d.path] = d.message;
    else other.push(d.message);
  }
  const message = other.length ? other.join(" ") : Object.keys(fields).length ? null : r.message;
  return { message, fields };
}

/** "Try again in 15 minutes" from a rate limit's seconds. */
export function waitText(seconds: number | undefined): string {
  const minutes = Math.max(1, Math.ceil((seconds ?? 60) / 60));
  return `Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** The message above the sign-in form for a refused sign-in; undefined: the refusal's own problems. */
export function loginMessage(r: Refusal): string | undefined {
  if (r.kind === "unauthorized") return "Wrong email or password";
  if (r.kind === "rate_limited") return `${r.message.replace(/\.?$/, ".")} ${waitText(r.retryAfter)}`;
  return undefined;
}

/** A refused post: its status, the problems and the values to keep. */
export function refusedForm(r: Refusal, fieldNames: readonly string[], values: Record<string, string>, message?: string) {
  const problems = problemsOf(r, fieldNames);
  const answer: FormAnswer = { message: message ?? problems.message, kind: r.kind, fields: problems.fields, values, notice: null };
  return data(answer, { status: statusOf(r), headers: r.retryAfter ? { "Retry-After": String(r.retryAfter) } : undefined });
}

/** A post the page answers with a notice (nothing refused). */
export function noticeForm(notice: string, values: Record<string, string> = {}): FormAnswer {
  return { message: null, kind: null, fields: {}, values, notice };
}

/** The page around an account form: one heading, narrow. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page narrow account-page">
      <h1>{title}</h1>
      {children}
    </section>
  );
}

/** The problem above a form (read out when it appears), or a notice. */
export function FormMessages({ answer }: { answer: FormAnswer | undefined }) {
  if (!answer) return null;
  return (
    <>
      {answer.message ? (
        <p className="form-alert" role="alert">
          {answer.message}
        </p>
      ) : null}
      {answer.notice ? (
        <p className="form-notice" role="status">
          {answer.notice}
        </p>
      ) : null}
    </>
  );
}

interface FieldProps {
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete: string;
  answer: FormAnswer | undefined;
  /** The value before any post (a prefilled email). */
  initial?: string;
  hint?: string;
  required?: boolean;
  minLength?: number;
}

/** A labelled input with its hint and its problem beside it; passwords are never filled again. */
export function Field({ name, label, type = "text", autoComplete, answer, initial = "", hint, required = true, minLength }: FieldProps) {
  const id = `field-${name}`;
  const error = answer?.fields[name];
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const value = type === "password" ? undefined : (answer?.values[name] ?? initial);
  return (
    <div className={error ? "field invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={value}
        required={required}
        minLength={minLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Hidden fields (a link's email and stamp, the return address). */
export function Hidden({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The query parameters of a page request (trimmed; missing ones are ""). */
export function queryOf<K extends string>(request: Request, names: readonly K[]): Record<K, string> {
  const q = new URL(request.url).searchParams;
  const out = {} as Record<K, string>;
  for (const name of names) out[name] = (q.get(name) ?? "").trim();
  return out;
}
