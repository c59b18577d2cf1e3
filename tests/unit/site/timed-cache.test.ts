import { describe, expect, it } from "vitest";
import { TimedCache } from "#worker/lib/timed-cache.ts";

describe("search result cache", () => {
  it("answers repeated searches from memory until the entry expires", async () => {
    let now = 1_000;
    let loads = 0;
    const cache = new TimedCache<number>({ ttlMs: 100, now: () => now });
    const load = async () => ++loads;
    expect(await cache.get("a", load)).toBe(1);
    expect(await cache.get("a", load)).toBe(1);
    now += 99;
    expect(await cache.get("a", load)).toBe(1);
    now += 1;
    expect(await cache.get("a", load)).toBe(2);
    expect(await cache.get("b", load)).toBe(3);
  });

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    const cache = new TimedCache<string>({ maxEntries: 2 });
    let loads = 0;
    const load = (v: string) => async () => {
      loads++;
      return v;
    };
    await cache.get("a", load("a"));
    await cache.get("b", load("b"));
    await cache.get("a", load("a")); // a is now the most recent
    await cache.get("c", load("c")); // evicts b
    expect(cache.size).toBe(2);
    expect(loads).toBe(3);
    await cache.get("a", load("a"));
    expect(loads).toBe(3);
    await cache.get("b", load("b"));
    expect(loads).toBe(4);
  });

  it("does not cache failures, and clear() empties it", async () => {
    const cache = new TimedCache<number>();
    await expect(cache.get("x", async () => Promise.reject(new Error("D1 unavailable")))).rejects.toThrow("D1 unavailable");
    expect(await cache.get("x", async () => 7)).toBe(7);
    cache.clear();
    expect(await cache.get("x", async () => 8)).toBe(8);
  });
});
