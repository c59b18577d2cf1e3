import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import type { SettingRow, SettingVariantRow } from "#shared/catalogue/rows.ts";
import { FILTER_STYLES } from "#shared/enums.ts";
import type { SavedSettingSearch, SettingDetail, SettingSearchResponse, SettingSummary } from "#shared/settings/schemas.ts";
import { call, postJson, type ErrorBody } from "../helpers";

// ---------------------------------------------------------------------------------------------------------------
// The oracle: D1's rows and the filter semantics of §3 (style bits, keyword styles, whole-dollar price bounds),
// written out again here so the answers are checked against the data, not against the code that made them.

interface Catalogue {
  settings: SettingRow[];
  byId: Map<number, SettingRow>;
  /** Each setting's variants in metal order (sold ones included). */
  variants: Map<number, SettingVariantRow[]>;
  variantById: Map<number, SettingVariantRow>;
}

async function catalogue(): Promise<Catalogue> {
  const [s, v] = await env.DB.batch([env.DB.prepare("SELECT * FROM settings ORDER BY id"), env.DB.prepare("SELECT * FROM setting_variants ORDER BY setting_id, metal")]);
  const settings = s!.results as SettingRow[];
  const rows = v!.results as SettingVariantRow[];
  const variants = new Map<number, SettingVariantRow[]>();
  for (const row of rows) variants.set(row.setting_id, [...(variants.get(row.setting_id) ?? []), row]);
  return { settings, byId: new Map(settings.map((x) => [x.id, x])), variants, variantById: new Map(rows.map((x) => [x.id, x])) };
}

