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
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const value = await load();
    this.set(key, value);
    return value;
  }

  /** The live value for `key` (marked most recently used), or undefined. */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.expires <= this.now()) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
