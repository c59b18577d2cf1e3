/**
 * The login-less alert (issue 19, §6; docs/decisions/016-my-stuff-and-alerts.md): an email alone and a saved
 * search (its alert on) or a diamond (a favourite, whose price drops alert). The account is found by email
 * or made partial (createPartialAccount's path); the answer is the same either way, and the same when the
 * account already keeps its most searches or diamonds (no enumeration). A client address may ask
 * MAX_ALERT_REQUESTS_PER_IP times per window (429 with Retry-After after), counted in the statement that
 * reserves the request, so exact under concurrency.
 */
import { DomainError, refused } from "#shared/refusal.ts";
import type { AccountDeps } from "../../accounts/deps";
import { type IpLimit, pruneIpLimit, reserveForIp } from "../../lib/ip-limit";
import { createPartialAccount, sendCompletionEmail } from "../../accounts/registration";
import { findByEmail } from "../../accounts/users";
import type { SearchBindings } from "../../search/service";
import { saveDiamonds } from "../diamonds";
import { saveSearch, updateSearch } from "./searches";

export const ALERT_REQUEST_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ALERT_REQUESTS_PER_IP = 10;

const REQUESTS: IpLimit = {
  table: "alert_requests",
  max: MAX_ALERT_REQUESTS_PER_IP,
  windowMs: ALERT_REQUEST_WINDOW_MS,
  message: "Too many alerts asked for from your connection. Please try again later.",
};

/** Reserves one request for `ip`, or refuses (429) with the seconds until one is allowed. */
export function reserveAlertRequest(db: D1Database, ip: string, now: number): Promise<void> {
  return reserveForIp(db, REQUESTS, ip, now);
}

/** Forgets requests older than the window (the alert run's housekeeping). */
export function pruneAlertRequests(db: D1Database, now: number): Promise<void> {
  return pruneIpLimit(db, REQUESTS, now);
}

/** A per-account limit reached: the same answer as success (the email's owner sees their account's limits in my stuff). */
function limitReached(e: unknown): boolean {
  return e instanceof DomainError && e.refusal.kind === "conflict";
}

/**
 * An alert for an email: 404 for an unknown search or diamond (before anything is written), else accepted. A
 * diamond is saved as a favourite at its price now (the price a drop counts from).
 */
export async function loginLessAlert(
  d: AccountDeps,
  catalogue: SearchBindings,
  req: { email: string; searchId?: string; diamondId?: number },
): Promise<{ accepted: true }> {
  const db = d.env.DB;
  await reserveAlertRequest(db, d.ip, d.now);
  const known = req.searchId
    ? await db.prepare("SELECT 1 AS ok FROM saved_searches WHERE id = ?").bind(req.searchId).first()
    : await db.prepare("SELECT 1 AS ok FROM diamonds WHERE id = ?").bind(req.diamondId!).first();
  if (!known) refused("not_found", req.searchId ? "No search with this searchId" : `No diamond ${req.diamondId}`);
  await createPartialAccount(d, { email: req.email, firstName: "", lastName: "" });
  const user = (await findByEmail(db, req.email))!;
  try {
    if (req.searchId) {
      const entry = await saveSearch(db, user.id, { searchId: req.searchId, hasAlert: true }, d.now);
      if (!entry.hasAlert) await updateSearch(db, user.id, entry.id, { hasAlert: true }, d.now);
    } else {
      await saveDiamonds(catalogue, user.id, [req.diamondId!], d.now);
    }
  } catch (e) {
    if (!limitReached(e)) throw e;
  }
  // A partial account hears at once that the address was used, and how to complete the account (or stop
  // these emails); a full account gets nothing now (its alerts' emails follow).
  if (user.partial) await sendCompletionEmail(d, { email: req.email });
  return { accepted: true };
}
