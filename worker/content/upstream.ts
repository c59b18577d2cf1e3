/**
 * The optional upstream content service (docs/decisions/019-content-store.md): when `CONTENT_SERVICE_URL` is set the
 * content store reads its items there instead of D1 — `GET {base}/content/item/{name}` and
 * `GET {base}/content/tree/{name}?tree=1`, with `Authorization: Bearer {CONTENT_SERVICE_TOKEN}` when that secret is
 * set. §9: HTTP timeout 30,000 ms; §7: MarketingConfigurations 5 s. A 404 is a missing item (null); any other
 * failure (status, timeout, network, not JSON) throws, and the store swallows it to null and logs it (§8).
 */

/** §9 "HTTP timeout 30000 ms". */
export const CONTENT_TIMEOUT_MS = 30_000;
/** §7 "GET content/item/MarketingConfigurations (5 s timeout …)". */
export const MARKETING_TIMEOUT_MS = 5_000;

/** Where an item is read from: the D1 store or the upstream service. */
export interface ContentSource {
  /** A name that keys caches apart (the upstream origin, or "d1"). */
  readonly id: string;
  /** The item's JSON, or null when the source has no such item; throws when the source fails. */
  item(name: string): Promise<unknown>;
  /** The item's JSON read as a tree (`?tree=1`), or null; throws when the source fails. */
  tree(name: string): Promise<unknown>;
}

export interface UpstreamOptions {
  baseUrl: string;
  token?: string;
  fetch?: typeof fetch;
  /** The abort signal for a read of `ms` milliseconds (tests inject a shorter one). */
  timeout?: (ms: number, name: string) => AbortSignal;
}

/** The timeout a read of this item gets. */
export const timeoutFor = (name: string) => (name === "MarketingConfigurations" ? MARKETING_TIMEOUT_MS : CONTENT_TIMEOUT_MS);

/** A content source reading the upstream content service. */
export function upstreamSource({ baseUrl, token, fetch: fetcher = fetch, timeout = (ms) => AbortSignal.timeout(ms) }: UpstreamOptions): ContentSource {
  const base = baseUrl.replace(/\/+$/, "");
  const read = async (name: string, path: string): Promise<unknown> => {
    const headers: Record<string, string> = { accept: "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetcher(`${base}${path}`, { headers, signal: timeout(timeoutFor(name), name) });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`content service answered ${response.status} for ${name}`);
    }
    return await response.json();
  };
  return {
    id: base,
    item: (name) => read(name, `/content/item/${encodeURIComponent(name)}`),
    tree: (name) => read(name, `/content/tree/${encodeURIComponent(name)}?tree=1`),
  };
}

/** The D1 content store (the embedded default): `content_items` rows (migration 0016). Trees are stored whole. */
export function d1Source(db: D1Database): ContentSource {
  const read = async (name: string) => {
    const row = await db.prepare("SELECT data FROM content_items WHERE name = ?").bind(name).first<{ data: string }>();
    return row ? (JSON.parse(row.data) as unknown) : null;
  };
  return { id: "d1", item: read, tree: read };
}
