/**
 * What the account services need from a request (no HTTP types): the bindings, this site's origin for the
 * emailed links, the clock, the caller's address for the sign-in limit and `waitUntil` for email delivery.
 * Also the emailed links themselves and the one sign-in step every way of signing in ends with.
 */
import type { SignedIn } from "#shared/accounts/schemas.ts";
import { queueEmail, type EmailBindings } from "../email/outbox";
import type { EmailMessage } from "../email/templates";
import { signingSecret } from "../platform/secrets";
import { openSession } from "./sessions";
import type { Pepper } from "./passwords";
import { signLink, type LinkPurpose } from "./tokens";
import { storedUser, type User } from "./users";

export type AccountBindings = EmailBindings & {
  DB: D1Database;
  APP_ENV?: string;
  /** Signs emailed links (`wrangler secret put ACCOUNT_LINK_SECRET`; worker/platform/secrets.ts). */
  ACCOUNT_LINK_SECRET?: string;
  /** Mixed into new password hashes (`wrangler secret put PASSWORD_PEPPER`); unset (local development), hashes stay unpeppered. */
  PASSWORD_PEPPER?: string;
};

export interface AccountDeps {
  env: AccountBindings;
  /** `https://loupe.example`: the emailed links point here. */
  origin: string;
  now: number;
  /** The caller's address (CF-Connecting-IP), for the failed sign-in limit. */
  ip: string;
  waitUntil: (p: Promise<unknown>) => void;
  /** The caller's User-Agent, summarised on the sessions it opens ("Firefox on Windows"). */
  userAgent?: string;
}

export const linkSecret = (env: AccountBindings) => signingSecret(env, "ACCOUNT_LINK_SECRET");

/** Today's password pepper (null: none configured; docs/decisions/054-accounts-hardening.md). */
export const pepperOf = (env: AccountBindings): Pepper => env.PASSWORD_PEPPER || null;

/** An absolute link to a page of this site with its query. */
export function pageLink(d: AccountDeps, path: string, query: Record<string, string | undefined> = {}): string {
  const url = new URL(path, d.origin);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** A signed link (confirm, reset, complete) for the user as they are now. */
export async function signedLink(
  d: AccountDeps,
  purpose: LinkPurpose,
  path: string,
  user: User,
  extra: Record<string, string | undefined> = {},
  bound?: string,
): Promise<string> {
  const securityStamp = await signLink(linkSecret(d.env), purpose, user, d.now, bound);
  return pageLink(d, path, { ...extra, email: user.email, securityStamp });
}

/**
 * Queues an account email, counted for the caller's address (null: an hourly limit was reached). Nothing
 * else changes: the calls answer the same whether or not an email went out, so no limit tells whether an
 * account exists (docs/decisions/053-email-limits-and-unsubscribe.md).
 */
export async function email(d: AccountDeps, message: EmailMessage): Promise<number | null> {
  return (await queueEmail(d.env, { message, clientIp: d.ip }, d.waitUntil, d.now)).id;
}

/**
 * The work of `email` when a branch has nothing to send (unknown email, nothing due): a link's signature and
 * one D1 round trip, the outbox's hourly count for the address, as the insert it stands for would make. So
 * calls that take an email answer after the same work whether or not it is known
 * (docs/decisions/054-accounts-hardening.md).
 */
export async function noEmail(d: AccountDeps, to: string, template: EmailMessage["template"]): Promise<void> {
  await signLink(linkSecret(d.env), "confirm", { userGuid: "00000000-0000-4000-8000-000000000000", securityStamp: "" }, d.now);
  await d.env.DB.prepare("SELECT COUNT(*) AS n FROM email_outbox WHERE recipient = ? AND template = ? AND created_at > ?")
    .bind(to.trim(), template, d.now - 3_600_000)
    .first();
}

/** Opens a session for the user: the §3 Stored user with its token, and where to go next. */
export async function signIn(d: AccountDeps, user: User, returnUrl = "/"): Promise<SignedIn> {
  const token = await openSession(d.env.DB, user.id, d.now, d.userAgent);
  return { user: storedUser(user, token.data), token, returnUrl };
}

/** The one answer of calls that must not tell whether an email is known. */
export const CHECK_EMAIL = { message: "If the address can receive it, we have sent you an email. Check your inbox." };
