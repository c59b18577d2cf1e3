/**
 * `/forgot-password` (§2 Accounts): an email, to which a link to set a new password is sent. The page answers
 * the same notice whatever the email (no user enumeration), after a redirect to `?sent=1` so a reload sends
 * nothing twice.
 */
import { redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { AccountPage, Field, FormMessages, accountHandle, queryOf, readForm, refusedForm, pageAccount, type FormAnswer } from "../components/account-form";

/** The notice after asking for a link (the same whatever the email). */
export const RESET_SENT = "If an account uses this email, we have sent it a link to set a new password. The link works for one hour.";

export function loader({ request }: LoaderFunctionArgs) {
  const { sent, email } = queryOf(request, ["sent", "email"]);
  return { sent: sent !== "", email };
}
type ForgotData = ReturnType<typeof loader>;

export async function action({ request, context }: ActionFunctionArgs) {
  const values = readForm(await request.formData(), ["email"]);
  const r = await pageAccount(context, request).sendReset({ email: values.email, returnUrl: "/" });
  return r.ok ? redirect("/forgot-password?sent=1", 303) : refusedForm(r, ["email"], values);
}

export const handle = accountHandle("Forgot your password");

export function Component() {
  const { sent, email } = useLoaderData<ForgotData>();
  const answer = useActionData<FormAnswer>();
  if (sent) {
    return (
      <AccountPage title="Check your email">
        <p role="status">{RESET_SENT}</p>
        <p className="account-links">
          <a href="/login">Back to sign in</a>
        </p>
      </AccountPage>
    );
  }
  return (
    <AccountPage title="Forgot your password?">
      <p>Enter the email of your account and we will send you a link to set a new password.</p>
      <FormMessages answer={answer} />
      <form method="post" className="account-form" aria-label="Send a reset link">
        <Field name="email" label="Email" type="email" autoComplete="email" answer={answer} initial={email} />
        <button type="submit" className="primary">
          Send the link
        </button>
      </form>
      <p className="account-links">
        <a href="/login">Back to sign in</a>
      </p>
    </AccountPage>
  );
}
