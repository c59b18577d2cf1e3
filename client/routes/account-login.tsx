/**
 * `/login` (§2 Accounts): email and password, posted as a document (it works without JavaScript, and the
 * session cookie set by the answer changes every page's header). On success the shopper returns to
 * `returnUrl` made a safe path — the header's "Sign in" link carries the page they were on; with JavaScript
 * and no `returnUrl` in the query, the stored route they came from (§2: never /login or /register).
 */
import { useEffect, useState } from "react";
import { redirect, useActionData, useLoaderData, useMatches, useRouteLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { accountReturnPath } from "#shared/accounts/return-url.ts";
import { resolveFlags } from "#shared/flags.ts";
import {
  AccountPage,
  Field,
  FormMessages,
  Hidden,
  accountHandle,
  loginMessage,
  noticeForm,
  queryOf,
  readForm,
  refusedForm,
  pageAccount,
  type FormAnswer,
} from "../components/account-form";
import { isAccountPage } from "../components/account-paths";
import { SocialSignIn } from "../components/account-social";
import type { RootData } from "../root";
import { currentRoute, previousRoute, restoreNavigation } from "../state/navigation";

const FIELDS = ["email", "password"] as const;

/** Why a Google or Facebook sign-in came back to this page (worker/accounts/social-pages.ts). */
const SOCIAL_PROBLEM: Record<string, string> = {
  failed: "That sign-in did not work. Try again, or sign in with your email and password.",
  unavailable: "We could not reach the sign-in service. Please try again in a moment.",
  expired: "That sign-in took too long or was started elsewhere. Please try again.",
  cancelled: "The sign-in was cancelled.",
  unconfigured: "That way of signing in is not available.",
};

export function loader({ request }: LoaderFunctionArgs) {
  const q = queryOf(request, ["returnUrl", "email", "social"]);
  return { returnUrl: q.returnUrl ? accountReturnPath(q.returnUrl) : null, email: q.email, socialProblem: SOCIAL_PROBLEM[q.social] ?? null };
}
type LoginData = ReturnType<typeof loader>;

export async function action({ request, context }: ActionFunctionArgs) {
  const account = pageAccount(context, request);
  const form = await request.formData();
  const values = readForm(form, ["email", "returnUrl"]);
  if (form.get("_intent") === "resend") {
    const r = await account.resendConfirmation({ email: values.email });
    return r.ok ? noticeForm(r.message, values) : refusedForm(r, FIELDS, values);
  }
  const r = await account.login({ email: values.email, password: readForm(form, ["password"]).password });
  if (r.ok) return redirect(accountReturnPath(values.returnUrl), 303);
  return refusedForm(r, FIELDS, values, loginMessage(r));
}

export const handle = accountHandle("Sign in");

/**
 * Where to return after signing in: the query's `returnUrl`, else (with JavaScript, after hydration) the
 * route stored before this page. /login and /register are never stored (§2), so the stored current route is
 * the page the shopper came from — unless that was another account page (a reset link, /logout), then the
 * one before it.
 */
function useReturnUrl(fromQuery: string | null, posted: string | undefined): string {
  const [returnUrl, setReturnUrl] = useState(posted || fromQuery || "");
  useEffect(() => {
    if (returnUrl) return;
    // This page's effects run before the layout's, which restores the stored routes after hydration.
    if (currentRoute.value === null) restoreNavigation();
    const stored = [currentRoute.value, previousRoute.value].find((r): r is string => r !== null && !isAccountPage(r.split("?")[0] ?? ""));
    if (stored) setReturnUrl(accountReturnPath(stored));
  }, [returnUrl]);
  return returnUrl;
}

export function Component() {
  const { returnUrl: fromQuery, email, socialProblem } = useLoaderData<LoginData>();
  const answer = useActionData<FormAnswer>();
  const root = useRouteLoaderData<RootData>("root");
  const flags = resolveFlags(useMatches().map((m) => m.handle));
  const returnUrl = useReturnUrl(fromQuery, answer?.values.returnUrl);
  const back = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : "";
  return (
    <AccountPage title="Sign in">
      {root?.user ? (
        <p className="form-notice">
          You are signed in as {root.user.firstName} ({root.user.email}). <a href="/logout">Sign out</a>
        </p>
      ) : null}
      {socialProblem && !answer ? (
        <p className="form-alert" role="alert">
          {socialProblem}
        </p>
      ) : null}
      <FormMessages answer={answer} />
      {answer?.kind === "forbidden" ? (
        <form method="post" className="account-form inline-form" aria-label="Send the confirmation link again">
          <Hidden fields={{ _intent: "resend", email: answer.values.email ?? "", returnUrl }} />
          <button type="submit">Send the confirmation link again</button>
        </form>
      ) : null}
      <form method="post" className="account-form" aria-label="Sign in">
        <Hidden fields={{ returnUrl }} />
        <Field name="email" label="Email" type="email" autoComplete="email" answer={answer} initial={email} />
        <Field name="password" label="Password" type="password" autoComplete="current-password" answer={answer} />
        <button type="submit" className="primary">
          Sign in
        </button>
      </form>
      <SocialSignIn social={root?.social} flags={flags} returnUrl={returnUrl || null} />
      <p className="account-links">
        <a href="/forgot-password">Forgot your password?</a> · New to Loupe? <a href={`/register${back}`}>Create an account</a>
      </p>
    </AccountPage>
  );
}
