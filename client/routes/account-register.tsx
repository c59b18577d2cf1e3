/**
 * `/register` (§2 Accounts): names, email and password. A registration answers the same notice whether or not
 * the email is known (no user enumeration), shown after a redirect to `/register?sent=1` (post/redirect/get:
 * a reload sends nothing twice). With `?email=…&securityStamp=…&complete=1` (the link emailed to a partial
 * account) the page completes that account — names and a password — and signs the shopper in.
 */
import { redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { accountReturnPath } from "#shared/accounts/return-url.ts";
import {
  AccountPage,
  Field,
  FormMessages,
  Hidden,
  MIN_PASSWORD,
  PASSWORD_HINT,
  accountHandle,
  queryOf,
  readForm,
  refusedForm,
  pageAccount,
  type FormAnswer,
} from "../components/account-form";

const FIELDS = ["firstName", "lastName", "email", "password"] as const;

export function loader({ request }: LoaderFunctionArgs) {
  const q = queryOf(request, ["sent", "email", "securityStamp", "complete", "returnUrl"]);
  const mode: "sent" | "complete" | "form" = q.sent ? "sent" : q.complete && q.securityStamp && q.email ? "complete" : "form";
  return { mode, email: q.email, securityStamp: q.securityStamp, returnUrl: q.returnUrl ? accountReturnPath(q.returnUrl) : "" };
}
type RegisterData = ReturnType<typeof loader>;

export async function action({ request, context }: ActionFunctionArgs) {
  const account = pageAccount(context, request);
  const form = await request.formData();
  const values = readForm(form, ["firstName", "lastName", "email", "securityStamp", "returnUrl"]);
  const { password } = readForm(form, ["password"]);
  if (values.securityStamp) {
    const { email, securityStamp, firstName, lastName } = values;
    const r = await account.completeRegistration({ email, securityStamp, firstName, lastName, password });
    return r.ok ? redirect("/", 303) : refusedForm(r, FIELDS, values);
  }
  const { firstName, lastName, email, returnUrl } = values;
  const r = await account.register({ firstName, lastName, email, password, returnUrl: returnUrl ? accountReturnPath(returnUrl) : undefined });
  return r.ok ? redirect("/register?sent=1", 303) : refusedForm(r, FIELDS, values);
}

export const handle = accountHandle<RegisterData>((d) => (d?.mode === "complete" ? "Complete your account" : "Create an account"));

function NameFields({ answer }: { answer: FormAnswer | undefined }) {
  return (
    <>
      <Field name="firstName" label="First name" autoComplete="given-name" answer={answer} />
      <Field name="lastName" label="Last name" autoComplete="family-name" answer={answer} />
    </>
  );
}

export function Component() {
  const { mode, email, securityStamp, returnUrl } = useLoaderData<RegisterData>();
  const answer = useActionData<FormAnswer>();
  if (mode === "sent") {
    return (
      <AccountPage title="Check your email">
        <p role="status">We have sent you an email. Open the link in it to confirm your address, then sign in.</p>
        <p className="account-links">
          No email after a few minutes? Check your spam folder, or <a href="/register">register again</a>.
        </p>
      </AccountPage>
    );
  }
  if (mode === "complete") {
    return (
      <AccountPage title="Complete your account">
        <p>
          Choose your name and a password for <strong>{email}</strong>.
        </p>
        <FormMessages answer={answer} />
        <form method="post" className="account-form" aria-label="Complete your account">
          <Hidden fields={{ email, securityStamp }} />
          <NameFields answer={answer} />
          <Field name="password" label="Password" type="password" autoComplete="new-password" answer={answer} hint={PASSWORD_HINT} minLength={MIN_PASSWORD} />
          <button type="submit" className="primary">
            Complete my account
          </button>
        </form>
      </AccountPage>
    );
  }
  return (
    <AccountPage title="Create an account">
      <FormMessages answer={answer} />
      <form method="post" className="account-form" aria-label="Create an account">
        <Hidden fields={{ returnUrl }} />
        <NameFields answer={answer} />
        <Field name="email" label="Email" type="email" autoComplete="email" answer={answer} initial={email} />
        <Field name="password" label="Password" type="password" autoComplete="new-password" answer={answer} hint={PASSWORD_HINT} minLength={MIN_PASSWORD} />
        <button type="submit" className="primary">
          Create account
        </button>
      </form>
      <p className="account-links">
        Already have an account? <a href={returnUrl ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : "/login"}>Sign in</a>
      </p>
    </AccountPage>
  );
}
