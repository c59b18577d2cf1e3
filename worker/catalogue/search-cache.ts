/**
 * A small per-isolate cache of diamond search results. The default search page and a few popular filter
 * sets make up most search traffic; a D1 round trip costs more than rendering the page, so identical
 * searches within `ttlMs` are answered from memory. Entries are keyed by the validated request (field
 * order fixed by the schema), bounded in number (least recently used leaves first) and short-lived, so a
 * price or availability change shows within a minute. Writers of the catalogue call `clear()`.
 */
export interface SearchCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export class SearchCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor({ ttlMs = 60_000, maxEntries = 256, now = Date.now }: SearchCacheOptions = {}) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  /** The cached value for `key`, or the one `load` produces (which is then cached). Failures are not cached. */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.expires > now) {
      // Re-insert to mark as most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = await load();
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
