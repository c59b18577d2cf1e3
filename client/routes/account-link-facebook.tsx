/**
 * `/login/facebook/link?email=…&facebookId=…&securityStamp=…` (the link emailed when someone signs in with a
 * Facebook account giving the address of an existing account: docs/decisions/054-accounts-hardening.md).
 * Opening it changes nothing (mail scanners open links too): the page asks, and only its button adds
 * Facebook sign-in to the account and signs in. A bad, expired or used link says so.
 */
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { AccountPage, FormMessages, Hidden, accountHandle, pageAccount, queryOf, readForm, refusedForm, type FormAnswer } from "../components/account-form";

const FIELDS = ["email", "facebookId", "securityStamp"] as const;
const NOT_VALID = "This link is not valid, has expired or was already used.";

type LinkData = Record<(typeof FIELDS)[number], string>;

export function loader({ request }: LoaderFunctionArgs) {
  const q = queryOf(request, FIELDS);
  return data<LinkData>(q, { status: q.email && q.facebookId && q.securityStamp ? 200 : 400 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = readForm(await request.formData(), FIELDS);
  const r = await pageAccount(context, request).linkFacebook(values);
  return r.ok ? redirect("/", 303) : refusedForm(r, [], values, r.kind === "bad_request" ? NOT_VALID : undefined);
}

export const handle = accountHandle("Sign in with Facebook");

export function Component() {
  const link = useLoaderData<LinkData>();
  const answer = useActionData<FormAnswer>();
  if (!link.email || !link.facebookId || !link.securityStamp) {
    return (
      <AccountPage title="Sign in with Facebook">
        <p className="form-alert" role="alert">
          {NOT_VALID}
        </p>
      </AccountPage>
    );
  }
  return (
    <AccountPage title="Sign in with Facebook">
      <FormMessages answer={answer} />
      <p>Add Facebook sign-in to the Loupe account of {link.email}? Do this only if you have just signed in with Facebook yourself.</p>
      <form method="post" className="account-form" aria-label="Add Facebook sign-in">
        <Hidden fields={link} />
        <button type="submit" className="primary">
          Add Facebook sign-in
        </button>
      </form>
      <p className="account-links">
        Not you? Close this page: nothing changes. <a href="/">Home</a>
      </p>
    </AccountPage>
  );
}
