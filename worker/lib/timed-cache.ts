/**
 * A small per-isolate cache of values that may be a little old: entries live `ttlMs`, are bounded in
 * number (least recently used leaves first) and hold values, never a pending read (one request's I/O must
 * not be awaited by another). Its users: diamond search results (identical searches within a minute),
 * cart product facts (30 s), promotions, content-store items, the setting catalogue and rendered pages.
 */
export interface TimedCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export class TimedCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor({ ttlMs = 60_000, maxEntries = 256, now = Date.now }: TimedCacheOptions = {}) {
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
