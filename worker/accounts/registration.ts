/**
 * Registering and confirming (§7 accounts/v1/register, confirm, resendconfirmationemail,
 * createPartialAccount, SendAccountCompletionEmailAsync, completeRegisterProcess). Every call that takes an
 * email answers the same whether or not it is known, after the same work (the password hashed either way, the
 * same D1 round trips: docs/decisions/054-accounts-hardening.md); what differs is the email that goes out.
 */
import type * as v from "valibot";
import type { CompleteRegistrationRequest, PartialAccountRequest, RegisterRequest, SignedIn } from "#shared/accounts/schemas.ts";
import { accountReturnPath } from "#shared/accounts/return-url.ts";
import { refused } from "#shared/refusal.ts";
import { CHECK_EMAIL, email, linkSecret, noEmail, pageLink, pepperOf, signedLink, signIn, type AccountDeps } from "./deps";
import { acceptNewPassword, hashPassword } from "./passwords";
import { checkLink } from "./tokens";
import { findByEmail, findByGuid, insertOrFind, insertUser, updateIfStamp, type User } from "./users";

export const BAD_LINK = "This link is not valid, has expired or was already used.";

/** The confirmation email of a new (or unconfirmed) account. */
async function sendConfirmation(d: AccountDeps, user: User, returnUrl?: string): Promise<void> {
  const link = await signedLink(d, "confirm", "/register/confirm", user, { returnUrl: returnUrl && accountReturnPath(returnUrl) });
  await email(d, { to: user.email, template: "confirm-email", data: { firstName: user.firstName, link } });
}

/** What an existing email gets instead of a second account. */
async function sendExisting(d: AccountDeps, user: User): Promise<void> {
  if (user.partial) return sendCompletion(d, user);
  await email(d, {
    to: user.email,
    template: "already-registered",
    data: {
      firstName: user.firstName,
      signInLink: pageLink(d, "/login", { email: user.email }),
      resetLink: pageLink(d, "/forgot-password", { email: user.email }),
    },
  });
}

async function sendCompletion(d: AccountDeps, user: User): Promise<void> {
  if (user.unsubscribed.partialAccount) return noEmail(d, user.email, "complete-account");
  const link = await signedLink(d, "complete", "/register", user, { complete: "1" });
  const unsubscribeLink = pageLink(d, "/Home/UnsubscribeEmailAction", { userGuid: user.userGuid, type: "partialAccount" });
  await email(d, { to: user.email, template: "complete-account", data: { link, unsubscribeLink } });
}

/**
 * A new account, unconfirmed until its link is opened. An email that already has an account (confirmed or
 * not) gets an email saying so, with sign-in and reset links; a partial account gets its completion link.
 * The account is never changed by someone who only knows the email. The password is hashed first and the
 * account inserted or found in one statement, so a known email takes as long as a new one.
 */
export async function register(d: AccountDeps, req: v.InferOutput<typeof RegisterRequest>): Promise<{ message: string }> {
  acceptNewPassword(req.password);
  const passwordHash = await hashPassword(req.password, { pepper: pepperOf(d.env) });
  const { user, created } = await insertOrFind(
    d.env.DB,
    { email: req.email, firstName: req.firstName, lastName: req.lastName, passwordHash, accountConfirmed: false, partial: false },
    d.now,
  );
  // Also when another registration for the same email won a race: this one is "already registered".
  if (created) await sendConfirmation(d, user, req.returnUrl);
  else await sendExisting(d, user);
  return CHECK_EMAIL;
}

/** Confirms an email with its link; the stamp changes, so the link (and older links) stop working. */
export async function confirm(d: AccountDeps, req: { email: string; securityStamp: string }): Promise<{ email: string; accountConfirmed: true }> {
  const user = await findByEmail(d.env.DB, req.email);
  if (!user || !(await checkLink(linkSecret(d.env), "confirm", user, req.securityStamp, d.now))) refused("bad_request", BAD_LINK);
  const done = await updateIfStamp(d.env.DB, user.id, user.securityStamp, { account_confirmed: 1, partial: 0 }, d.now);
  if (!done) refused("bad_request", BAD_LINK);
  return { email: done.email, accountConfirmed: true };
}

/** Sends the confirmation link again (only an unconfirmed, full account gets one). */
export async function resendConfirmation(d: AccountDeps, req: { email: string; returnUrl?: string }): Promise<{ message: string }> {
  const user = await findByEmail(d.env.DB, req.email);
  if (user && !user.accountConfirmed && !user.partial) await sendConfirmation(d, user, req.returnUrl);
  else await noEmail(d, req.email, "confirm-email");
  return CHECK_EMAIL;
}

/**
 * An account from an email alone (a login-less alert, the welcome popup); nothing changes for a known email.
 * One statement either way (the insert does nothing for a taken email).
 */
export async function createPartialAccount(d: AccountDeps, req: v.InferOutput<typeof PartialAccountRequest>): Promise<{ message: string }> {
  await insertUser(
    d.env.DB,
    { email: req.email, firstName: req.firstName, lastName: req.lastName, passwordHash: null, accountConfirmed: false, partial: true },
    d.now,
  );
  return { message: "Noted." };
}

/** Emails a partial account its completion link (unless it unsubscribed from those emails). */
export async function sendCompletionEmail(d: AccountDeps, req: { email: string }): Promise<{ message: string }> {
  const user = await findByEmail(d.env.DB, req.email);
  if (user?.partial) await sendCompletion(d, user);
  else await noEmail(d, req.email, "complete-account");
  return CHECK_EMAIL;
}

/** A partial account becomes a full, confirmed one with a password, from its completion link; signs in. */
export async function completeRegistration(d: AccountDeps, req: v.InferOutput<typeof CompleteRegistrationRequest>): Promise<SignedIn> {
  acceptNewPassword(req.password);
  const user = await findByEmail(d.env.DB, req.email);
  if (!user?.partial || !(await checkLink(linkSecret(d.env), "complete", user, req.securityStamp, d.now))) refused("bad_request", BAD_LINK);
  const passwordHash = await hashPassword(req.password, { pepper: pepperOf(d.env) });
  const done = await updateIfStamp(
    d.env.DB,
    user.id,
    user.securityStamp,
    { first_name: req.firstName, last_name: req.lastName, password_hash: passwordHash, partial: 0, account_confirmed: 1 },
    d.now,
  );
  if (!done) refused("bad_request", BAD_LINK);
  return signIn(d, done);
}

/** The user behind an emailed link's guid, or a 404 refusal. */
export async function userWithGuid(d: AccountDeps, guid: string): Promise<User> {
  return (await findByGuid(d.env.DB, guid)) ?? refused("not_found", "This link does not match an account.");
}
