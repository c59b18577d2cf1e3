import type { TrafficAlert } from "#shared/content.ts";

const TTL_MS = 60_000;
const cache = new Map<string, { at: number; alert: TrafficAlert | null }>();

/**
 * A traffic alert running at `now` (null when unknown or not running), read from D1 at most once a minute
 * per isolate and id. Content-store failures are swallowed to null (§8): a page never fails for an alert.
 */
export async function trafficAlert(db: D1Database, id: string, now = Date.now()): Promise<TrafficAlert | null> {
  const held = cache.get(id);
  if (held && now - held.at < TTL_MS) return held.alert;
  try {
    const row = await db
      .prepare("SELECT id, message, link_text, link_href FROM traffic_alerts WHERE id = ? AND starts_at <= ? AND ends_at > ?")
      .bind(id, now, now)
      .first<{ id: string; message: string; link_text: string | null; link_href: string | null }>();
    const alert = row ? { id: row.id, message: row.message, link: row.link_text && row.link_href ? { text: row.link_text, href: row.link_href } : null } : null;
    cache.set(id, { at: now, alert });
    return alert;
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: `traffic alert ${id} unavailable: ${String(err)}` }));
    return null;
  }
}
