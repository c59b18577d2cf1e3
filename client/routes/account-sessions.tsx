/**
 * `/account` (docs/decisions/054-accounts-hardening.md): who is signed in, and every session of theirs — the
 * browser that opened it, when, when it was last used (recorded at most hourly), which one is this browser —
 * each with a button that ends it (a document post, so it works without JavaScript). Sessions also end by
 * themselves 30 days after sign-in or after 7 days unused. Signed out, the page sends you to sign in.
 */
import { redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { AccountSession } from "#shared/accounts/schemas.ts";
import type { SignedInUser } from "../account-context";
import { AccountPage, FormMessages, Hidden, accountHandle, pageAccount, readForm, refusedForm, type FormAnswer } from "../components/account-form";

interface SessionsData {
  user: SignedInUser;
  sessions: AccountSession[];
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = pageAccount(context, request);
  const [user, sessions] = await Promise.all([account.current(), account.sessions()]);
  if (!user || !sessions) throw redirect("/login?returnUrl=%2Faccount", 303);
  return { user, sessions } satisfies SessionsData;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = readForm(await request.formData(), ["id"]);
  const r = await pageAccount(context, request).revokeSession(values.id);
  if (!r.ok) return refusedForm(r, [], values);
  // Ending this browser's own session signs it out.
  return redirect(r.current ? "/login" : "/account", 303);
}

export const handle = accountHandle("Your account");

/** A moment, the same on the server and in the browser (no locale or time zone of either). */
const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

export function Component() {
  const { user, sessions } = useLoaderData<SessionsData>();
  const answer = useActionData<FormAnswer>();
  return (
    <AccountPage title="Your account">
      <p>
        Signed in as {user.firstName} {user.lastName} ({user.email}).
      </p>
      <h2 id="sessions-heading">Your sessions</h2>
      <p>Every browser or app signed in to your account. End any you do not recognise; they stop working at once.</p>
      <FormMessages answer={answer} />
      <ul className="account-sessions" aria-labelledby="sessions-heading">
        {sessions.map((s) => (
          <li key={s.id}>
            <strong>{s.device}</strong>
            {s.current ? " (this browser)" : null}
            <br />
            Signed in {when(s.createdAt)} · last used {when(s.lastUsedAt)}
            <form method="post" aria-label={`End the session of ${s.device}`}>
              <Hidden fields={{ id: s.id }} />
              <button type="submit">{s.current ? "Sign out here" : "End this session"}</button>
            </form>
          </li>
        ))}
      </ul>
    </AccountPage>
  );
}
