/**
 * Signing in with Google or Facebook (docs/decisions/013-accounts-and-sessions.md, 054-accounts-hardening.md).
 * An identity already linked signs in to its account. Otherwise the email decides, but only an email the
 * provider vouches for: Google's ID token says `email_verified`; Facebook's Graph API gives no such flag, so
 * a Facebook email never links to an existing account by itself. The account's owner is asked by email
 * instead (a signed link, one hour); until they agree, the Facebook identity gets an account of its own under
 * a stand-in address that can never receive mail.
 */
import type { SignedIn } from "#shared/accounts/schemas.ts";
import { accountReturnPath } from "#shared/accounts/return-url.ts";
import { refused } from "#shared/refusal.ts";
import { email, linkSecret, signedLink, signIn, type AccountDeps } from "./deps";
import type { ExternalProfile } from "./external/profile";
import { BAD_LINK } from "./registration";
import { revokeAllStatement } from "./sessions";
import { checkLink, newStamp } from "./tokens";
import { findByEmail, findByFacebookId, findByGoogleSub, insertUser, updateUser, USER_COLUMNS, userOf, type User, type UserRow } from "./users";

/** The address of a Facebook identity's own account while an account with its email has not agreed to it (`.invalid` never delivers). */
export const standInEmail = (facebookId: string) => `facebook-${facebookId}@users.loupe.invalid`;
const isStandIn = (u: User) => u.fbUserId !== null && u.email === standInEmail(u.fbUserId);

const providerName = (p: ExternalProfile) => (p.provider === "google" ? "Google" : "Facebook");

/** Emails the owner of `owner` the link that adds this Facebook identity to their account. */
async function offerFacebookLink(d: AccountDeps, owner: User, profile: ExternalProfile): Promise<void> {
  const link = await signedLink(d, "link-facebook", "/login/facebook/link", owner, { facebookId: profile.subject }, profile.subject);
  await email(d, { to: owner.email, template: "link-facebook", data: { firstName: owner.firstName, link } });
}

async function newAccount(d: AccountDeps, profile: ExternalProfile, address: string, confirmed: boolean): Promise<User> {
  return (
    (await insertUser(
      d.env.DB,
      {
        email: address,
        firstName: profile.firstName,
        lastName: profile.lastName,
        passwordHash: null,
        accountConfirmed: confirmed,
        partial: false,
        googleSub: profile.provider === "google" ? profile.subject : null,
        fbUserId: profile.provider === "facebook" ? profile.subject : null,
        profileImageUrl: profile.pictureUrl,
      },
      d.now,
    )) ?? refused("conflict", "This account is being created by another sign-in; try again.")
  );
}

/** Links a verified Google identity to the account with its email (now confirmed); an unproven account loses its password and sessions. */
async function linkVerified(d: AccountDeps, existing: User, profile: ExternalProfile): Promise<User> {
  const db = d.env.DB;
  // Whoever registered the address without owning it cannot keep a way in (pre-account hijacking).
  const unproven = !existing.accountConfirmed && !existing.partial;
  if (unproven) await db.batch([revokeAllStatement(db, existing.id)]);
  const user = await updateUser(
    db,
    existing.id,
    {
      google_sub: profile.subject,
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
  return user ?? existing;
}

/**
 * Signs in with a verified Google or Facebook profile: the account already linked to it; else, for an email
 * the provider verified (Google), the account with that email (now linked and confirmed); else, for Facebook
 * and an email that has an account, the owner is emailed a link to agree and the identity signs in to an
 * account of its own (stand-in address); else a new account with the email (unconfirmed when the provider
 * did not verify it).
 */
export async function externalSignIn(d: AccountDeps, profile: ExternalProfile, returnUrl?: string): Promise<SignedIn> {
  const db = d.env.DB;
  const back = accountReturnPath(returnUrl);
  const linked = profile.provider === "google" ? await findByGoogleSub(db, profile.subject) : await findByFacebookId(db, profile.subject);
  if (linked) {
    // Still waiting for the owner of its email to agree: ask again (the outbox caps it at five an hour).
    if (isStandIn(linked) && profile.email) {
      const owner = await findByEmail(db, profile.email);
      if (owner && owner.fbUserId !== profile.subject) await offerFacebookLink(d, owner, profile);
    }
    return signIn(d, linked, back);
  }
  if (!profile.email || (profile.provider === "google" && !profile.emailVerified))
    refused("unauthorized", `Your ${providerName(profile)} account did not share a verified email address.`);
  const existing = await findByEmail(db, profile.email);
  if (existing && profile.emailVerified) return signIn(d, await linkVerified(d, existing, profile), back);
  if (existing) {
    await offerFacebookLink(d, existing, profile);
    return signIn(d, await newAccount(d, profile, standInEmail(profile.subject), false), back);
  }
  return signIn(d, await newAccount(d, profile, profile.email, profile.emailVerified), back);
}

/**
 * The owner of an account agreed (the emailed link) to sign in with this Facebook identity: it moves from its
 * own stand-in account (whose sessions end) to theirs, in one batch that happens only while the link's stamp
 * holds (so the link works once); signs in.
 */
export async function linkFacebook(d: AccountDeps, req: { email: string; facebookId: string; securityStamp: string }): Promise<SignedIn> {
  const db = d.env.DB;
  const user = await findByEmail(db, req.email);
  if (!user || !(await checkLink(linkSecret(d.env), "link-facebook", user, req.securityStamp, d.now, req.facebookId))) refused("bad_request", BAD_LINK);
  const holder = await findByFacebookId(db, req.facebookId);
  const guard = "EXISTS (SELECT 1 FROM users WHERE id = ? AND security_stamp = ?)";
  const moves =
    holder && holder.id !== user.id
      ? [
          db.prepare(`DELETE FROM sessions WHERE user_id = ? AND ${guard}`).bind(holder.id, user.id, user.securityStamp),
          db.prepare(`UPDATE users SET fb_user_id = NULL, updated_at = ? WHERE id = ? AND ${guard}`).bind(d.now, holder.id, user.id, user.securityStamp),
        ]
      : [];
  const results = await db.batch<UserRow>([
    ...moves,
    db
      .prepare(`UPDATE users SET fb_user_id = ?, security_stamp = ?, updated_at = ? WHERE id = ? AND security_stamp = ? RETURNING ${USER_COLUMNS}`)
      .bind(req.facebookId, newStamp(), d.now, user.id, user.securityStamp),
  ]);
  const row = results.at(-1)?.results[0];
  if (!row) refused("bad_request", BAD_LINK);
  return signIn(d, userOf(row));
}
