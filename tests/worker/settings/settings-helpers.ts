/**
 * Shared by the setting tests of this folder: an oracle of the setting searches over D1's rows, and typed calls.
 */
import { expect } from "vitest";
import { env } from "cloudflare:test";
import type { SettingRow, SettingVariantRow } from "#shared/catalogue/rows.ts";
import { FILTER_STYLES } from "#shared/enums.ts";
import type { SettingSearchResponse, SettingSummary } from "#shared/settings/schemas.ts";
import { call, postJson, type ErrorBody } from "../helpers";

// ---------------------------------------------------------------------------------------------------------------
// The oracle: D1's rows and the filter semantics of §3 (style bits, keyword styles, whole-dollar price bounds),
// written out again here so the answers are checked against the data, not against the code that made them.

export interface Catalogue {
  settings: SettingRow[];
  byId: Map<number, SettingRow>;
  /** Each setting's variants in metal order (sold ones included). */
  variants: Map<number, SettingVariantRow[]>;
  variantById: Map<number, SettingVariantRow>;
}

export async function catalogue(): Promise<Catalogue> {
  const [s, v] = await env.DB.batch([
    env.DB.prepare("SELECT * FROM settings ORDER BY id"),
    env.DB.prepare("SELECT * FROM setting_variants ORDER BY setting_id, metal"),
  ]);
  const settings = s!.results as SettingRow[];
  const rows = v!.results as SettingVariantRow[];
  const variants = new Map<number, SettingVariantRow[]>();
  for (const row of rows) variants.set(row.setting_id, [...(variants.get(row.setting_id) ?? []), row]);
  return { settings, byId: new Map(settings.map((x) => [x.id, x])), variants, variantById: new Map(rows.map((x) => [x.id, x])) };
}

export const available = (cat: Catalogue, id: number) => (cat.variants.get(id) ?? []).filter((v) => v.is_sold === 0);

/** The filter fields the oracle understands (a subset of SettingFilters, with the same defaults). */
interface Query {
  itemType?: number;
  itemTypeNames?: string[];
  gender?: "women" | "men";
  eternity?: boolean;
  metals?: number[];
  priceMin?: number;
  priceMax?: number;
  widthMin?: number;
  widthMax?: number;
  styles?: number[];
  queryText?: string;
  diamondShapes?: number[];
  shippingDays?: number;
  noSidestone?: boolean;
  isMatchingBand?: boolean;
  sortBy?: "sortingOrder" | "price" | "name";
  sortOrder?: "asc" | "desc";
}

/** §3 style values: 1/2/4/8 (and 32/128) are bits, Hidden Halo 9 is bit 16, Unique 10 and Vintage 11 go by keyword, 0 the presets. */
const STYLE_BIT: Record<number, number> = { 1: 1, 2: 2, 4: 4, 8: 8, 9: 16, 32: 32, 128: 128 };
const PRESETS = ["PresetEarrings", "Necklace", "PresetEngagementRing"];
export const keywordsOf = (value: number) => FILTER_STYLES.find((s) => s.value === value)!.keywords!;

function takesStyle(s: SettingRow, value: number): boolean {
  if (value === 0) return PRESETS.includes(s.item_type_name);
  const bit = STYLE_BIT[value];
  if (bit !== undefined) return (s.style & bit) !== 0;
  const text = `${s.keywords},${s.name}`.toLowerCase();
  return keywordsOf(value).some((k) => text.includes(k));
}

