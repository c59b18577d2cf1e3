/**
 * `/register/confirm?email=…&securityStamp=…` (the link emailed after registering): opening it confirms the
 * email. The page says so with a sign-in link (the email filled in), or shows why the link did not work
 * (not valid, expired or already used) with a form that sends a new one. The sign-in link keeps the
 * registration's return address (the link's `returnUrl`).
 */
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { accountReturnPath } from "#shared/accounts/return-url.ts";
import {
  AccountPage,
  Field,
  FormMessages,
  Hidden,
  accountHandle,
  noticeForm,
  queryOf,
  readForm,
  refusedForm,
  pageAccount,
  type FormAnswer,
} from "../components/account-form";

const NOT_VALID = "This confirmation link is not valid. Ask for a new one below.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { email, securityStamp, returnUrl } = queryOf(request, ["email", "securityStamp", "returnUrl"]);
  if (!email || !securityStamp) return data<ConfirmData>({ confirmed: false, email, message: NOT_VALID, signIn: "" }, { status: 400 });
  const r = await pageAccount(context, request).confirm({ email, securityStamp });
  if (!r.ok) return data<ConfirmData>({ confirmed: false, email, message: r.message, signIn: "" }, { status: 400 });
  // The sign-in link fills the email in and keeps where the registration started (the link's returnUrl).
  const signIn = new URLSearchParams({ email: r.email });
  if (returnUrl) signIn.set("returnUrl", accountReturnPath(returnUrl));
  return { confirmed: true, email: r.email, message: null, signIn: `/login?${signIn}` } satisfies ConfirmData;
}
type ConfirmData = { confirmed: boolean; email: string; message: string | null; signIn: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const values = readForm(await request.formData(), ["email"]);
  const r = await pageAccount(context, request).resendConfirmation(values);
  return r.ok ? noticeForm(r.message, values) : refusedForm(r, ["email"], values);
}

export const handle = accountHandle<ConfirmData>((d) => (d?.confirmed ? "Your email is confirmed" : "Confirm your email"));

export function Component() {
  const { confirmed, email, message, signIn } = useLoaderData<ConfirmData>();
  const answer = useActionData<FormAnswer>();
  if (confirmed) {
    return (
      <AccountPage title="Your email is confirmed">
        <p role="status">Thank you: {email} is confirmed. You can sign in now.</p>
        <p>
          <a className="button primary" href={signIn}>
            Sign in
          </a>
        </p>
      </AccountPage>
    );
  }
  return (
    <AccountPage title="Confirm your email">
      {answer ? null : (
        <p className="form-alert" role="alert">
          {message}
        </p>
      )}
      <FormMessages answer={answer} />
      <form method="post" className="account-form" aria-label="Send a new confirmation link">
        <Hidden fields={{ _intent: "resend" }} />
        <Field name="email" label="Email" type="email" autoComplete="email" answer={answer} initial={email} />
        <button type="submit" className="primary">
          Send a new link
        </button>
      </form>
    </AccountPage>
  );
}
