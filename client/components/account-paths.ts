/**
 * The account pages' addresses (§2 Accounts), small enough for the header in the entry chunk: which paths
 * are account pages (the header offers no "Sign in" there) and the sign-in link that returns to a page.
 */
import { accountReturnPath } from "#shared/accounts/return-url.ts";

const ACCOUNT_PAGE = /^\/(?:login|logout|register|forgot-password|reset|unsubscribe|home\/unsubscribeemailaction)(?:\/|$)/i;

/** Whether a pathname is one of the account pages (sign-in, registration, reset, unsubscribe…). */
export function isAccountPage(pathname: string): boolean {
  return ACCOUNT_PAGE.test(pathname);
}

/** The sign-in page returning to `returnTo` (a path on this site; account pages and anything else return home). */
export function signInHref(returnTo: string): string {
  const path = accountReturnPath(returnTo);
  return path === "/" ? "/login" : `/login?returnUrl=${encodeURIComponent(path)}`;
}
