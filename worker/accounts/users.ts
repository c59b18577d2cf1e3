/** The users table (migrations/0008_accounts.sql): rows in and out of D1. */
import type { StoredUser } from "#shared/accounts/schemas.ts";
import { newStamp } from "./tokens";

export interface User {
  id: number;
  userGuid: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  securityStamp: string;
  accountConfirmed: boolean;
  partial: boolean;
  googleSub: string | null;
  fbUserId: string | null;
  profileImageUrl: string | null;
  unsubscribed: { marketing: boolean; partialAccount: boolean; insurance: boolean; orderReviews: boolean; alerts: boolean };
}

/** A users row as USER_COLUMNS reads it. */
export interface UserRow {
  id: number;
  user_guid: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  security_stamp: string;
  account_confirmed: number;
  partial: number;
  google_sub: string | null;
  fb_user_id: string | null;
  profile_image_url: string | null;
  unsubscribed_marketing: number;
  unsubscribed_partial: number;
  unsubscribed_insurance: number;
  unsubscribed_order_reviews: number;
  unsubscribed_alerts: number;
}

export const USER_COLUMNS =
  "id, user_guid, email, first_name, last_name, password_hash, security_stamp, account_confirmed, partial, google_sub, fb_user_id, profile_image_url, unsubscribed_marketing, unsubscribed_partial, unsubscribed_insurance, unsubscribed_order_reviews, unsubscribed_alerts";

export function userOf(r: UserRow): User {
  return {
    id: r.id,
    userGuid: r.user_guid,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    passwordHash: r.password_hash,
    securityStamp: r.security_stamp,
    accountConfirmed: r.account_confirmed === 1,
    partial: r.partial === 1,
    googleSub: r.google_sub,
    fbUserId: r.fb_user_id,
    profileImageUrl: r.profile_image_url,
    unsubscribed: {
      marketing: r.unsubscribed_marketing === 1,
      partialAccount: r.unsubscribed_partial === 1,
      insurance: r.unsubscribed_insurance === 1,
      orderReviews: r.unsubscribed_order_reviews === 1,
      alerts: r.unsubscribed_alerts === 1,
    },
  };
}

/** §3 Stored user of a user (with the token the caller holds, or null for the cookie session). */
export function storedUser(u: User, token: string | null): StoredUser {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    token,
    fbUserId: u.fbUserId,
    profileImageUrl: u.profileImageUrl,
    userGuid: u.userGuid,
    accountConfirmed: u.accountConfirmed,
  };
}

async function one(stmt: D1PreparedStatement): Promise<User | null> {
  const row = await stmt.first<UserRow>();
  return row ? userOf(row) : null;
}

export const findByEmail = (db: D1Database, email: string) => one(db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE email = ?`).bind(email.trim()));
export const findByGuid = (db: D1Database, guid: string) => one(db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE user_guid = ?`).bind(guid.toLowerCase()));
export const findById = (db: D1Database, id: number) => one(db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).bind(id));
export const findByGoogleSub = (db: D1Database, sub: string) => one(db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE google_sub = ?`).bind(sub));
export const findByFacebookId = (db: D1Database, id: string) => one(db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE fb_user_id = ?`).bind(id));

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  accountConfirmed: boolean;
  partial: boolean;
  googleSub?: string | null;
  fbUserId?: string | null;
  profileImageUrl?: string | null;
}

const INSERT_USER = `INSERT INTO users (user_guid, email, first_name, last_name, password_hash, security_stamp, account_confirmed, partial, google_sub, fb_user_id, profile_image_url, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

function insertValues(u: NewUser, guid: string, now: number): unknown[] {
  return [
    guid,
    u.email.trim(),
    u.firstName,
    u.lastName,
    u.passwordHash,
    newStamp(),
    u.accountConfirmed ? 1 : 0,
    u.partial ? 1 : 0,
    u.googleSub ?? null,
    u.fbUserId ?? null,
    u.profileImageUrl ?? null,
    now,
    now,
  ];
}

/**
 * Inserts a user unless the email is taken (two registrations racing for one email: one row wins, the
 * other gets null and is treated as "already registered").
 */
export async function insertUser(db: D1Database, u: NewUser, now: number): Promise<User | null> {
  return one(db.prepare(`${INSERT_USER} ON CONFLICT DO NOTHING RETURNING ${USER_COLUMNS}`).bind(...insertValues(u, crypto.randomUUID(), now)));
}

/**
 * Inserts a user or, when the email is taken, reads the account that has it — in one statement (an upsert
 * whose update changes nothing), so a known and an unknown email cost the same D1 round trip.
 * `created`: the row is the one inserted here (it carries the guid made for it).
 */
export async function insertOrFind(db: D1Database, u: NewUser, now: number): Promise<{ user: User; created: boolean }> {
  const guid = crypto.randomUUID();
  const user = await one(
    db.prepare(`${INSERT_USER} ON CONFLICT (email) DO UPDATE SET email = users.email RETURNING ${USER_COLUMNS}`).bind(...insertValues(u, guid, now)),
  );
  if (!user) throw new Error("users upsert returned no row");
  return { user, created: user.userGuid === guid };
}

/** Column updates of one user; `stamp: true` also replaces the security stamp (older links stop working). */
export async function updateUser(
  db: D1Database,
  id: number,
  fields: Partial<
    Record<
      "first_name" | "last_name" | "password_hash" | "account_confirmed" | "partial" | "google_sub" | "fb_user_id" | "profile_image_url",
      string | number | null
    >
  >,
  now: number,
  stamp = false,
): Promise<User | null> {
  const sets = Object.keys(fields).map((k) => `${k} = ?`);
  if (stamp) sets.push("security_stamp = ?");
  const values = [...Object.values(fields), ...(stamp ? [newStamp()] : [])];
  return one(db.prepare(`UPDATE users SET ${[...sets, "updated_at = ?"].join(", ")} WHERE id = ? RETURNING ${USER_COLUMNS}`).bind(...values, now, id));
}

/**
 * Applies an update only if the user's security stamp is still `stamp` (a link is used once: of two
 * concurrent uses of the same link, only one changes the row).
 */
export async function updateIfStamp(
  db: D1Database,
  id: number,
  stamp: string,
  fields: Partial<Record<"first_name" | "last_name" | "password_hash" | "account_confirmed" | "partial", string | number | null>>,
  now: number,
): Promise<User | null> {
  const sets = [...Object.keys(fields).map((k) => `${k} = ?`), "security_stamp = ?", "updated_at = ?"];
  return one(
    db
      .prepare(`UPDATE users SET ${sets.join(", ")} WHERE id = ? AND security_stamp = ? RETURNING ${USER_COLUMNS}`)
      .bind(...Object.values(fields), newStamp(), now, id, stamp),
  );
}
