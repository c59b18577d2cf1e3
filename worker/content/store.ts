/**
 * Reading the content store with its caches (issue 20 point 1, §9 "Home cache 1 hour; content cache default
 * 300 s"): items come from the upstream content service when `CONTENT_SERVICE_URL` is set, else from D1
 * (`content_items`), are validated by their schema (shared/content/items.ts) and kept per isolate — the home data
 * and what is built from it for 1 hour, every other item 300 s — in bounded caches on an injectable clock. A
 * failing source, or an item that no longer validates, is swallowed to null and logged (§8): the page renders
 * without that block. Operator edits (admin.ts) write D1 and drop this isolate's caches.
 */
import * as v from "valibot";
import { itemSchema } from "#shared/content/items.ts";
import type { Bindings } from "../env";
import { TimedCache } from "../lib/timed-cache";
import { type ContentSource, d1Source, upstreamSource } from "./upstream";

/** §9 content cache default 300 s. */
export const CONTENT_TTL_MS = 300_000;
/** §9 home cache 1 hour. */
export const HOME_TTL_MS = 3_600_000;

/** The caches' clock: tests replace `now` to move time without sleeping. */
export const contentClock = { now: (): number => Date.now() };
const now = () => contentClock.now();

const items = new TimedCache<unknown>({ ttlMs: CONTENT_TTL_MS, maxEntries: 64, now });
const homeItems = new TimedCache<unknown>({ ttlMs: HOME_TTL_MS, maxEntries: 32, now });

/** The item names cached for the home's hour rather than the content's 300 s. */
const HOME_ITEMS = new Set(["home"]);

/** The content source configured for this environment: the upstream service, or D1. */
export function contentSourceOf(env: Bindings): ContentSource {
  return env.CONTENT_SERVICE_URL ? upstreamSource({ baseUrl: env.CONTENT_SERVICE_URL, token: env.CONTENT_SERVICE_TOKEN }) : d1Source(env.DB);
}

function logFailure(name: string, err: unknown) {
  console.error(JSON.stringify({ level: "error", message: `content item ${name} unavailable: ${String(err)}` }));
}

/**
 * A content item by name, validated by its schema: null when the source does not have it, fails (logged) or
 * gives something that does not validate (logged). `fresh` skips the cache (the admin view). `tree` reads it as `content/tree/{name}?tree=1`. A failure is
 * not cached (the next request tries again).
 */
export async function contentItem<T = unknown>(
  env: Bindings,
  name: string,
  opts: { tree?: boolean; source?: ContentSource; fresh?: boolean } = {},
): Promise<T | null> {
  const schema = itemSchema(name);
  if (!schema) return null;
  const source = opts.source ?? contentSourceOf(env);
  const cache = HOME_ITEMS.has(name) ? homeItems : items;
  try {
    const read = () => (opts.tree ? source.tree(name) : source.item(name));
    const raw = opts.fresh ? await read() : await cache.get(`${source.id}|${opts.tree ? "tree" : "item"}|${name}`, read);
    if (raw === null || raw === undefined) return null;
    const parsed = v.safeParse(schema, raw);
    if (!parsed.success) {
      logFailure(name, `does not validate: ${parsed.issues[0]?.message ?? "invalid"}`);
      return null;
    }
    return parsed.output as T;
  } catch (err) {
    logFailure(name, err);
    return null;
  }
}

/**
 * A value built from the home data (the `POST info/index` answer, the home page's blocks), kept for the home's
 * hour under `key`. `load` failing throws (not cached).
 */
export function cachedForHome<T>(key: string, load: () => Promise<T>): Promise<T> {
  return homeItems.get(`built|${key}`, load) as Promise<T>;
}

/** A value read from D1 beside the items (the search headings), kept for the content's 300 s under `key`. */
export function cachedForContent<T>(key: string, load: () => Promise<T>): Promise<T> {
  return items.get(`built|${key}`, load) as Promise<T>;
}

const editListeners: (() => void)[] = [];

/** Runs `listener` after each operator edit (the shared page cache empties itself: worker/ssr/render.ts). */
export function onContentEdit(listener: () => void): void {
  editListeners.push(listener);
}

/** Drops this isolate's content caches (after an operator's edit; other isolates keep theirs until their TTL). */
export function dropContentCaches(): void {
  items.clear();
  homeItems.clear();
}

/** Writes an item to the D1 store (the operator's edits), validated by its schema; the caches of this isolate are dropped. */
export async function writeContentItem(db: D1Database, name: string, kind: string, data: unknown, at: number): Promise<void> {
  const schema = itemSchema(name);
  if (!schema) throw new Error(`unknown content item ${name}`);
  const value = v.parse(schema, data);
  await db
    .prepare(
      "INSERT INTO content_items (name, kind, data, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
    )
    .bind(name, kind, JSON.stringify(value), at)
    .run();
  dropContentCaches();
  for (const listener of editListeners) listener();
}
