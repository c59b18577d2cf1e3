/**
 * Helpers of the alert tests: customers with their saved-search calls, saved filters (diamond, setting,
 * jewellery), new stones and new settings in the catalogue, and alert runs at an injected time.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { CATALOGUE_VERSION_KEY } from "#shared/catalogue/seed-plan.ts";
import type { DealAlerts, SavedSearchEntry } from "#shared/my-stuff/alerts.ts";
import type { DiamondFiltersInput } from "#shared/schemas.ts";
import { runAlerts } from "#worker/my-stuff/alerts/run.ts";
import { searchIndex } from "#worker/search/service.ts";
import { bearer, confirmedUser, outbox, signIn, type OutboxRow } from "../accounts/account-helpers";
import { call, postJson } from "../helpers";

export const SITE = "https://loupe.test";
export const HOUR = 3_600_000;

/** A signed-in customer and their saved-search calls. */
export async function customer(tag: string) {
  const email = await confirmedUser(tag);
  const token = await signIn(email);
  const h = { ...bearer(token), "content-type": "application/json" };
  const userId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: number }>())!.id;
  return {
    email,
    token,
    userId,
    save: (body: Record<string, unknown>) => call("/api/my-stuff/searches", { method: "POST", headers: h, body: JSON.stringify(body) }),
    patch: (id: number, body: Record<string, unknown>) => call(`/api/my-stuff/searches/${id}`, { method: "PATCH", headers: h, body: JSON.stringify(body) }),
    remove: (id: number) => call(`/api/my-stuff/searches/${id}`, { method: "DELETE", headers: h }),
    deal: async () => (await (await call("/api/my-stuff-deal-alerts", { headers: h })).json()) as DealAlerts,
    entry: async (body: Record<string, unknown>) => {
      const res = await call("/api/my-stuff/searches", { method: "POST", headers: h, body: JSON.stringify(body) });
      expect(res.status).toBe(200);
      return (await res.json()) as SavedSearchEntry;
    },
  };
}
export type Customer = Awaited<ReturnType<typeof customer>>;

/** Saves a diamond filter state (POST /api/diamond-filter); resolves to its searchId. */
export async function searchIdOf(filters: DiamondFiltersInput): Promise<string> {
  const res = await postJson("/api/diamond-filter", filters);
  expect(res.status).toBe(200);
  return ((await res.json()) as { searchId: string }).searchId;
}

interface StoneRow {
  id: number;
  shape: number;
  carat: number;
  color: number;
  clarity: number;
  price_cents: number;
  is_lab_grown: number;
}

/**
 * Lists a new stone as the feed importer would: a diamonds row (a copy of an available one, with `changes`)
 * with an id above every other, then a new catalogue version; the index reloads at its next use.
 */
