/**
 * The account services' view of a request (no Hono past this point): the bindings, this site's origin for
 * emailed links, the clock, the caller's address and `waitUntil`; and what a page sign-in does to the
 * response (the session cookies) and to the visitor's cart (merged into the customer's).
 */
import type { Context } from "hono";
import type { SignedIn } from "#shared/accounts/schemas.ts";
import type { AccountDeps } from "../accounts/deps";
import { facebookConfig, googleConfig } from "../accounts/external/config";
import { mergeVisitorCart } from "../cart/service";
import type { AppEnv } from "../env";
import { serverAccount } from "../loaders/account";
import { clearSessionCookies, setSessionCookies } from "./session";
import { siteOrigin } from "../platform/config";

export function accountDeps(c: Context<AppEnv>, now = Date.now()): AccountDeps {
  return {
    env: c.env,
    origin: siteOrigin(c.env),
    now,
    ip: c.req.header("cf-connecting-ip") ?? "unknown",
    waitUntil: (p) => c.executionCtx.waitUntil(p),
    userAgent: c.req.header("user-agent"),
  };
}

/** After a sign-in from a page: the session cookies on this response, and the visitor's cart merged into the customer's. */
export async function completeSignIn(c: Context<AppEnv>, signedIn: SignedIn): Promise<void> {
  setSessionCookies(c, signedIn);
  await mergeVisitorCart(c.env, c.get("visitorId"), signedIn.user.userGuid);
}

/** The account service of a page request (client/account-context.ts). */
export function accountServiceOf(c: Context<AppEnv>) {
  return serverAccount({
    deps: () => accountDeps(c),
    session: () => c.get("session")(),
    social: { google: googleConfig(c.env) !== null, facebook: facebookConfig(c.env) !== null },
    signedIn: (s) => completeSignIn(c, s),
    signedOut: () => clearSessionCookies(c),
  });
}
