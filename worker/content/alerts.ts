import type { TrafficAlert } from "#shared/content.ts";
import { safeHref } from "#shared/safe-url.ts";
import { TimedCache } from "../lib/timed-cache";

const alerts = new TimedCache<TrafficAlert | null>({ ttlMs: 60_000, maxEntries: 16 });

/**
 * A traffic alert running at `now` (null when unknown or not running), read from D1 at most once a minute
 * per isolate and id; its link only when `safeHref` accepts it (docs/decisions/051-safe-redirects-and-stored-urls.md).
 * Content-store failures are swallowed to null: a page never fails for an alert.
 */
export async function trafficAlert(db: D1Database, id: string, now = Date.now()): Promise<TrafficAlert | null> {
  try {
    return await alerts.get(id, async () => {
      const row = await db
        .prepare("SELECT id, message, link_text, link_href FROM traffic_alerts WHERE id = ? AND starts_at <= ? AND ends_at > ?")
        .bind(id, now, now)
        .first<{ id: string; message: string; link_text: string | null; link_href: string | null }>();
      // A stored address is a link only when it is a web address or a safe path of this site (the layout renders it as is).
      const href = safeHref(row?.link_href);
      return row ? { id: row.id, message: row.message, link: row.link_text && href ? { text: row.link_text, href } : null } : null;
    });
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: `traffic alert ${id} unavailable: ${String(err)}` }));
    return null;
  }
}
