/**
 * What emailed links lead to (§7 accounts/guid, the unsubscribe calls; conversations/sendmessagebyguid is worker/conversations/)
 * and the email capture of popups and forms. A user guid is 122 random bits that only the user's own
 * emails carry; what it shows is masked.
 */
import { EMAIL_PATTERN, WELCOME_POPUP_SOURCE, type GuidUser } from "#shared/accounts/schemas.ts";
import { refused } from "#shared/refusal.ts";
import { email, pageLink, type AccountDeps } from "./deps";
import { insertOrFind, type User } from "./users";

export type MailingList = "marketing" | "partialAccount" | "insurance" | "orderReviews" | "alerts";

const COLUMN: Record<MailingList, string> = {
  marketing: "unsubscribed_marketing",
  partialAccount: "unsubscribed_partial",
  insurance: "unsubscribed_insurance",
  orderReviews: "unsubscribed_order_reviews",
  alerts: "unsubscribed_alerts",
};

/** `jane.doe@example.com` → `j•••@example.com`. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  return at <= 0 ? "•••" : `${address[0]}•••${address.slice(at)}`;
}

export function guidUser(u: User): GuidUser {
  return { userGuid: u.userGuid, firstName: u.firstName, maskedEmail: maskEmail(u.email), partial: u.partial, unsubscribed: u.unsubscribed };
}

/** Takes the user off one list of emails. */
export async function unsubscribe(d: AccountDeps, guid: string, list: MailingList): Promise<{ userGuid: string; list: MailingList }> {
  const row = await d.env.DB.prepare(`UPDATE users SET ${COLUMN[list]} = 1, updated_at = ? WHERE user_guid = ? RETURNING user_guid`)
    .bind(d.now, guid.toLowerCase())
    .first<{ user_guid: string }>();
  if (!row) refused("not_found", "This link does not match an account.");
  return { userGuid: row.user_guid, list };
}

/**
 * An email left in a popup or form. The welcome popup's must match the §5 pattern (else 400, and the attempt
 * is logged): it becomes a partial account and gets the welcome offer. Other sources are only logged.
 */
export async function captureEmail(d: AccountDeps, req: { email: string; source: string }, visitorId: string | null): Promise<{ captured: boolean }> {
  const valid = EMAIL_PATTERN.test(req.email);
  const welcome = req.source === WELCOME_POPUP_SOURCE;
  await d.env.DB.prepare("INSERT INTO email_captures (email, source, valid, visitor_id, at) VALUES (?, ?, ?, ?, ?)")
    .bind(req.email.slice(0, 254), req.source, valid ? 1 : 0, visitorId, d.now)
    .run();
  if (!welcome) return { captured: false };
  if (!valid) refused("bad_request", "Enter a valid email address", [{ path: "email", message: "Enter a valid email address" }]);
  const { user } = await insertOrFind(
    d.env.DB,
    { email: req.email, firstName: "", lastName: "", passwordHash: null, accountConfirmed: false, partial: true },
    d.now,
  );
  if (!user.unsubscribed.marketing) {
    const unsubscribeLink = pageLink(d, "/Home/UnsubscribeEmailAction", { userGuid: user.userGuid, type: "marketing" });
    await email(d, { to: user.email, template: "welcome-offer", data: { code: "WELCOME100", shopLink: pageLink(d, "/diamond-search"), unsubscribeLink } });
  }
  return { captured: true };
}
