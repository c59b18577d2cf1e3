import { SearchCache } from "../catalogue/search-cache";

export interface SearchHeading {
  heading: string;
  subheading: string;
}

const headings = new SearchCache<SearchHeading | null>({ ttlMs: 300_000, maxEntries: 32 });

/**
 * A search page's heading from the content store (D1 `search_headings`), or null when it has none; read
 * at most every 5 minutes per isolate (§9 content cache 300 s). Failures are swallowed to null (§8): the
 * page then shows its own heading.
 */
export async function searchHeading(db: D1Database, pageId: string): Promise<SearchHeading | null> {
  try {
    return await headings.get(pageId, () => db.prepare("SELECT heading, subheading FROM search_headings WHERE page_id = ?").bind(pageId).first<SearchHeading>());
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: `search heading ${pageId} unavailable: ${String(err)}` }));
    return null;
  }
}
