/**
 * The content tests' shared steps: the caches' clock moved without sleeping, a stored item changed in D1, and the
 * seeded content put back after a test (D1 changes outlive a test in this pool).
 */
import { env } from "cloudflare:test";
import { contentItemSeedStatements } from "#shared/content-seed/content.ts";
import { contentClock, dropContentCaches } from "#worker/content/store.ts";

/** The caches' clock for this file: starts at 20 Nov 2026, moved by `advance`. */
export const clock = {
  t: Date.UTC(2026, 10, 20),
  advance(ms: number) {
    this.t += ms;
  },
};

/** Before each test: a fixed clock, empty caches. */
export function freshCaches() {
  clock.t = Date.UTC(2026, 10, 20);
  contentClock.now = () => clock.t;
  dropContentCaches();
}

/** After each test: the seeded content back, the real clock, empty caches. */
export async function restoreContent() {
  contentClock.now = () => Date.now();
  dropContentCaches();
  await env.DB.prepare("DELETE FROM content_items").run();
  await env.DB.batch(contentItemSeedStatements().map((s) => env.DB.prepare(s)));
}

/** Rewrites a stored item's JSON in D1 (as another isolate's operator edit would). */
export async function setItem(name: string, change: (data: Record<string, unknown>) => unknown) {
  const row = await env.DB.prepare("SELECT data FROM content_items WHERE name = ?").bind(name).first<{ data: string }>();
  const data = change(JSON.parse(row!.data) as Record<string, unknown>);
  await env.DB.prepare("UPDATE content_items SET data = ? WHERE name = ?").bind(JSON.stringify(data), name).run();
}
