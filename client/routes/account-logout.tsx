/**
 * `/logout` (§2 Accounts): a "Sign out" button (a document post, so it works without JavaScript); the action
 * ends the session (the account service clears the cookie) and returns home. The header's "Sign out" posts
 * here too.
 */
import { redirect, useRouteLoaderData, type ActionFunctionArgs } from "react-router";
import { AccountPage, accountHandle, pageAccount } from "../components/account-form";
import type { RootData } from "../root";
import { clearSession } from "../state/session";

export async function action({ request, context }: ActionFunctionArgs) {
  await pageAccount(context, request).logout();
  return redirect("/", 303);
}

export const handle = accountHandle("Sign out");

export function Component() {
  const user = useRouteLoaderData<RootData>("root")?.user;
  return (
    <AccountPage title="Sign out">
      <p>{user ? `You are signed in as ${user.firstName} (${user.email}).` : "You are not signed in."}</p>
      {user ? (
        <p className="account-links">
          <a href="/account">Your sessions on other devices</a>
        </p>
      ) : null}
      <form method="post" className="account-form" aria-label="Sign out" onSubmit={clearSession}>
        <button type="submit" className="primary">
          Sign out
        </button>
      </form>
      {user ? null : (
        <p className="account-links">
          <a href="/login">Sign in</a> · <a href="/">Home</a>
        </p>
      )}
    </AccountPage>
  );
}