const available = (cat: Catalogue, id: number) => (cat.variants.get(id) ?? []).filter((v) => v.is_sold === 0);

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
const keywordsOf = (value: number) => FILTER_STYLES.find((s) => s.value === value)!.keywords!;

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
function oracle(cat: Catalogue, q: Query): ExpectedCard[] {
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

const pageOf = (s: Pick<SettingRow, "item_type" | "item_type_name">) =>
  s.item_type === 5 || s.item_type_name === "PresetEngagementRing" ? "engagement-ring" : s.item_type === 1 ? "setting" : s.item_type === 0 ? "wedding-ring" : "fine-jewelry";

// ---------------------------------------------------------------------------------------------------------------
// Calls

async function search(path: string, body: unknown, headers: Record<string, string> = {}): Promise<SettingSearchResponse> {
  const res = await postJson(path, body, headers);
  expect(res.status, `${path} ${JSON.stringify(body)}: ${res.status === 200 ? "" : await res.clone().text()}`).toBe(200);
  return (await res.json()) as SettingSearchResponse;
}

/** Every result of a search, page by page (60 a page, the most a page holds). */
async function everything(path: string, body: Record<string, unknown>): Promise<{ total: number; cards: SettingSummary[]; first: SettingSearchResponse }> {
  const first = await search(path, { ...body, pageSize: 60 });
  const cards = [...first.result.settings];
  for (let page = 2; page <= first.result.pageCount; page++) cards.push(...(await search(path, { ...body, pageSize: 60, pageNumber: page })).result.settings);
  return { total: first.result.total, cards, first };
}

/** The answered cards are exactly the oracle's: same settings in the same order, same metals at D1's prices. */
function expectCards(cards: readonly SettingSummary[], expected: readonly ExpectedCard[], what: string) {
  expect(cards.map((c) => c.id), what).toEqual(expected.map((e) => e.setting.id));
  cards.forEach((card, i) => {
    const e = expected[i]!;
    expect(card.metals.map((m) => [m.id, m.metal, m.price, m.itemId]), `${what}: setting ${card.id}`).toEqual(e.metals.map((v) => [v.id, v.metal, v.price_cents, v.setting_id]));
    expect(card.itemType).toBe(e.setting.item_type);
    expect(card.itemTypeName).toBe(e.setting.item_type_name);
    expect(card.url).toBe(`/${pageOf(e.setting)}/${card.id}/${card.metals[0]!.metal}`);
    expect(card.metals[0]!.imagesUrl[0]).toBe(e.metals[0]!.image_url);
  });
}

/** Runs `body` through every page and checks it against the oracle; returns the expected cards. */
async function checkSearch(cat: Catalogue, body: Query & Record<string, unknown>, path = "/api/search/settingsv2"): Promise<ExpectedCard[]> {
  const expected = oracle(cat, body);
  const { total, cards } = await everything(path, body);
  expect(total, JSON.stringify(body)).toBe(expected.length);
  expectCards(cards, expected, JSON.stringify(body));
  return expected;
}

async function expectError(res: Response, status: number, what: string): Promise<ErrorBody> {
  expect(res.status, what).toBe(status);
  expect(res.headers.get("content-type"), what).toMatch(/application\/json/);
  const body = (await res.json()) as ErrorBody;
  expect(typeof body.error.code, what).toBe("string");
  expect(typeof body.error.message, what).toBe("string");
  return body;
}

const getJson = async <T>(path: string): Promise<T> => {
  const res = await call(path);
  expect(res.status, `${path}: ${res.status === 200 ? "" : await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
};

// ---------------------------------------------------------------------------------------------------------------

// First in the file on purpose: the worker keeps the offered promotions per isolate for 30 s, so the codes
// inserted here must be in D1 before any other call of this file has read them (each test file has its own isolate).
describe("promo codes on setting cards (Promocode_Variation_Global)", () => {
  interface PromoRow { code: string; min_subtotal_cents: number; variation: number | null }
  interface RuleRow { code: string; category: string | null; kind: "percent" | "amount"; value: number }

  /** The running codes offered to a variant that take the most off one ring setting at this price (card promoCode). */
  async function offerOracle(variation: 0 | 1, now: number): Promise<(priceCents: number) => { amount: number; percentage: number | null } | null> {
    const promos = (await env.DB.prepare("SELECT code, min_subtotal_cents, variation FROM promotions WHERE starts_at <= ? AND ends_at > ? AND (variation IS NULL OR variation = ?) ORDER BY code").bind(now, now, variation).all<PromoRow>()).results;
    const rules = (await env.DB.prepare("SELECT code, category, kind, value FROM promotion_rules ORDER BY rowid").all<RuleRow>()).results;
    return (price) => {
      let best: { amount: number; percentage: number | null } | null = null;
      for (const p of promos) {
        if (price < p.min_subtotal_cents) continue;
        const applying = rules.filter((r) => r.code === p.code && (r.category === null || r.category === "settings"));
        const amount = Math.min(price, applying.reduce((a, r) => a + (r.kind === "percent" ? Math.floor((price * r.value) / 100) : Math.min(r.value, price)), 0));
        if (amount > 0 && (!best || amount > best.amount)) best = { amount, percentage: applying[0]!.kind === "percent" ? applying[0]!.value : null };
      }
      return best;
    };
  }

  it("follows the codes offered to the asked variant: promoCodeVariation 0 and 1 get different codes on the same cards", async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at, variation) VALUES ('TESTSET0', 'control', 0, 0, 4102444800000, 0), ('TESTSET1', 'alternative', 0, 0, 4102444800000, 1)"),
      env.DB.prepare("INSERT INTO promotion_rules (code, category, kind, value) VALUES ('TESTSET0', 'settings', 'percent', 30), ('TESTSET1', 'settings', 'percent', 35)"),
    ]);
    try {
      const now = Date.now();
      const cat = await catalogue();
      const expected = oracle(cat, {});
      for (const [variation, percentage] of [[0, 30], [1, 35]] as const) {
        const offer = await offerOracle(variation, now);
        for (const promoCodeVariation of [String(variation), variation]) {
          const body = await search("/api/search/settingsv2", { promoCodeVariation });
          expect(body.result.settings.map((c) => c.id)).toEqual(expected.slice(0, 20).map((e) => e.setting.id));
          for (const card of body.result.settings) {
            for (const m of card.metals) {
              expect(m.promoCode, `variant ${variation}, ${m.id}`).toEqual(offer(m.price));
              expect(m.promoCode!.percentage).toBe(percentage);
            }
          }
        }
      }
      // Without the parameter the visitor's own variant decides (here its cookie).
      const cookie = await search("/api/search/settingsv2", {}, { cookie: "Promocode_Variation_Global=1" });
      expect(cookie.result.settings[0]!.metals[0]!.promoCode!.percentage).toBe(35);
      // The detail page's offer follows the variant too.
      const first = expected[0]!;
      const detail = await getJson<SettingDetail>(`/api/settings/${first.setting.id}/${first.metals[0]!.metal}?promoCodeVariation=1`);
      expect(detail.offeredPromotion?.promoCode).toBe("TESTSET1");
    } finally {
      await env.DB.batch([env.DB.prepare("DELETE FROM promotion_rules WHERE code IN ('TESTSET0', 'TESTSET1')"), env.DB.prepare("DELETE FROM promotions WHERE code IN ('TESTSET0', 'TESTSET1')")]);
    }
  });
});

describe("POST /api/search/settingsv2 and /api/search/jewellery: defaults and paging", () => {
  it("answers {} with the first 20 ring settings in sortingOrder, the D1 total and the page count", async () => {
    const { n } = (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM settings s WHERE s.item_type = 1 AND EXISTS (SELECT 1 FROM setting_variants v WHERE v.setting_id = s.id AND v.is_sold = 0)",
    ).first<{ n: number }>())!;
    const order = (await env.DB.prepare(
      "SELECT id FROM settings s WHERE s.item_type = 1 AND EXISTS (SELECT 1 FROM setting_variants v WHERE v.setting_id = s.id AND v.is_sold = 0) ORDER BY sorting_order, id",
    ).all<{ id: number }>()).results.map((r) => r.id);
    expect(n).toBeGreaterThan(40);
    const res = await postJson("/api/search/settingsv2", {});
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as SettingSearchResponse;
    expect(body.result.total).toBe(n);
    expect(body.result.pageSize).toBe(20);
    expect(body.result.pageNumber).toBe(1);
    expect(body.result.pageCount).toBe(Math.ceil(n / 20));
    expect(body.result.settings).toHaveLength(20);
    for (const card of body.result.settings) {
      expect(card.itemType).toBe(1);
      expect(card.itemTypeName).toBe("Setting");
    }
    expect(body.result.settings.map((c) => c.id)).toEqual(order.slice(0, 20));
    // The answer echoes the filters with their defaults (§3 Search filter defaults).
    expect(body.filters).toMatchObject({ itemType: 1, itemTypeNames: [], metals: [], styles: [], shippingDays: -1, sortBy: "sortingOrder", sortOrder: "asc" });

    const page2 = await search("/api/search/settingsv2", { pageNumber: 2 });
    expect(page2.result.pageNumber).toBe(2);
    expect(page2.result.settings.map((c) => c.id)).toEqual(order.slice(20, 40));
    const seven = await search("/api/search/settingsv2", { pageSize: 7, pageNumber: 3 });
    expect(seven.result.pageSize).toBe(7);
    expect(seven.result.pageCount).toBe(Math.ceil(n / 7));
    expect(seven.result.settings.map((c) => c.id)).toEqual(order.slice(14, 21));
    // Past the last page: no settings, the same total.
    const past = await search("/api/search/settingsv2", { pageNumber: Math.ceil(n / 20) + 1 });
    expect(past.result.settings).toEqual([]);
    expect(past.result.total).toBe(n);
  });

  it("answers every page of {} exactly as the oracle, cards with their available metals cheapest first", async () => {
    const cat = await catalogue();
    const expected = await checkSearch(cat, {});
    // A card lists every available metal (the default asks for none in particular), never a sold one.
    const withSold = expected.find((e) => (cat.variants.get(e.setting.id) ?? []).some((v) => v.is_sold === 1));
    expect(withSold, "a ring setting with a sold variant").toBeDefined();
    expect(withSold!.metals.map((v) => v.is_sold)).not.toContain(1);
    expect(withSold!.metals.length).toBe(available(cat, withSold!.setting.id).length);
  });

  it("answers the jewellery search {} with 19 a page and only bracelets, necklaces, preset earrings and preset engagement rings", async () => {
    const cat = await catalogue();
    const names = ["Bracelet", "Necklace", "PresetEarrings", "PresetEngagementRing"];
    const body = await search("/api/search/jewellery", {});
    expect(body.result.pageSize).toBe(19);
    expect(body.result.settings).toHaveLength(19);
    const expected = oracle(cat, { itemTypeNames: names });
    expect(body.result.total).toBe(expected.length);
    expect(body.result.pageCount).toBe(Math.ceil(expected.length / 19));
    expect(new Set(expected.map((e) => e.setting.item_type_name))).toEqual(new Set(names));
    await checkSearch(cat, { itemTypeNames: names }, "/api/search/jewellery");
    const all = await everything("/api/search/jewellery", {});
    for (const card of all.cards) expect(names).toContain(card.itemTypeName);

    const bracelets = await checkSearch(cat, { itemTypeNames: ["Bracelet"] }, "/api/search/jewellery");
    expect(bracelets.length).toBeGreaterThan(0);
    for (const e of bracelets) expect(e.setting.item_type_name).toBe("Bracelet");
  });
});

describe("POST /api/search/settingsv2: each filter against D1", () => {
  it("metals: every card's metals are among those asked, including a two-tone code", async () => {
    const cat = await catalogue();
    const unfiltered = oracle(cat, {}).length;
    for (const metals of [[1], [6, 7], [3, 5]]) {
      const expected = await checkSearch(cat, { metals });
      expect(expected.length).toBeGreaterThan(0);
      for (const e of expected) for (const v of e.metals) expect(metals).toContain(v.metal);
    }
    // Two-tone codes (100-191) where D1 has a ring setting in one (the seed generator adds them to some).
    const twoTone = (await env.DB.prepare(
      "SELECT v.metal, COUNT(DISTINCT v.setting_id) AS n FROM setting_variants v JOIN settings s ON s.id = v.setting_id WHERE s.item_type = 1 AND v.is_sold = 0 AND v.metal >= 100 GROUP BY v.metal ORDER BY n DESC LIMIT 1",
    ).first<{ metal: number; n: number }>());
    if (twoTone) {
      const expected = await checkSearch(cat, { metals: [twoTone.metal] });
      expect(expected.length).toBe(twoTone.n);
      expect(expected.length).toBeLessThan(unfiltered);
      for (const e of expected) expect(e.metals.map((v) => v.metal)).toEqual([twoTone.metal]);
    }
  });

  it("priceMin/priceMax: whole-dollar bounds, every listed metal within them; priceRange ignores them", async () => {
    const cat = await catalogue();
    const body = { priceMin: 1000, priceMax: 2000 };
    const expected = await checkSearch(cat, body);
    expect(expected.length).toBeGreaterThan(0);
    const { cards, first } = await everything("/api/search/settingsv2", body);
    for (const card of cards) for (const m of card.metals) expect(m.price >= 100_000 && m.price <= 200_000, `${m.id} at ${m.price}`).toBe(true);
    // The slider's range is the same with and without the price bounds: every other filter applied.
    const unbounded = await search("/api/search/settingsv2", {});
    expect(first.result.priceRange).toEqual(unbounded.result.priceRange);
    const prices = oracle(cat, {}).flatMap((e) => e.metals.map((v) => v.price_cents));
    expect(unbounded.result.priceRange).toEqual({ min: Math.floor(Math.min(...prices) / 100), max: Math.ceil(Math.max(...prices) / 100) });

    // A bound equal to a variant's price in dollars includes it: the bounds are whole dollars, prices cents.
    const exact = cat.settings
      .filter((s) => s.item_type === 1)
      .flatMap((s) => available(cat, s.id))
      .find((v) => v.price_cents % 100 === 0)!;
    const dollars = exact.price_cents / 100;
    const pinned = await checkSearch(cat, { priceMin: dollars, priceMax: dollars });
    expect(pinned.map((e) => e.setting.id)).toContain(exact.setting_id);
    for (const e of pinned) for (const v of e.metals) expect(v.price_cents).toBe(exact.price_cents);
  });

  it("styles: 1/2/4/8 are bits, Hidden Halo 9 is bit 16, Unique 10 and Vintage 11 go by keyword; several mean any", async () => {
    const cat = await catalogue();
    const all = oracle(cat, {}).length;
    for (const [value, bit] of [[1, 1], [2, 2], [4, 4], [8, 8], [9, 16]] as const) {
      const expected = await checkSearch(cat, { styles: [value] });
      expect(expected.length, `style ${value}`).toBeGreaterThan(0);
      expect(expected.length, `style ${value}`).toBeLessThan(all);
      for (const e of expected) expect(e.setting.style & bit, `${e.setting.id} style ${e.setting.style}`).not.toBe(0);
    }
    // Hidden halo (9) is not the bits 1 and 8 it is the sum of.
    const hidden = oracle(cat, { styles: [9] });
    expect(hidden.some((e) => (e.setting.style & 9) === 9)).toBe(false);
    for (const value of [10, 11]) {
      const expected = await checkSearch(cat, { styles: [value] });
      expect(expected.length, `style ${value}`).toBeGreaterThan(0);
      for (const e of expected) expect(keywordsOf(value).some((k) => `${e.setting.keywords},${e.setting.name}`.toLowerCase().includes(k))).toBe(true);
    }
    const either = await checkSearch(cat, { styles: [1, 8] });
    expect(either.length).toBe(oracle(cat, {}).filter((e) => (e.setting.style & 9) !== 0).length);
  });

  it("diamondShapes, noSidestone, isMatchingBand, shippingDays and queryText", async () => {
    const cat = await catalogue();
    const all = oracle(cat, {}).length;
    for (const shape of [3, 7, 9]) {
      const expected = await checkSearch(cat, { diamondShapes: [shape] });
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all);
      for (const e of expected) expect(e.setting.shapes_mask & (1 << (shape - 1))).not.toBe(0);
    }
    const plain = await checkSearch(cat, { noSidestone: true });
    expect(plain.length).toBeGreaterThan(0);
    for (const e of plain) expect(e.setting.side_stones_weight).toBe(0);
    const matched = await checkSearch(cat, { isMatchingBand: true });
    expect(matched.length).toBeGreaterThan(0);
    expect(matched.length).toBeLessThan(all);
    for (const e of matched) expect(e.setting.matching_band_id).not.toBeNull();
    const fast = await checkSearch(cat, { shippingDays: 8 });
    expect(fast.length).toBeGreaterThan(0);
    expect(fast.length).toBeLessThan(all);
    for (const e of fast) expect(e.setting.shipping_days).toBeLessThanOrEqual(8);
    const word = cat.settings.find((s) => s.item_type === 1)!.name.split(" ")[1]!.toLowerCase();
    for (const queryText of [word, `  ${word.toUpperCase()}  `, "cathedral halo"]) {
      const expected = await checkSearch(cat, { queryText: queryText.trim() });
      const { total } = (await search("/api/search/settingsv2", { queryText })).result;
      expect(total).toBe(expected.length);
      if (queryText !== "cathedral halo") expect(total).toBeGreaterThan(0);
    }
    expect((await search("/api/search/settingsv2", { queryText: "no such words anywhere" })).result).toMatchObject({ total: 0, settings: [], pageCount: 1, priceRange: null });
  });

  it("wedding bands: gender, eternity and width", async () => {
    const cat = await catalogue();
    const bands = { itemType: 0, itemTypeNames: ["WeddingBands"] };
    const everyBand = oracle(cat, bands).length;
    for (const gender of ["men", "women"] as const) {
      const expected = await checkSearch(cat, { ...bands, gender });
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(everyBand);
      for (const e of expected) {
        expect(e.setting.item_type_name).toBe("WeddingBands");
        expect(e.setting.gender).toBe(gender);
      }
    }
    const eternity = await checkSearch(cat, { ...bands, gender: "women", eternity: true });
    expect(eternity.length).toBeGreaterThan(0);
    for (const e of eternity) expect(e.setting.is_eternity).toBe(1);
    const notEternity = await checkSearch(cat, { ...bands, eternity: false });
    for (const e of notEternity) expect(e.setting.is_eternity).toBe(0);
    const width = await checkSearch(cat, { ...bands, widthMin: 4, widthMax: 6 });
    expect(width.length).toBeGreaterThan(0);
    expect(width.length).toBeLessThan(everyBand);
    for (const e of width) expect(e.setting.width_mm >= 4 && e.setting.width_mm <= 6).toBe(true);
  });

  it("sortBy price (asc and desc) orders by the first metal's price, ties by id; sortBy name", async () => {
    const cat = await catalogue();
    for (const sortOrder of ["asc", "desc"] as const) {
      const expected = await checkSearch(cat, { sortBy: "price", sortOrder, metals: [2, 4] });
      const { cards } = await everything("/api/search/settingsv2", { sortBy: "price", sortOrder, metals: [2, 4] });
      const firsts = cards.map((c) => c.metals[0]!.price);
      expect(firsts).toEqual([...firsts].sort((a, b) => (sortOrder === "asc" ? a - b : b - a)));
      for (const card of cards) expect(card.metals[0]!.price).toBe(Math.min(...card.metals.map((m) => m.price)));
      expect(expected.length).toBe(cards.length);
    }
    await checkSearch(cat, { sortBy: "name" });
    await checkSearch(cat, { sortBy: "sortingOrder", sortOrder: "desc" });
  });

  it("IsB2CDiamondSelected leaves only items that hold a chosen diamond (Setting of Setting and PresetEngagementRing)", async () => {
    const cat = await catalogue();
    const both = { itemTypeNames: ["PresetEngagementRing", "Setting"] };
    const without = await everything("/api/search/settingsv2", both);
    expect(new Set(without.cards.map((c) => c.itemTypeName))).toEqual(new Set(["PresetEngagementRing", "Setting"]));
    const expected = oracle(cat, { itemTypeNames: ["Setting"] });
    const { total, cards } = await everything("/api/search/settingsv2", { ...both, IsB2CDiamondSelected: true });
    expect(total).toBe(expected.length);
    expectCards(cards, expected, "IsB2CDiamondSelected");
    const off = await search("/api/search/settingsv2", { ...both, IsB2CDiamondSelected: false });
    expect(off.result.total).toBe(without.total);
  });
});

describe("bad search bodies", () => {
  it("answers 400 with the envelope and the field at fault", async () => {
    const cases: [unknown, string][] = [
      [{ colour: 3 }, "colour"],
      [{ priceMin: 5000, priceMax: 100 }, "priceMin"],
      [{ widthMin: 8, widthMax: 2 }, "widthMin"],
      [{ styles: [3] }, "styles.0"],
      [{ metals: [9] }, "metals.0"],
      [{ itemType: 3 }, "itemType"],
      [{ pageSize: 0 }, "pageSize"],
      [{ pageSize: 61 }, "pageSize"],
      [{ pageNumber: 0 }, "pageNumber"],
      [{ diamondShapes: [11] }, "diamondShapes.0"],
      [{ id: "abcdefghjkmn", metals: [1] }, "metals"],
      [{ itemTypeNames: ["Ring"] }, "itemTypeNames.0"],
      [{ sortBy: "popularity" }, "sortBy"],
      [{ shipsByHolidayDate: "next friday" }, "shipsByHolidayDate"],
      [{ promoCodeVariation: "2" }, "promoCodeVariation"],
      [{ id: "not-an-id" }, "id"],
    ];
    for (const path of ["/api/search/settingsv2", "/api/search/jewellery"]) {
      for (const [body, field] of cases) {
        const err = await expectError(await postJson(path, body), 400, `${path} ${JSON.stringify(body)}`);
        expect(err.error.code).toBe("bad_request");
        expect(err.error.details?.map((d) => d.path), `${path} ${JSON.stringify(body)}`).toContain(field);
      }
    }
    for (const [body, field] of [[{ priceMin: 10, priceMax: 1 }, "priceMin"], [{ extra: true }, "extra"], [{ pageNumber: 1 }, "pageNumber"]] as const) {
      const err = await expectError(await postJson("/api/search-request/settings2", body), 400, JSON.stringify(body));
      expect(err.error.details?.map((d) => d.path)).toContain(field);
    }
  });

  it("never answers 500: malformed JSON, wrong types and non-objects are 400, another content type 415", async () => {
    const bodies: unknown[] = ["{not json", "[]", "null", "17", '"text"', { metals: "1" }, { pageNumber: "2" }, { queryText: 5 }, { queryText: "x".repeat(81) }, { eternity: "yes" }, { gender: "other" }, { id: 12 }, { pageSize: 2.5 }, { priceMin: -1 }, { styles: [1, 2, 4, 8, 9, 10, 11, 32, 128, 0, 1] }];
    for (const path of ["/api/search/settingsv2", "/api/search/jewellery", "/api/search-request/settings2", "/api/search-request/jewellery", "/api/studsettings"]) {
      for (const body of bodies) {
        const err = await expectError(await postJson(path, body), 400, `${path} ${JSON.stringify(body)}`);
        expect(err.error.code).toBe("bad_request");
      }
      const text = await call(path, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
      expect((await expectError(text, 415, path)).error.code).toBe("unsupported_media_type");
      const none = await call(path, { method: "POST", body: "{}" });
      expect(none.status, path).toBe(415);
    }
  });
});

describe("saved setting and jewellery searches", () => {
  const save = async (path: string, body: unknown): Promise<SavedSettingSearch> => {
    const res = await postJson(path, body);
    expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    return (await res.json()) as SavedSettingSearch;
  };

  it("saves filters under a 12-character id derived from them and the kind", async () => {
    const filters = { styles: [2], metals: [1, 2] };
    const a = await save("/api/search-request/settings2", filters);
    expect(a.searchId).toMatch(/^[0-9a-z]{12}$/);
    expect(a.kind).toBe("setting");
    expect(a.filters).toMatchObject({ ...filters, itemType: 1, sortBy: "sortingOrder" });
    const again = await save("/api/search-request/settings2", { metals: [1, 2], styles: [2] });
    expect(again.searchId).toBe(a.searchId);
    // The same numbers in another order are the same search.
    expect((await save("/api/search-request/settings2", { styles: [2], metals: [2, 1] })).searchId).toBe(a.searchId);
    expect((await save("/api/search-request/settings2", { styles: [2], metals: [1] })).searchId).not.toBe(a.searchId);
    const row = await env.DB.prepare("SELECT kind FROM saved_searches WHERE id = ?").bind(a.searchId).first<{ kind: string }>();
    expect(row?.kind).toBe("setting");

    // Equal filters saved as a jewellery and as a setting search are two searches.
    const bracelets = { itemTypeNames: ["Bracelet"], priceMax: 5000 };
    const j = await save("/api/search-request/jewellery", bracelets);
    const s = await save("/api/search-request/settings2", bracelets);
    expect(j.kind).toBe("jewellery");
    expect(j.filters.itemTypeNames).toEqual(["Bracelet"]);
    expect(j.searchId).not.toBe(s.searchId);
    // A jewellery save without item types covers every jewellery type.
    expect((await save("/api/search-request/jewellery", {})).filters.itemTypeNames).toEqual(expect.arrayContaining(["Bracelet", "Necklace", "PresetEarrings", "PresetEngagementRing"]));
  });

  it("gives the same id to the same item types in another order, and refuses types that are not jewellery", async () => {
    // Lists are sorted before hashing, strings as well as numbers, so these are the same filters.
    const a = await save("/api/search-request/jewellery", { itemTypeNames: ["Necklace", "Bracelet"] });
    const b = await save("/api/search-request/jewellery", { itemTypeNames: ["Bracelet", "Necklace"] });
    expect(b.searchId).toBe(a.searchId);
    for (const path of ["/api/search-request/jewellery", "/api/search/jewellery"]) {
      const res = await postJson(path, { itemTypeNames: ["Setting", "Bracelet"] });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.details?.[0]?.path).toBe("itemTypeNames");
    }
  });

  it("restores a saved setting search: its filters, then its pages through settingsv2 {id} and /settings/searches/{id}/{page}", async () => {
    const cat = await catalogue();
    const filters = { metals: [2], sortBy: "price" as const };
    const saved = await save("/api/search-request/settings2", filters);
    const restored = await getJson<SavedSettingSearch>(`/api/search-request/settings/${saved.searchId}`);
    expect(restored).toMatchObject({ searchId: saved.searchId, kind: "setting", filters: saved.filters });
    const expected = oracle(cat, filters);
    expect(expected.length).toBeGreaterThan(40);

    const page1 = await search("/api/search/settingsv2", { id: saved.searchId });
    expect(page1.searchId).toBe(saved.searchId);
    expect(page1.filters).toEqual(saved.filters);
    expect(page1.result.total).toBe(expected.length);
    expectCards(page1.result.settings, expected.slice(0, 20), "settingsv2 {id}");
    const page2 = await search("/api/search/settingsv2", { id: saved.searchId, pageNumber: 2, pageSize: 10 });
    expectCards(page2.result.settings, expected.slice(10, 20), "settingsv2 {id, pageNumber 2, pageSize 10}");

    const byPath = await getJson<SettingSearchResponse>(`/api/settings/searches/${saved.searchId}/2`);
    expect(byPath.searchId).toBe(saved.searchId);
    expect(byPath.result.pageNumber).toBe(2);
    expectCards(byPath.result.settings, expected.slice(20, 40), "/settings/searches/{id}/2");
    expect((await expectError(await call(`/api/settings/searches/${saved.searchId}/0`), 400, "page 0")).error.code).toBe("bad_request");
  });

  it("restores a saved jewellery search through /jewellery/searches/{id}?pageNumber=", async () => {
    const cat = await catalogue();
    const saved = await save("/api/search-request/jewellery", {});
    const expected = oracle(cat, { itemTypeNames: ["Bracelet", "Necklace", "PresetEarrings", "PresetEngagementRing"] });
    const page1 = await getJson<SettingSearchResponse>(`/api/jewellery/searches/${saved.searchId}`);
    expect(page1.result.pageSize).toBe(19);
    expect(page1.result.total).toBe(expected.length);
    expectCards(page1.result.settings, expected.slice(0, 19), "jewellery page 1");
    const page2 = await getJson<SettingSearchResponse>(`/api/jewellery/searches/${saved.searchId}?pageNumber=2`);
    expectCards(page2.result.settings, expected.slice(19, 38), "jewellery page 2");
    const viaPost = await search("/api/search/jewellery", { id: saved.searchId, pageNumber: 2 });
    expect(viaPost.result.settings.map((c) => c.id)).toEqual(page2.result.settings.map((c) => c.id));
    expect((await call(`/api/jewellery/searches/${saved.searchId}?pageNumber=0`)).status).toBe(400);
  });

  it("answers 404 'No filters found' for an id of another kind or an unknown id, 400 for a malformed one", async () => {
    const jewelry = await save("/api/search-request/jewellery", { itemTypeNames: ["Necklace"] });
    const setting = await save("/api/search-request/settings2", { styles: [8] });
    const notFound: string[] = [
      `/api/search-request/settings/${jewelry.searchId}`,
      "/api/search-request/settings/zzzzzzzzzzzz",
      `/api/settings/searches/${jewelry.searchId}/1`,
      "/api/settings/searches/zzzzzzzzzzzz/1",
      `/api/jewellery/searches/${setting.searchId}`,
      "/api/jewellery/searches/zzzzzzzzzzzz",
      `/api/search-request/wedding-bands/${setting.searchId}`,
    ];
    for (const path of notFound) {
      const err = await expectError(await call(path), 404, path);
      expect(err.error).toMatchObject({ code: "not_found", message: "No filters found" });
    }
    for (const [path, id] of [["/api/search/settingsv2", jewelry.searchId], ["/api/search/jewellery", setting.searchId], ["/api/search/settingsv2", "zzzzzzzzzzzz"]] as const) {
      const err = await expectError(await postJson(path, { id }), 404, `${path} ${id}`);
      expect(err.error.message).toBe("No filters found");
    }
    // A diamond search's id is not a setting search either.
    const diamond = await postJson("/api/diamond-filter", { diamondShapes: [1] });
    expect(diamond.status).toBe(200);
    const { searchId: diamondId } = (await diamond.json()) as { searchId: string };
    expect((await call(`/api/search-request/settings/${diamondId}`)).status).toBe(404);
    expect((await postJson("/api/search/settingsv2", { id: diamondId })).status).toBe(404);
    for (const id of ["abc", "ABCDEFGHJKMN", "iiiiiiiiiiii", "abcdefghjkmn1"]) {
      for (const path of [`/api/search-request/settings/${id}`, `/api/search-request/wedding-bands/${id}`, `/api/settings/searches/${id}/1`, `/api/jewellery/searches/${id}`]) {
        expect((await expectError(await call(path), 400, path)).error.code).toBe("bad_request");
      }
    }
  });

  it("answers GET /search-request/wedding-bands/{id} only for a band search", async () => {
    const men = await save("/api/search-request/settings2", { itemType: 0, itemTypeNames: ["WeddingBands"], gender: "men" });
    expect(await getJson<SavedSettingSearch>(`/api/search-request/wedding-bands/${men.searchId}`)).toMatchObject({ searchId: men.searchId, filters: men.filters });
    const byType = await save("/api/search-request/settings2", { itemType: 0, widthMin: 3 });
    expect((await call(`/api/search-request/wedding-bands/${byType.searchId}`)).status).toBe(200);
    const mixed = await save("/api/search-request/settings2", { itemTypeNames: ["WeddingBands", "Setting"] });
    expect((await call(`/api/search-request/wedding-bands/${mixed.searchId}`)).status).toBe(404);
    const rings = await save("/api/search-request/settings2", { itemType: 1 });
    expect((await call(`/api/search-request/wedding-bands/${rings.searchId}`)).status).toBe(404);
  });
});

describe("setting detail", () => {
  /** The metal a setting opens in: 14K white gold when available, else its first available, else its first. */
  const defaultMetalOf = (cat: Catalogue, id: number) => {
    const all = cat.variants.get(id)!;
    return (all.find((v) => v.metal === 2 && v.is_sold === 0) ?? all.find((v) => v.is_sold === 0) ?? all[0]!).metal;
  };

  function expectDetail(d: SettingDetail, cat: Catalogue, id: number, metal: number) {
    const s = cat.byId.get(id)!;
    const all = cat.variants.get(id)!;
    const v = all.find((x) => x.metal === metal)!;
    expect(d).toMatchObject({ id, name: s.name, itemType: s.item_type, itemTypeName: s.item_type_name, style: s.style, metalId: metal, incomplete: false });
    expect(d.selectedVariant).toMatchObject({ id: v.id, metal, price: v.price_cents, priceBeforeDiscount: v.price_before_discount_cents, isSold: v.is_sold === 1 });
    expect(d.selectedVariant.images[0]).toBe(v.image_url);
    expect(d.images[0]).toBe(v.image_url);
    expect(d.mediaLibrary.map((m) => m.url)).toEqual(d.images);
    expect(d.variants.map((x) => [x.id, x.metal, x.price])).toEqual(all.map((x) => [x.id, x.metal, x.price_cents]));
    expect(d.url).toBe(`/${pageOf(s)}/${id}/${metal}`);
    expect(d.retailer.id).toBe(s.retailer_id);
    expect(d.shapes.reduce((mask, shape) => mask | (1 << (shape - 1)), 0)).toBe(s.shapes_mask);
    // The matching band: there exactly when D1 names one (with an available variant), in the same metal when it has it.
    const bandVariants = s.matching_band_id === null ? [] : available(cat, s.matching_band_id);
    if (bandVariants.length === 0) {
      expect(d.matchingBand, `setting ${id}`).toBeNull();
    } else {
      const band = cat.byId.get(s.matching_band_id!)!;
      expect(d.matchingBand, `setting ${id}`).not.toBeNull();
      expect(d.matchingBand!.id).toBe(band.id);
      const bandVariant = cat.variantById.get(d.matchingBand!.variantId)!;
      expect(bandVariant.setting_id).toBe(band.id);
      expect(bandVariant.is_sold).toBe(0);
      expect(d.matchingBand!.price).toBe(bandVariant.price_cents);
      expect(d.matchingBand!.metal).toBe(bandVariant.metal);
      expect(d.matchingBand!.url).toBe(`/wedding-ring/${band.id}/${bandVariant.metal}`);
      if (bandVariants.some((x) => x.metal === metal)) expect(d.matchingBand!.metal).toBe(metal);
    }
  }

  it("answers /settings/{id}/{metal} from D1 for every setting, and /settings/{id} in its default metal", async () => {
    const cat = await catalogue();
    expect(cat.settings.some((s) => s.matching_band_id !== null)).toBe(true);
    for (const s of cat.settings) {
      const all = cat.variants.get(s.id)!;
      const other = all[all.length - 1]!.metal;
      expectDetail(await getJson<SettingDetail>(`/api/settings/${s.id}/${other}`), cat, s.id, other);
      const def = await getJson<SettingDetail>(`/api/settings/${s.id}`);
      expect(def.metalId, `setting ${s.id}`).toBe(defaultMetalOf(cat, s.id));
      expectDetail(def, cat, s.id, def.metalId);
    }
    // 14K white gold where offered.
    const white = cat.settings.find((s) => available(cat, s.id).some((v) => v.metal === 2) && cat.variants.get(s.id)![0]!.metal !== 2)!;
    expect((await getJson<SettingDetail>(`/api/settings/${white.id}`)).metalId).toBe(2);
  });

  it("is private to the visitor unless the promo variant is named", async () => {
    const cat = await catalogue();
    const s = cat.settings[0]!;
    for (const path of [`/api/settings/${s.id}`, `/api/settings/${s.id}/2`, "/api/settings/best-selling", "/api/setting/engagement-rings"]) {
      expect((await call(path)).headers.get("cache-control"), path).toMatch(/private/);
      expect((await call(`${path}?promoCodeVariation=0`)).headers.get("cache-control"), path).toMatch(/public/);
    }
  });

  it("links each item type to its page", async () => {
    const cat = await catalogue();
    const expected: [number, string][] = [[0, "wedding-ring"], [1, "setting"], [2, "fine-jewelry"], [4, "fine-jewelry"], [5, "engagement-ring"]];
    for (const [itemType, page] of expected) {
      const s = cat.settings.find((x) => x.item_type === itemType)!;
      const d = await getJson<SettingDetail>(`/api/settings/${s.id}`);
      expect(d.url).toBe(`/${page}/${s.id}/${d.metalId}`);
    }
  });

  it("answers 404 for an unknown setting or a metal it lacks (naming the metal), 400 for a malformed id", async () => {
    const cat = await catalogue();
    for (const path of ["/api/settings/999999", "/api/settings/999999/2"]) {
      const err = await expectError(await call(path), 404, path);
      expect(err.error.code).toBe("not_found");
      expect(err.error.message).toContain("999999");
    }
    const lacking = cat.settings.find((s) => !cat.variants.get(s.id)!.some((v) => v.metal === 1))!;
    const err = await expectError(await call(`/api/settings/${lacking.id}/1`), 404, "lacking metal");
    expect(err.error.message).toMatch(/metal 1\b|Platinum/);
    expect(err.error.message).toContain(String(lacking.id));
    const nine = await expectError(await call(`/api/settings/${lacking.id}/9`), 404, "metal 9");
    expect(nine.error.message).toMatch(/metal 9\b/);
    for (const path of ["/api/settings/0", "/api/settings/1/x", "/api/settings/1/1234", "/api/settings/12345678901"]) {
      const res = await call(path);
      expect([400, 404], path).toContain(res.status);
      await expectError(res, res.status, path);
    }
  });

  it("answers /jewellery/jewellery-variant/{variantId} for jewellery and 404 for a ring's variant", async () => {
    const cat = await catalogue();
    const bracelet = cat.settings.find((s) => s.item_type_name === "Bracelet")!;
    const variant = cat.variants.get(bracelet.id)!.at(-1)!;
    const d = await getJson<SettingDetail>(`/api/jewellery/jewellery-variant/${variant.id}`);
    expect(d.itemTypeName).toBe("Bracelet");
    expect(d.selectedVariant.id).toBe(variant.id);
    expectDetail(d, cat, bracelet.id, variant.metal);
    expect(d.url).toBe(`/fine-jewelry/${bracelet.id}/${variant.metal}`);
    for (const itemType of [1, 5, 0]) {
      const ring = cat.settings.find((s) => s.item_type === itemType)!;
      const path = `/api/jewellery/jewellery-variant/${cat.variants.get(ring.id)![0]!.id}`;
      expect((await expectError(await call(path), 404, path)).error.code).toBe("not_found");
    }
    expect((await call("/api/jewellery/jewellery-variant/999999999")).status).toBe(404);
    expect((await call("/api/jewellery/jewellery-variant/abc")).status).toBe(400);
  });
});

describe("lists: best-selling settings, popular engagement rings, stud settings", () => {
  it("best-selling: at most 8 ring settings in sorting order; engagement-rings: preset engagement rings only", async () => {
    const cat = await catalogue();
    for (const [path, keep] of [
      ["/api/settings/best-selling", (s: SettingRow) => s.item_type === 1 && s.item_type_name === "Setting"],
      ["/api/setting/engagement-rings", (s: SettingRow) => s.item_type === 5],
    ] as const) {
      const { settings } = await getJson<{ settings: SettingSummary[] }>(path);
      const expected = cat.settings
        .filter((s) => keep(s) && available(cat, s.id).length > 0)
        .sort((a, b) => a.sorting_order - b.sorting_order || a.id - b.id)
        .slice(0, 8);
      expect(settings.length).toBeGreaterThan(0);
      expect(settings.length).toBeLessThanOrEqual(8);
      expect(settings.map((s) => s.id), path).toEqual(expected.map((s) => s.id));
      for (const card of settings) {
        const s = cat.byId.get(card.id)!;
        expect(card.itemType).toBe(s.item_type);
        for (const m of card.metals) {
          const v = cat.variantById.get(m.id)!;
          expect(v.setting_id).toBe(card.id);
          expect(v.is_sold).toBe(0);
          expect(m.price).toBe(v.price_cents);
        }
        // 14K white gold first where offered.
        if (available(cat, card.id).some((v) => v.metal === 2)) expect(card.metals[0]!.metal).toBe(2);
      }
    }
    expect((await call("/api/settings/best-selling?promoCodeVariation=3")).status).toBe(400);
  });

  it("studsettings: Stud mountings taking the shape, the retailer's own first; 400 for shape 0 or size 0", async () => {
    const cat = await catalogue();
    const studs = cat.settings.filter((s) => s.item_type_name === "Stud" && available(cat, s.id).length > 0);
    expect(studs.length).toBeGreaterThan(0);
    for (const shape of [1, 2, 4, 7, 3]) {
      const takers = studs.filter((s) => (s.shapes_mask & (1 << (shape - 1))) !== 0);
      const res = await postJson("/api/studsettings", { shape, size: 1 });
      expect(res.status).toBe(200);
      const { settings } = (await res.json()) as { settings: SettingSummary[] };
      expect(settings.map((s) => s.id).sort((a, b) => a - b), `shape ${shape}`).toEqual(takers.map((s) => s.id));
      for (const card of settings) {
        expect(card.itemTypeName).toBe("Stud");
        for (const m of card.metals) expect(cat.variantById.get(m.id)!.is_sold).toBe(0);
      }
      // The retailer's own first; above 1.5 ct halo mountings after the others; then by popularity.
      const order = (retailerId: number | null, size: number) =>
        [...takers]
          .sort(
            (a, b) =>
              Number(b.retailer_id === retailerId) - Number(a.retailer_id === retailerId) ||
              Number(size > 1.5 && (a.style & 2) !== 0) - Number(size > 1.5 && (b.style & 2) !== 0) ||
              a.sorting_order - b.sorting_order ||
              a.id - b.id,
          )
          .map((s) => s.id);
      for (const retailerId of [null, ...new Set(takers.map((s) => s.retailer_id))]) {
        for (const size of [0.5, 2]) {
          const { settings: mine } = (await (await postJson("/api/studsettings", { shape, size, retailerId })).json()) as { settings: SettingSummary[] };
          expect(mine.map((c) => c.id), `shape ${shape}, retailer ${retailerId}, ${size} ct`).toEqual(order(retailerId, size));
          const own = takers.filter((s) => s.retailer_id === retailerId).length;
          expect(mine.slice(own).some((c) => c.retailer.id === retailerId)).toBe(false);
        }
      }
    }
    // In the asked metal where the mounting has it.
    const { settings: yellow } = (await (await postJson("/api/studsettings", { shape: 1, size: 0.5, metal: 4 })).json()) as { settings: SettingSummary[] };
    for (const card of yellow) if (available(cat, card.id).some((v) => v.metal === 4)) expect(card.metals.map((m) => m.metal)).toEqual([4]);
    for (const body of [{ shape: 0, size: 1 }, { shape: 1, size: 0 }, { shape: 11, size: 1 }, { size: 1 }, { shape: 1 }, { shape: 1, size: 1, retailerId: 0 }, { shape: 1, size: 1, extra: 1 }]) {
      const err = await expectError(await postJson("/api/studsettings", body), 400, JSON.stringify(body));
      expect(err.error.details?.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
  });
});

describe("GET /api/content/search-heading/{pageId}", () => {
  it("answers the content store's heading (a collection's too), null for a page without one and 400 for an unknown page", async () => {
    const row = await env.DB.prepare("SELECT heading, subheading FROM search_headings WHERE page_id = 'jewelry-necklaces'").first<{ heading: string; subheading: string }>();
    expect(row).not.toBeNull();
    const res = await call("/api/content/search-heading/jewelry-necklaces");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(row);
    const none = await call("/api/content/search-heading/jewelry-search");
    expect(none.status).toBe(200);
    expect(await none.json()).toBeNull();
    const collection = await env.DB.prepare("SELECT heading, subheading FROM search_headings WHERE page_id = 'setting-search/collections/vintage'").first();
    expect(collection).not.toBeNull();
    expect(await (await call(`/api/content/search-heading/${encodeURIComponent("setting-search/collections/vintage")}`)).json()).toEqual(collection);
    const bad = await expectError(await call("/api/content/search-heading/no-such-page"), 400, "unknown page");
    expect(bad.error.details?.[0]?.path).toBe("pageId");
  });
});

describe("OpenAPI document", () => {
  it("describes every setting, jewellery and search-heading call with its schemas", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const operations: [string, string][] = [
      ["/search/settingsv2", "post"],
      ["/search/jewellery", "post"],
      ["/search-request/settings2", "post"],
      ["/search-request/jewellery", "post"],
      ["/search-request/settings/{id}", "get"],
      ["/search-request/wedding-bands/{id}", "get"],
      ["/settings/searches/{id}/{page}", "get"],
      ["/jewellery/searches/{id}", "get"],
      ["/settings/{id}", "get"],
      ["/settings/{id}/{metal}", "get"],
      ["/jewellery/jewellery-variant/{variantId}", "get"],
      ["/settings/best-selling", "get"],
      ["/setting/engagement-rings", "get"],
      ["/studsettings", "post"],
      ["/content/search-heading/{pageId}", "get"],
    ];
    for (const [path, method] of operations) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      expect(doc.paths[path]![method]!.responses["200"], `${method} ${path}`).toBeDefined();
      if (method === "post") expect(doc.paths[path]![method]!.requestBody, path).toBeDefined();
    }
    const request = Object.keys(doc.components.schemas.SettingSearchRequest!.properties!);
    expect(request).toEqual(expect.arrayContaining(["id", "pageNumber", "pageSize", "promoCodeVariation", "IsB2CDiamondSelected", "metals", "priceMin", "priceMax", "styles", "itemTypeNames", "isMatchingBand"]));
    for (const name of ["SettingFilters", "SettingSearchResponse", "SavedSettingSearch", "SettingDetail", "SettingSummaryList", "StudSettingsRequest"]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas.StudSettingsRequest!.properties!)).toEqual(["retailerId", "shape", "size", "metal"]);
    // Every $ref points at a component.
    for (const ref of JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas[ref[1]!], ref[1]).toBeDefined();
  });
});
