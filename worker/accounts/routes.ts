/** §7 Accounts under /api (shared/api/accounts.ts): each call's handler, the services do the work. */
import type { Context } from "hono";
import { accountOperations as ops } from "#shared/api/accounts.ts";
import { EMAIL_PATTERN } from "#shared/accounts/schemas.ts";
import { refused } from "#shared/refusal.ts";
import { mergeVisitorCart } from "../cart/service";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { handle } from "../http/routes";
import { accountDeps } from "../middleware/account";
import { currentUser } from "../middleware/session";
import { limitEmailCaptures } from "../middleware/tracking";
import { facebookConfig, googleConfig } from "./external/config";
import { verifyFacebookAccessToken } from "./external/facebook";
import { verifyGoogleIdToken } from "./external/google";
import { ProviderUnavailable, type ExternalProfile } from "./external/profile";
import { captureEmail, guidUser, unsubscribe } from "./mailing";
import { completeRegistration, confirm, createPartialAccount, register, resendConfirmation, sendCompletionEmail, userWithGuid } from "./registration";
import { listSessions, revokeSessionById } from "./sessions";
import { externalSignIn, linkFacebook } from "./external-sign-in";
import { changePassword, login, logout, reset, sendReset } from "./sign-in";
import { storedUser } from "./users";

/** A provider's profile, with "could not reach the provider" as a 502 (not the customer's fault, nor a 500). */
export async function fromProvider(verify: () => Promise<ExternalProfile>): Promise<ExternalProfile> {
  try {
    return await verify();
  } catch (e) {
    if (e instanceof ProviderUnavailable) throw new ApiError(502, e.message || "The sign-in provider could not be reached; try again.");
    throw e;
  }
}

/** Answers about one customer are never stored by caches. */
function personal<T>(c: Context<AppEnv>, body: T): { status: 200; body: T } {
  c.header("Cache-Control", "private, no-store");
  return { status: 200, body };
}

export const accountRoutes = [
  handle(ops.register, async ({ body }, c) => ({ status: 200, body: await register(accountDeps(c), body) })),
  handle(ops.login, async ({ body }, c) => {
    const signedIn = await login(accountDeps(c), body);
    // A browser's visitor cart (its cookie came along) follows the customer.
    if (!c.get("visitorCreated")) await mergeVisitorCart(c.env, c.get("visitorId"), signedIn.user.userGuid);
    return personal(c, signedIn);
  }),
  handle(ops.logout, async (_input, c) => {
    const session = await c.get("session")();
    await logout(accountDeps(c), session?.token ?? null);
    return { status: 204, body: null };
  }),
  handle(ops.changePassword, async ({ body }, c) => {
    const { user } = await currentUser(c);
    return personal(c, await changePassword(accountDeps(c), user, body));
  }),
  handle(ops.verifyEmail, ({ body }) => {
    const email = body.email.trim();
    return { status: 200, body: { email, valid: EMAIL_PATTERN.test(email) } };
  }),
  handle(ops.confirm, async ({ body }, c) => ({ status: 200, body: await confirm(accountDeps(c), body) })),
  handle(ops.resendConfirmation, async ({ body }, c) => ({ status: 200, body: await resendConfirmation(accountDeps(c), body) })),
  handle(ops.completeRegistration, async ({ body }, c) => personal(c, await completeRegistration(accountDeps(c), body))),
  handle(ops.sendCompletionEmail, async ({ body }, c) => ({ status: 200, body: await sendCompletionEmail(accountDeps(c), body) })),
  handle(ops.reset, async ({ body, query }, c) => {
    const d = accountDeps(c);
    const answer = "password" in body ? await reset(d, body) : await sendReset(d, { email: body.email, returnUrl: query.returnUrl ?? body.returnUrl });
    return { status: 200, body: answer };
  }),
  handle(ops.createPartialAccount, async ({ body }, c) => ({ status: 200, body: await createPartialAccount(accountDeps(c), body) })),
  handle(ops.googleLogin, async ({ body }, c) => {
    const config = googleConfig(c.env) ?? refused("not_implemented", "Google sign-in is not configured on this site.");
    const profile = await fromProvider(() => verifyGoogleIdToken(body.idToken, config));
    return personal(c, await externalSignIn(accountDeps(c), profile));
  }),
  handle(ops.facebookLogin, async ({ body }, c) => {
    const config = facebookConfig(c.env) ?? refused("not_implemented", "Facebook sign-in is not configured on this site.");
    const profile = await fromProvider(() => verifyFacebookAccessToken(body.accessToken, config));
    return personal(c, await externalSignIn(accountDeps(c), profile));
  }),
  handle(ops.facebookLink, async ({ body }, c) => personal(c, await linkFacebook(accountDeps(c), body))),
  handle(ops.userByGuid, async ({ params }, c) => personal(c, guidUser(await userWithGuid(accountDeps(c), params.guid)))),
  handle(ops.unsubscribeUser, async ({ body }, c) => ({ status: 200, body: await unsubscribe(accountDeps(c), body.userGuid, "marketing") })),
  handle(ops.unsubscribeUserPartial, async ({ body }, c) => ({ status: 200, body: await unsubscribe(accountDeps(c), body.userGuid, "partialAccount") })),
  handle(ops.unsubscribeInsurance, async ({ body }, c) => ({ status: 200, body: await unsubscribe(accountDeps(c), body.data, "insurance") })),
  handle(ops.listSessions, async (_input, c) => {
    const { user, token } = await currentUser(c);
    return personal(c, { sessions: await listSessions(c.env.DB, user.id, token, Date.now()) });
  }),
  handle(ops.revokeSession, async ({ params }, c) => {
    const { user } = await currentUser(c);
    await revokeSessionById(c.env.DB, user.id, params.id);
    return { status: 204, body: null };
  }),
  handle(ops.userInfo, async (_input, c) => {
    const session = await currentUser(c);
    return personal(c, storedUser(session.user, session.via === "bearer" ? session.token : null));
  }),
  handle(ops.captureEmail, async ({ body }, c) => {
    await limitEmailCaptures(c);
    return { status: 200, body: await captureEmail(accountDeps(c), body, c.get("visitorId") ?? null) };
  }),
];
