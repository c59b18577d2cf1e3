/**
 * Signing in and out, and passwords (§7 accounts/login, accounts/reset, externalLogin/Google|Facebook).
 * Wrong email and wrong password answer alike and take as long; the failed sign-in limit (throttle.ts)
 * comes before any password check. A reset or password change ends every session of the user.
 */
import type { SignedIn } from "#shared/accounts/schemas.ts";
import { accountReturnPath } from "#shared/accounts/return-url.ts";
import { refused } from "#shared/refusal.ts";
import { CHECK_EMAIL, email, linkSecret, pageLink, signedLink, signIn, type AccountDeps } from "./deps";
import type { ExternalProfile } from "./external/profile";
import { acceptNewPassword, hashPassword, needsRehash, verifyPassword } from "./passwords";
import { BAD_LINK } from "./registration";
import { revokeAllStatement, revokeSession } from "./sessions";
import { attemptFailed, attemptSucceeded, reserveAttempt } from "./throttle";
import { checkLink } from "./tokens";
import { findByEmail, findByFacebookId, findByGoogleSub, insertUser, updateUser, USER_COLUMNS, userOf, type User } from "./users";

export const WRONG_CREDENTIALS = "Wrong email or password.";
export const NOT_CONFIRMED = "Please confirm your email first: we have sent you the link again.";

/** Signs in with email and password. */
export async function login(d: AccountDeps, req: { email: string; password: string; returnUrl?: string }): Promise<SignedIn> {
  const attempt = await reserveAttempt(d.env.DB, req.email, d.ip, d.now);
  const user = await findByEmail(d.env.DB, req.email);
  const ok = await verifyPassword(req.password, user?.passwordHash ?? null);
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
  // An older hash format (or fewer iterations) is replaced now that the password is known.
  if (user.passwordHash && needsRehash(user.passwordHash)) await updateUser(d.env.DB, user.id, { password_hash: await hashPassword(req.password) }, d.now);
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
  const hash = await hashPassword(password);
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

/** Emails a reset link to a known address (the same answer for any address). */
export async function sendReset(d: AccountDeps, req: { email: string; returnUrl?: string }): Promise<{ message: string }> {
  const user = await findByEmail(d.env.DB, req.email);
  if (user) {
    const link = await signedLink(d, "reset", "/reset", user, { returnUrl: req.returnUrl ? accountReturnPath(req.returnUrl) : undefined });
    await email(d, { to: user.email, template: "reset-password", data: { firstName: user.firstName, link } });
  }
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
  if (!(await verifyPassword(req.currentPassword, user.passwordHash))) {
    await attemptFailed(d.env.DB, attempt);
    refused("forbidden", "The current password is wrong.");
  }
  await attemptSucceeded(d.env.DB, attempt, user.email);
  acceptNewPassword(req.newPassword, "newPassword");
  const updated = await setPassword(d, user, user.securityStamp, req.newPassword);
  if (!updated) refused("conflict", "The account changed meanwhile; try again.");
  return signIn(d, updated);
}

/**
 * Signs in with a verified Google or Facebook profile: the account already linked to it, else the
 * account with the same verified email (now linked, and confirmed), else a new one. Linking to an account
 * whose email was never confirmed drops its password and sessions: whoever registered it without owning
 * the address cannot keep a way in.
 */
export async function externalSignIn(d: AccountDeps, profile: ExternalProfile, returnUrl?: string): Promise<SignedIn> {
  const db = d.env.DB;
  const column = profile.provider === "google" ? "google_sub" : "fb_user_id";
  const linked = profile.provider === "google" ? await findByGoogleSub(db, profile.subject) : await findByFacebookId(db, profile.subject);
  if (linked) return signIn(d, linked, accountReturnPath(returnUrl));
  if (!profile.email || !profile.emailVerified)
    refused("unauthorized", `Your ${profile.provider === "google" ? "Google" : "Facebook"} account did not share a verified email address.`);
  const existing = await findByEmail(db, profile.email);
  if (existing) {
    const unproven = !existing.accountConfirmed && !existing.partial;
    if (unproven) await db.batch([revokeAllStatement(db, existing.id)]);
    const user = await updateUser(
      db,
      existing.id,
      {
        [column]: profile.subject,
        account_confirmed: 1,
        partial: 0,
        profile_image_url: existing.profileImageUrl ?? profile.pictureUrl,
        first_name: existing.firstName || profile.firstName,
        last_name: existing.lastName || profile.lastName,
        ...(unproven ? { password_hash: null } : {}),
      },
      d.now,
      unproven,
    );
    return signIn(d, user ?? existing, accountReturnPath(returnUrl));
  }
  const created =
    (await insertUser(
      db,
      {
        email: profile.email,
        firstName: profile.firstName,
        lastName: profile.lastName,
        passwordHash: null,
        accountConfirmed: true,
        partial: false,
        googleSub: profile.provider === "google" ? profile.subject : null,
        fbUserId: profile.provider === "facebook" ? profile.subject : null,
        profileImageUrl: profile.pictureUrl,
      },
      d.now,
    )) ?? refused("conflict", "This account is being created by another sign-in; try again.");
  return signIn(d, created, accountReturnPath(returnUrl));
}
