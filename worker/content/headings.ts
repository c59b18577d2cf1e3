import { TimedCache } from "../lib/timed-cache";

import type { SearchHeading } from "#shared/content.ts";

const headings = new TimedCache<SearchHeading>({ ttlMs: 300_000, maxEntries: 32 });

/**
 * A search page's heading from the content store (D1 `search_headings`), or null when it has none; read
 * at most every 5 minutes per isolate (§9 content cache 300 s). Failures are swallowed to null (§8): the
 * page then shows its own heading.
 */
export async function searchHeading(db: D1Database, pageId: string): Promise<SearchHeading> {
  try {
    return await headings.get(pageId, () =>
      db.prepare("SELECT heading, subheading FROM search_headings WHERE page_id = ?").bind(pageId).first<NonNullable<SearchHeading>>(),
    );
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: `search heading ${pageId} unavailable: ${String(err)}` }));
    return null;
  }
}
