import type { TrafficAlert } from "#shared/content.ts";
import { TimedCache } from "../lib/timed-cache";

const alerts = new TimedCache<TrafficAlert | null>({ ttlMs: 60_000, maxEntries: 16 });

/**
 * A traffic alert running at `now` (null when unknown or not running), read from D1 at most once a minute
 * per isolate and id. Content-store failures are swallowed to null (§8): a page never fails for an alert.
 */
export async function trafficAlert(db: D1Database, id: string, now = Date.now()): Promise<TrafficAlert | null> {
  try {
    return await alerts.get(id, async () => {
      const row = await db
        .prepare("SELECT id, message, link_text, link_href FROM traffic_alerts WHERE id = ? AND starts_at <= ? AND ends_at > ?")
        .bind(id, now, now)
        .first<{ id: string; message: string; link_text: string | null; link_href: string | null }>();
      return row ? { id: row.id, message: row.message, link: row.link_text && row.link_href ? { text: row.link_text, href: row.link_href } : null } : null;
    });
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: `traffic alert ${id} unavailable: ${String(err)}` }));
    return null;
  }
}