export async function addStone(changes: Partial<StoneRow> & { carat: number }): Promise<StoneRow> {
  const base = await env.DB.prepare("SELECT * FROM diamonds WHERE is_sold = 0 AND paired_diamond_id IS NULL ORDER BY id LIMIT 1").first<
    Record<string, unknown>
  >();
  const max = await env.DB.prepare("SELECT MAX(id) AS id FROM diamonds").first<{ id: number }>();
  const id = max!.id + 1;
  const row: Record<string, unknown> = { ...base, ...changes, id, certificate_id: `9${id}`, price_before_discount_cents: null, discount_percentage: null };
  const cols = Object.keys(row);
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO diamonds (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`).bind(...cols.map((c) => row[c] ?? null)),
    env.DB.prepare("INSERT OR REPLACE INTO seed_meta (key, value) VALUES (?, ?)").bind(CATALOGUE_VERSION_KEY, `test-${id}`),
  ]);
  return (await env.DB.prepare("SELECT id, shape, carat, color, clarity, price_cents, is_lab_grown FROM diamonds WHERE id = ?").bind(id).first<StoneRow>())!;
}

/** Filters that list exactly stones like `s` (its shape, carat, colour and clarity, any price). */
export function filtersLike(s: Pick<StoneRow, "shape" | "carat" | "color" | "clarity">): DiamondFiltersInput {
  return { diamondShapes: [s.shape], caratMin: s.carat, caratMax: s.carat, colors: [s.color], clarities: [s.clarity], priceMin: 0, priceMax: 100_000_000 };
}

/** One alert run at `now` (its email deliveries awaited). */
export async function runAt(now: number) {
  const ctx = createExecutionContext();
  const report = await runAlerts(env, { now, origin: SITE, waitUntil: (p) => ctx.waitUntil(p) });
  await waitOnExecutionContext(ctx);
  return report;
}

/** The alert digests sent to an address, newest first. */
export async function digests(email: string): Promise<OutboxRow[]> {
  return (await outbox(email)).filter((m) => m.template === "alert-digest");
}

/** A digest's data as stored in the outbox. */
export interface DigestData {
  searches: { title: string; kind?: "diamond" | "setting" | "jewellery"; link: string; stones: { label: string; priceCents: number }[]; more: number }[];
  priceDrops: { label: string; fromCents: number; toCents: number }[];
  seeAllLink: string;
  completeAccountLink: string | null;
  unsubscribeLink: string;
}
export const dataOf = (row: OutboxRow) => row.data as unknown as DigestData;

/** Whether the index currently holds a diamond (it reloads after a new catalogue version). */
export async function indexVersion(): Promise<string> {
  return (await searchIndex(env).refresh()).version;
}

/** A setting listed by `addSetting`: its row's id and name, and its variants (metal, price, sold). */
export interface NewSetting {
  id: number;
  name: string;
  variants: { id: number; metal: number; price_cents: number; is_sold: number }[];
}

/**
 * Lists a new setting or jewellery piece as the catalogue import would: a settings row (a copy of the first one
 * of `itemTypeName`, named `name`) with an id above every other, its metal variants (copies of the original's,
 * all available), then a new catalogue version.
 */
export async function addSetting(itemTypeName: string, name: string): Promise<NewSetting> {
  const base = await env.DB.prepare("SELECT * FROM settings WHERE item_type_name = ? ORDER BY id LIMIT 1").bind(itemTypeName).first<Record<string, unknown>>();
  expect(base, `a seeded ${itemTypeName}`).not.toBeNull();
  const { results: variants } = await env.DB.prepare("SELECT * FROM setting_variants WHERE setting_id = ? ORDER BY metal")
    .bind(base!.id)
    .all<Record<string, unknown>>();
  const [maxSetting, maxVariant] = await env.DB.batch([
    env.DB.prepare("SELECT MAX(id) AS id FROM settings"),
    env.DB.prepare("SELECT MAX(id) AS id FROM setting_variants"),
  ]);
  const id = (maxSetting!.results[0] as { id: number }).id + 1;
  const firstVariant = (maxVariant!.results[0] as { id: number }).id + 1;
  const insert = (table: string, row: Record<string, unknown>) => {
    const cols = Object.keys(row);
    return env.DB.prepare(`INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`).bind(...cols.map((c) => row[c] ?? null));
  };
  await env.DB.batch([
    insert("settings", { ...base, id, name, matching_band_id: null }),
    ...variants.map((v, i) => insert("setting_variants", { ...v, id: firstVariant + i, setting_id: id, is_sold: 0 })),
    env.DB.prepare("INSERT OR REPLACE INTO seed_meta (key, value) VALUES (?, ?)").bind(CATALOGUE_VERSION_KEY, `test-setting-${id}`),
  ]);
  const { results } = await env.DB.prepare("SELECT id, metal, price_cents, is_sold FROM setting_variants WHERE setting_id = ? ORDER BY metal")
    .bind(id)
    .all<NewSetting["variants"][number]>();
  return { id, name, variants: results };
}

/** Saves a setting (`settings2`) or jewellery filter state; resolves to its searchId. */
export async function settingSearchIdOf(kind: "setting" | "jewellery", filters: Record<string, unknown>): Promise<string> {
  const res = await postJson(kind === "setting" ? "/api/search-request/settings2" : "/api/search-request/jewellery", filters);
  expect(res.status).toBe(200);
  return ((await res.json()) as { searchId: string }).searchId;
}