function settingPasses(s: SettingRow, q: Query): boolean {
  const names = q.itemTypeNames ?? [];
  if (names.length > 0 ? !names.includes(s.item_type_name) : s.item_type !== (q.itemType ?? 1)) return false;
  if (q.gender !== undefined && s.gender !== q.gender) return false;
  if (q.eternity !== undefined && (s.is_eternity === 1) !== q.eternity) return false;
  if (q.widthMin !== undefined && s.width_mm < q.widthMin) return false;
  if (q.widthMax !== undefined && s.width_mm > q.widthMax) return false;
  if (q.noSidestone && s.side_stones_weight > 0) return false;
  if (q.shippingDays !== undefined && q.shippingDays >= 0 && s.shipping_days > q.shippingDays) return false;
  if (q.diamondShapes?.length && !q.diamondShapes.some((shape) => (s.shapes_mask & (1 << (shape - 1))) !== 0)) return false;
  if (q.isMatchingBand && s.matching_band_id === null) return false;
  if (q.styles?.length && !q.styles.some((value) => takesStyle(s, value))) return false;
  const words = (q.queryText ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${s.name} ${s.description} ${s.keywords}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

interface ExpectedCard {
  setting: SettingRow;
  /** The card's metals: available, asked, within the whole-dollar price bounds, cheapest first. */
  metals: SettingVariantRow[];
}

/** Every match of `q` in result order. */
export function oracle(cat: Catalogue, q: Query): ExpectedCard[] {
  const cards: ExpectedCard[] = [];
  for (const s of cat.settings) {
    if (!settingPasses(s, q)) continue;
    const metals = available(cat, s.id)
      .filter((v) => !q.metals?.length || q.metals.includes(v.metal))
      .filter((v) => (q.priceMin === undefined || v.price_cents >= q.priceMin * 100) && (q.priceMax === undefined || v.price_cents <= q.priceMax * 100))
      .sort((a, b) => a.price_cents - b.price_cents || a.metal - b.metal);
    if (metals.length > 0) cards.push({ setting: s, metals });
  }
  const dir = q.sortOrder === "desc" ? -1 : 1;
  const key = (c: ExpectedCard): number | string =>
    q.sortBy === "price" ? c.metals[0]!.price_cents : q.sortBy === "name" ? c.setting.name.toLowerCase() : c.setting.sorting_order;
  return cards.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -dir : ka > kb ? dir : 0) || a.setting.id - b.setting.id;
  });
}

export const pageOf = (s: Pick<SettingRow, "item_type" | "item_type_name">) =>
  s.item_type === 5 || s.item_type_name === "PresetEngagementRing"
    ? "engagement-ring"
    : s.item_type === 1
      ? "setting"
      : s.item_type === 0
        ? "wedding-ring"
        : "fine-jewelry";

// ---------------------------------------------------------------------------------------------------------------
// Calls

export async function search(path: string, body: unknown, headers: Record<string, string> = {}): Promise<SettingSearchResponse> {
  const res = await postJson(path, body, headers);
  expect(res.status, `${path} ${JSON.stringify(body)}: ${res.status === 200 ? "" : await res.clone().text()}`).toBe(200);
  return (await res.json()) as SettingSearchResponse;
}

/** Every result of a search, page by page (60 a page, the most a page holds). */
export async function everything(
  path: string,
  body: Record<string, unknown>,
): Promise<{ total: number; cards: SettingSummary[]; first: SettingSearchResponse }> {
  const first = await search(path, { ...body, pageSize: 60 });
  const cards = [...first.result.settings];
  for (let page = 2; page <= first.result.pageCount; page++) cards.push(...(await search(path, { ...body, pageSize: 60, pageNumber: page })).result.settings);
  return { total: first.result.total, cards, first };
}

/** The answered cards are exactly the oracle's: same settings in the same order, same metals at D1's prices. */
export function expectCards(cards: readonly SettingSummary[], expected: readonly ExpectedCard[], what: string) {
  expect(
    cards.map((c) => c.id),
    what,
  ).toEqual(expected.map((e) => e.setting.id));
  cards.forEach((card, i) => {
    const e = expected[i]!;
    expect(
      card.metals.map((m) => [m.id, m.metal, m.price, m.itemId]),
      `${what}: setting ${card.id}`,
    ).toEqual(e.metals.map((v) => [v.id, v.metal, v.price_cents, v.setting_id]));
    expect(card.itemType).toBe(e.setting.item_type);
    expect(card.itemTypeName).toBe(e.setting.item_type_name);
    expect(card.url).toBe(`/${pageOf(e.setting)}/${card.id}/${card.metals[0]!.metal}`);
    expect(card.metals[0]!.imagesUrl[0]).toBe(e.metals[0]!.image_url);
  });
}

/** Runs `body` through every page and checks it against the oracle; returns the expected cards. */
export async function checkSearch(cat: Catalogue, body: Query & Record<string, unknown>, path = "/api/search/settingsv2"): Promise<ExpectedCard[]> {
  const expected = oracle(cat, body);
  const { total, cards } = await everything(path, body);
  expect(total, JSON.stringify(body)).toBe(expected.length);
  expectCards(cards, expected, JSON.stringify(body));
  return expected;
}

export async function expectError(res: Response, status: number, what: string): Promise<ErrorBody> {
  expect(res.status, what).toBe(status);
  expect(res.headers.get("content-type"), what).toMatch(/application\/json/);
  const body = (await res.json()) as ErrorBody;
  expect(typeof body.error.code, what).toBe("string");
  expect(typeof body.error.message, what).toBe("string");
  return body;
}

export const getJson = async <T>(path: string): Promise<T> => {
  const res = await call(path);
  expect(res.status, `${path}: ${res.status === 200 ? "" : await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
};
