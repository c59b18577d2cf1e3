/**
 * One alert run's digests (issue 19; docs/decisions/016-my-stuff-and-alerts.md): at most one email per
 * customer per run, through the outbox (template `alert-digest`). Each digest's stones are stored in
 * `alert_digests` (what its signed link opens: diamond ids, or setting ids for a setting or jewellery search);
 * the email lists up to STONES_PER_SEARCH_IN_EMAIL stones or pieces per saved search and how many more, the price drops from/to, "see all" (`/my-stuff/alerts?token=…&email=…`),
 * a partial account's completion link, and the alerts list's one-click unsubscribe.
 */
import { CLARITIES, COLORS, labelOf, SHAPES } from "#shared/enums.ts";
import { STONES_PER_SEARCH_IN_EMAIL, type PriceDrop } from "#shared/my-stuff/alerts.ts";
import type { DiamondSummary } from "#shared/schemas.ts";
import { linkSecret } from "../../accounts/deps";
import { signLink } from "../../accounts/tokens";
import type { User } from "../../accounts/users";
import { queueEmail, type EmailBindings } from "../../email/outbox";
import { alertToken, type AlertLinkBindings, type StoredSection } from "./stones";

/**
 * One saved search's news in a digest: its entry's name, kind and page, and the stones newly found (diamonds,
 * or settings for a setting or jewellery search: their ids, labels and prices; ascending id).
 */
export interface SearchNews {
  title: string;
  kind: "diamond" | "setting" | "jewellery";
  /** The search page's path (`/diamond-search/{searchId}`, the setting or jewellery search page's). */
  path: string;
  stones: { id: number; label: string; priceCents: number }[];
}

/** What one customer is told in a run. */
export interface CustomerNews {
  user: User;
  searches: SearchNews[];
  drops: PriceDrop[];
}

/** "1.01 ct Round G VS1" (natural) or "… lab-grown". */
export function stoneLabel(d: { carat: number; shape: number; color: number; clarity: number; isLabGrown: boolean }): string {
  return `${d.carat} ct ${labelOf(SHAPES, d.shape)} ${labelOf(COLORS, d.color)} ${labelOf(CLARITIES, d.clarity)}${d.isLabGrown ? " lab-grown" : ""}`;
}

const dropLabel = (d: DiamondSummary) => stoneLabel(d);

/**
 * Stores the digests of the customers to tell (one statement each, batched) and queues their emails.
 * Resolves to the customers whose email was queued (their price drops count as told).
 */
export async function sendDigests(
  env: AlertLinkBindings & EmailBindings,
  news: readonly CustomerNews[],
  o: { origin: string; now: number; waitUntil: (p: Promise<unknown>) => void },
): Promise<Set<number>> {
  const sent = new Set<number>();
  if (news.length === 0) return sent;
  const sectionsOf = (n: CustomerNews): StoredSection[] => [
    ...n.searches.map((s) =>
      s.kind === "diamond"
        ? { title: s.title, link: s.path, stones: s.stones.map((x) => ({ id: x.id, reason: "new" as const, fromPrice: null })) }
        : { title: s.title, link: s.path, stones: [], settings: s.stones.map((x) => x.id) },
    ),
    ...(n.drops.length
      ? [
          {
            title: "Price drops on your favourites",
            link: null,
            stones: n.drops.map((d) => ({ id: d.diamond.id, reason: "price-drop" as const, fromPrice: d.fromPrice })),
          },
        ]
      : []),
  ];
  const rows = await env.DB.batch(
    news.map((n) =>
      env.DB.prepare("INSERT INTO alert_digests (user_id, created_at, sections) VALUES (?, ?, ?) RETURNING id").bind(
        n.user.id,
        o.now,
        JSON.stringify(sectionsOf(n)),
      ),
    ),
  );
  const link = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(path, o.origin);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url.toString();
  };
  await Promise.all(
    news.map(async (n, i) => {
      const digestId = (rows[i]!.results[0] as { id: number }).id;
      const token = await alertToken(env, digestId, n.user.email, o.now);
      const completeAccountLink = n.user.partial
        ? link("/register", { complete: "1", email: n.user.email, securityStamp: await signLink(linkSecret(env), "complete", n.user, o.now) })
        : null;
      const { id } = await queueEmail(
        env,
        {
          clientIp: null,
          message: {
            to: n.user.email,
            template: "alert-digest",
            data: {
              searches: n.searches.map((s) => ({
                title: s.title,
                kind: s.kind,
                link: link(s.path),
                stones: s.stones.slice(0, STONES_PER_SEARCH_IN_EMAIL).map((x) => ({ label: x.label, priceCents: x.priceCents })),
                more: Math.max(0, s.stones.length - STONES_PER_SEARCH_IN_EMAIL),
              })),
              priceDrops: n.drops.map((d) => ({ label: dropLabel(d.diamond), fromCents: d.fromPrice, toCents: d.price })),
              seeAllLink: link("/my-stuff/alerts", { token, email: n.user.email }),
              completeAccountLink,
              unsubscribeLink: link("/Home/UnsubscribeEmailAction", { userGuid: n.user.userGuid, type: "alerts" }),
            },
          },
        },
        o.waitUntil,
        o.now,
      );
      if (id !== null) sent.add(n.user.id);
    }),
  );
  return sent;
}
