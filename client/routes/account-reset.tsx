/**
 * `/reset?email=…&securityStamp=…` (the emailed reset link): a new password, typed twice (the repeat is
 * checked here, on the server, so it works without JavaScript). Setting it ends every session of the account;
 * the page then says so with a sign-in link. A link that is not valid, expired or used shows why, with a link
 * to ask for a new one.
 */
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { refuse } from "#shared/refusal.ts";
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

const FIELDS = ["password", "passwordRepeat"] as const;
export const PASSWORDS_DIFFER = "The passwords do not match";
const BAD_LINK = "This link to set a new password is not valid.";

export function loader({ request }: LoaderFunctionArgs) {
  const { email, securityStamp, done } = queryOf(request, ["email", "securityStamp", "done"]);
  if (done) return { mode: "done" as const, email, securityStamp: "" };
  if (!email || !securityStamp) return data({ mode: "bad" as const, email, securityStamp }, { status: 400 });
  return { mode: "form" as const, email, securityStamp };
}
type ResetData = { mode: "done" | "bad" | "form"; email: string; securityStamp: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const account = pageAccount(context, request);
  const form = await request.formData();
  const link = queryOf(request, ["email", "securityStamp"]);
  const posted = readForm(form, ["email", "securityStamp", "password", "passwordRepeat"]);
  const email = posted.email || link.email;
  const securityStamp = posted.securityStamp || link.securityStamp;
  if (posted.password !== posted.passwordRepeat) {
    return refusedForm(refuse("bad_request", PASSWORDS_DIFFER, [{ path: "passwordRepeat", message: PASSWORDS_DIFFER }]), FIELDS, {});
  }
  const r = await account.reset({ email, securityStamp, password: posted.password });
  if (r.ok) return redirect(`/reset?done=1&email=${encodeURIComponent(email)}`, 303);
  return refusedForm(r, FIELDS, {});
}

export const handle = accountHandle<ResetData>((d) => (d?.mode === "done" ? "Your password is set" : "Set a new password"));

export function Component() {
  const { mode, email, securityStamp } = useLoaderData<ResetData>();
  const answer = useActionData<FormAnswer>();
  if (mode === "done") {
    return (
      <AccountPage title="Your password is set">
        <p role="status">Your new password is set, and every other session of your account has been signed out.</p>
        <p>
          <a className="button primary" href={email ? `/login?email=${encodeURIComponent(email)}` : "/login"}>
            Sign in
          </a>
        </p>
      </AccountPage>
    );
  }
  // A refusal that is not about the password is about the link: offer a new one.
  const badLink = mode === "bad" || (answer?.message != null && Object.keys(answer.fields).length === 0);
  return (
    <AccountPage title="Set a new password">
      {mode === "bad" ? (
        <p className="form-alert" role="alert">
          {BAD_LINK}
        </p>
      ) : (
        <FormMessages answer={answer} />
      )}
      {badLink ? (
        <p className="account-links">
          <a href="/forgot-password">Ask for a new link</a>
        </p>
      ) : null}
      {mode === "form" ? (
        <form method="post" className="account-form" aria-label="Set a new password">
          <Hidden fields={{ email, securityStamp }} />
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <Field
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            answer={answer}
            hint={PASSWORD_HINT}
            minLength={MIN_PASSWORD}
          />
          <Field name="passwordRepeat" label="Repeat the new password" type="password" autoComplete="new-password" answer={answer} />
          <button type="submit" className="primary">
            Set the password
          </button>
        </form>
      ) : null}
    </AccountPage>
  );
}
