/**
 * An alert email's link (issue 19; docs/decisions/016-my-stuff-and-alerts.md): `/my-stuff/alerts?token=…&email=…`
 * opens the stones of one digest without signing in. The token is `{digestId}.{expiry}.{mac}`: an HMAC-SHA-256
 * (128 bits, base64url) of the digest id, its expiry and the recipient's address under `ALERT_LINK_SECRET`
 * (a local run's development key when unset: worker/platform/secrets.ts). Nothing else is stored; a wrong, tampered or
 * expired token, or another address, opens nothing (null: the route's 404).
 */
import { type AlertStone, type AlertStones, ALERT_LINK_VALID_MS } from "#shared/my-stuff/alerts.ts";
import type { SettingSummary } from "#shared/settings/schemas.ts";
import { linkSecret } from "../../accounts/deps";
import { base64url, sameBytes } from "../../accounts/passwords";
import { signLink } from "../../accounts/tokens";
import { signingSecret } from "../../platform/secrets";
import { findById } from "../../accounts/users";
import { HOLD_JOIN, HOLD_STATE, summary, type RetailerColumns, type SummaryColumns } from "../../diamonds/summary";
import { settingCards } from "../../settings/service";
import type { SearchIndexObject } from "../../search/search-object";

/** What an alert link needs: D1, the index (the run's), and the secrets that sign links. */
export interface AlertLinkBindings {
  DB: D1Database;
  SEARCH: DurableObjectNamespace<SearchIndexObject>;
  APP_ENV?: string;
  /** Signs alert links (`wrangler secret put ALERT_LINK_SECRET`; worker/platform/secrets.ts). */
  ALERT_LINK_SECRET?: string;
  /** Signs account links (a partial account's completion link); see worker/accounts/deps.ts. */
  ACCOUNT_LINK_SECRET?: string;
}

/**
 * A digest's stored sections: per section its title, link and stones (id, reason, price before a drop), or
 * for a setting or jewellery search the setting ids (absent in digests stored before setting alerts).
 */
export interface StoredSection {
  title: string;
  link: string | null;
  stones: { id: number; reason: AlertStone["reason"]; fromPrice: number | null }[];
  settings?: number[];
}

async function mac(env: AlertLinkBindings, digestId: number, expiry: number, email: string): Promise<Uint8Array> {
  const secret = signingSecret(env, "ALERT_LINK_SECRET");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const text = `alert\n${digestId}\n${expiry}\n${email.trim().toLowerCase()}`;
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text))).slice(0, 16);
}

/** The token of a digest's link for its recipient, valid ALERT_LINK_VALID_MS from `now`. */
export async function alertToken(env: AlertLinkBindings, digestId: number, email: string, now: number): Promise<string> {
  const expiry = now + ALERT_LINK_VALID_MS;
  return `${digestId}.${expiry}.${base64url(await mac(env, digestId, expiry, email))}`;
}

/** The digest id and expiry of a valid, unexpired token for this address, or null. */
export async function checkAlertToken(env: AlertLinkBindings, token: string, email: string, now: number): Promise<{ digestId: number; expiry: number } | null> {
  const m = /^(\d{1,15})\.(\d{1,15})\.([\w-]{22})$/.exec(token);
  if (!m) return null;
  const digestId = Number(m[1]);
  const expiry = Number(m[2]);
  const expected = base64url(await mac(env, digestId, expiry, email));
  if (!sameBytes(new TextEncoder().encode(m[3]!), new TextEncoder().encode(expected))) return null;
  return expiry > now ? { digestId, expiry } : null;
}

type StoneRow = SummaryColumns & RetailerColumns;

/**
 * The stones of the digest a link opens, as they are now (a stone sold since shows as sold), and its settings
 * or jewellery pieces as their cards are now (every metal, available ones first), or null.
 */
export async function alertStones(env: AlertLinkBindings, token: string, email: string, now: number): Promise<AlertStones | null> {
  const valid = await checkAlertToken(env, token, email, now);
  if (!valid) return null;
  const digest = await env.DB.prepare(
    "SELECT a.user_id, a.created_at, a.sections FROM alert_digests a JOIN users u ON u.id = a.user_id WHERE a.id = ? AND u.email = ? COLLATE NOCASE",
  )
    .bind(valid.digestId, email.trim())
    .first<{ user_id: number; created_at: number; sections: string }>();
  if (!digest) return null;
  const sections = JSON.parse(digest.sections) as StoredSection[];
  const ids = [...new Set(sections.flatMap((s) => s.stones.map((x) => x.id)))];
  const { results } = await env.DB.prepare(
    `SELECT d.*, r.name AS r_name, r.slugurl AS r_slugurl, r.logo_url AS r_logo_url, r.small_logo_url AS r_small_logo_url, ${HOLD_STATE}
     FROM diamonds d JOIN retailers r ON r.id = d.retailer_id ${HOLD_JOIN} WHERE d.id IN (SELECT value FROM json_each(?))`,
  )
    .bind(JSON.stringify(ids))
    .all<StoneRow>();
  const byId = new Map(results.map((r) => [r.id, summary(r)]));
  const settingIds = [...new Set(sections.flatMap((s) => s.settings ?? []))];
  const cards = settingIds.length ? await settingCards(env.DB, settingIds, 0, now) : new Map<number, SettingSummary>();
  const user = await findById(env.DB, digest.user_id);
  let completeAccountLink: string | null = null;
  if (user?.partial) {
    const stamp = await signLink(linkSecret(env), "complete", user, now);
    completeAccountLink = `/register?${new URLSearchParams({ complete: "1", email: user.email, securityStamp: stamp })}`;
  }
  return {
    sentAt: digest.created_at,
    expiresAt: valid.expiry,
    sections: sections.map((s) => ({
      title: s.title,
      link: s.link,
      stones: s.stones.flatMap((x) => {
        const diamond = byId.get(x.id);
        return diamond ? [{ diamond, reason: x.reason, fromPrice: x.fromPrice }] : [];
      }),
      settings: (s.settings ?? []).flatMap((id) => {
        const card = cards.get(id);
        return card ? [card] : [];
      }),
    })),
    completeAccountLink,
  };
}
