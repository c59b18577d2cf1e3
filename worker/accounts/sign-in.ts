/**
 * Signing in and out, and passwords (accounts/login, accounts/reset; Google and Facebook: external-sign-in.ts).
 * Wrong email and wrong password answer alike and take as long; the failed sign-in limit (throttle.ts)
 * comes before any password check. A reset or password change ends every session of the user.
 */
import type { SignedIn } from "#shared/accounts/schemas.ts";
import { accountReturnPath } from "#shared/accounts/return-url.ts";
import { refused } from "#shared/refusal.ts";
import { CHECK_EMAIL, email, linkSecret, noEmail, pageLink, pepperOf, signedLink, signIn, type AccountDeps } from "./deps";
import { acceptNewPassword, hashPassword, needsRehash, verifyPassword } from "./passwords";
import { BAD_LINK } from "./registration";
import { revokeSession } from "./sessions";
import { attemptFailed, attemptSucceeded, reserveAttempt } from "./throttle";
import { checkLink } from "./tokens";
import { findByEmail, updateUser, USER_COLUMNS, userOf, type User } from "./users";

export const WRONG_CREDENTIALS = "Wrong email or password.";
export const NOT_CONFIRMED = "Please confirm your email first: we have sent you the link again.";

/** Signs in with email and password. */
export async function login(d: AccountDeps, req: { email: string; password: string; returnUrl?: string }): Promise<SignedIn> {
  const attempt = await reserveAttempt(d.env.DB, req.email, d.ip, d.now);
  const user = await findByEmail(d.env.DB, req.email);
  const pepper = pepperOf(d.env);
  const ok = await verifyPassword(req.password, user?.passwordHash ?? null, pepper);
  if (!ok || !user) {
    await attemptFailed(d.env.DB, attempt);
    refused("unauthorized", WRONG_CREDENTIALS);
  }
  await attemptSucceeded(d.env.DB, attempt, req.email);
  if (!user.accountConfirmed) {
    const link = await signedLink(d, "confirm", "/register/confirm", user);
    await email(d, { to: user.email, template: "confirm-email", data: { firstName: user.firstName, link } });
    refused("forbidden", NOT_CONFIRMED);
  }
  // An older hash format (fewer iterations, or no pepper) is replaced now that the password is known.
  if (user.passwordHash && needsRehash(user.passwordHash, pepper))
    await updateUser(d.env.DB, user.id, { password_hash: await hashPassword(req.password, { pepper }) }, d.now);
  return signIn(d, user, accountReturnPath(req.returnUrl));
}

/** Ends the session of this token (nothing happens for an unknown one). */
export async function logout(d: AccountDeps, token: string | null): Promise<void> {
  if (token) await revokeSession(d.env.DB, token);
}

/**
 * Sets a new password and a new security stamp, and ends every session of the user in the same batch —
 * only if the stamp is still `stamp` (a reset link works once). Returns the user, or null when the stamp moved.
 */
async function setPassword(d: AccountDeps, user: User, stamp: string, password: string): Promise<User | null> {
  const hash = await hashPassword(password, { pepper: pepperOf(d.env) });
  const db = d.env.DB;
  const [updated] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `UPDATE users SET password_hash = ?, security_stamp = lower(hex(randomblob(16))), account_confirmed = 1, partial = 0, updated_at = ?
         WHERE id = ? AND security_stamp = ? RETURNING ${USER_COLUMNS}`,
      )
      .bind(hash, d.now, user.id, stamp),
    // Runs in the same transaction: ends the sessions only when the update above happened.
    db.prepare("DELETE FROM sessions WHERE user_id = ? AND (SELECT security_stamp FROM users WHERE id = ?) <> ?").bind(user.id, user.id, stamp),
  ]);
  const row = updated?.results[0];
  if (!row) return null;
  await email(d, {
    to: user.email,
    template: "password-changed",
    data: { firstName: user.firstName, resetLink: pageLink(d, "/forgot-password", { email: user.email }) },
  });
  return userOf(row as unknown as Parameters<typeof userOf>[0]);
}

/** Emails a reset link to a known address (the same answer, after the same work, for any address). */
export async function sendReset(d: AccountDeps, req: { email: string; returnUrl?: string }): Promise<{ message: string }> {
  const user = await findByEmail(d.env.DB, req.email);
  if (user) {
    const link = await signedLink(d, "reset", "/reset", user, { returnUrl: req.returnUrl ? accountReturnPath(req.returnUrl) : undefined });
    await email(d, { to: user.email, template: "reset-password", data: { firstName: user.firstName, link } });
  } else await noEmail(d, req.email, "reset-password");
  return CHECK_EMAIL;
}

/** Sets the password from a reset link; the email is proven, so the account counts as confirmed. */
export async function reset(d: AccountDeps, req: { email: string; securityStamp: string; password: string }): Promise<{ message: string }> {
  acceptNewPassword(req.password);
  const user = await findByEmail(d.env.DB, req.email);
  if (!user || !(await checkLink(linkSecret(d.env), "reset", user, req.securityStamp, d.now))) refused("bad_request", BAD_LINK);
  if (!(await setPassword(d, user, user.securityStamp, req.password))) refused("bad_request", BAD_LINK);
  return { message: "Your password is set. Sign in with your new password." };
}

/** Changes the password of a signed-in user (the current one is checked, with the sign-in limit); every session ends, a new one opens. */
export async function changePassword(d: AccountDeps, user: User, req: { currentPassword: string; newPassword: string }): Promise<SignedIn> {
  const attempt = await reserveAttempt(d.env.DB, user.email, d.ip, d.now);
  if (!(await verifyPassword(req.currentPassword, user.passwordHash, pepperOf(d.env)))) {
    await attemptFailed(d.env.DB, attempt);
    refused("forbidden", "The current password is wrong.");
  }
  await attemptSucceeded(d.env.DB, attempt, user.email);
  acceptNewPassword(req.newPassword, "newPassword");
  const updated = await setPassword(d, user, user.securityStamp, req.newPassword);
  if (!updated) refused("conflict", "The account changed meanwhile; try again.");
  return signIn(d, updated);
}
