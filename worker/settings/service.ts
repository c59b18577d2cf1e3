import type { SettingRow, SettingVariantRow } from "#shared/catalogue/rows.ts";
import type { Promotion } from "#shared/cart/model.ts";
import type { Variant } from "#shared/experiments/bucketing.ts";
import { JEWELRY_TYPE_NAMES, pageSizeOf, type SettingSearchKind } from "#shared/settings/pages.ts";
import {
  SettingFilters,
  type SavedSettingSearch,
  type SettingDetail,
  type SettingSearchResponse,
  type SettingSummary,
  type StudSettingsRequest,
} from "#shared/settings/schemas.ts";
import {
  defaultMetal,
  searchSettings,
  settingCatalogue,
  settingDetail,
  settingSummary,
  type PromoFor,
  type RetailerFacts,
  type SettingCatalogue,
} from "#shared/settings/search.ts";
import { refused } from "#shared/refusal.ts";
import { placementOf } from "../cart/products";
import { TimedCache } from "../lib/timed-cache";
import { bestOffer } from "../promotions/offers";
import { validPromotions } from "../promotions/store";
import { loadFilters, markUsed, saveFilters } from "../saved-searches/store";
import { settingVerifiedReviews } from "../reviews/verified";

/** How long an isolate answers from the catalogue it read (a price change shows within this). */
export const SETTING_CATALOGUE_TTL_MS = 30_000;

const catalogues = new TimedCache<SettingCatalogue>({ ttlMs: SETTING_CATALOGUE_TTL_MS, maxEntries: 1 });
const promotions = new TimedCache<Promotion[]>({ ttlMs: SETTING_CATALOGUE_TTL_MS, maxEntries: 2 });

/** The setting catalogue, read from D1 at most every 30 s per isolate (the value is kept, never a pending read). */
export function loadSettingCatalogue(db: D1Database): Promise<SettingCatalogue> {
  return catalogues.get("all", async () => {
    const [settings, variants, retailers] = await db.batch([
      db.prepare("SELECT * FROM settings ORDER BY id"),
      db.prepare("SELECT * FROM setting_variants ORDER BY setting_id, metal"),
      db.prepare("SELECT id, name, slugurl, logo_url AS logoUrl FROM retailers"),
    ]);
    return settingCatalogue(settings!.results as SettingRow[], variants!.results as SettingVariantRow[], retailers!.results as RetailerFacts[]);
  });
}

/** The running promotions offered to a Promocode_Variation_Global variant, read at most every 30 s. */
function offeredPromotions(db: D1Database, variation: Variant, now: number): Promise<Promotion[]> {
  return promotions.get(String(variation), () => validPromotions(db, now, variation));
}

/** The best offered code's amount and percentage on one item of a setting at a price (cards' promoCode). */
function promoFor(list: readonly Promotion[], now: number): PromoFor {
  return (s, priceCents) => {
    const best = bestOffer(list, placementOf(s.item_type, s.item_type_name).category, priceCents, now);
    return best && { amount: best.amount, percentage: best.percentage };
  };
}

export interface SettingSearchOptions {
  kind: SettingSearchKind;
  pageNumber: number;
  pageSize?: number;
  variation: Variant;
  /** §7 IsB2CDiamondSelected: the ring builder holds a diamond, so only items that take one are listed. */
  onlyDiamondHolders?: boolean;
  now?: number;
}

/** Item type names that hold a diamond the shopper chooses. */
const HOLDS_A_DIAMOND: ReadonlySet<string> = new Set(["Setting", "Pendant", "Stud"]);

/**
 * A filter state as its kind searches it: the jewellery search covers every jewellery type unless the
 * filters name some; naming a type that is not jewellery (a ring setting, a band) is a 400.
 */
export function filtersOfKind(kind: SettingSearchKind, f: SettingFilters): SettingFilters {
  if (kind !== "jewellery") return f;
  const other = f.itemTypeNames.filter((n) => !JEWELRY_TYPE_NAMES.includes(n));
  if (other.length > 0) {
    refused("bad_request", "Invalid request body", [
      { path: "itemTypeNames", message: `not jewellery: ${other.join(", ")} (jewellery is ${JEWELRY_TYPE_NAMES.join(", ")})` },
    ]);
  }
  return f.itemTypeNames.length > 0 ? f : { ...f, itemTypeNames: [...JEWELRY_TYPE_NAMES] };
}

/** Runs a validated filter state: one page of matching settings (20 or 19 a page by kind unless asked). */
export async function runSettingSearch(db: D1Database, input: SettingFilters, o: SettingSearchOptions): Promise<SettingSearchResponse> {
  const filters = filtersOfKind(o.kind, input);
  const now = o.now ?? Date.now();
  const [all, promos] = await Promise.all([loadSettingCatalogue(db), offeredPromotions(db, o.variation, now)]);
  const cat = o.onlyDiamondHolders ? { ...all, settings: all.settings.filter((s) => HOLDS_A_DIAMOND.has(s.item_type_name)) } : all;
  const result = searchSettings(cat, filters, { pageNumber: o.pageNumber, pageSize: o.pageSize ?? pageSizeOf(o.kind) }, now, promoFor(promos, now));
  return { result, filters };
}

/** Stores a filter state under its kind: its searchId and the filters as stored (saving again only marks it used). */
export async function saveSettingSearch(
  db: D1Database,
  kind: SettingSearchKind,
  input: SettingFilters,
  now: number,
): Promise<{ searchId: string; filters: SettingFilters }> {
  const filters = filtersOfKind(kind, input);
  return { searchId: await saveFilters(db, kind, filters, now), filters };
}

/**
 * A saved setting or jewelry search (null when the id is malformed or unknown, of another kind, or what
 * it stores no longer validates: a restore failure, §8 'No filters found'). `kind` undefined accepts both.
 */
export async function loadSettingSearch(db: D1Database, id: string, kind?: SettingSearchKind): Promise<SavedSettingSearch | null> {
  const saved = await loadFilters(db, id, kind ? [kind] : (["setting", "jewellery"] as const), SettingFilters);
  return saved && { searchId: id, kind: saved.kind, filters: saved.filters, createdAt: saved.createdAt };
}

/** Runs a saved search: its filters and the asked page, or null (see loadSettingSearch). */
export async function restoreSettingSearch(
  db: D1Database,
  id: string,
  o: SettingSearchOptions,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<SettingSearchResponse | null> {
  const saved = await loadSettingSearch(db, id, o.kind);
  if (!saved) return null;
  const response = await runSettingSearch(db, saved.filters, o);
  markUsed(db, id, o.now ?? Date.now(), waitUntil);
  return { ...response, searchId: id };
}

/**
 * A setting in a metal, or in its default metal when `metal` is undefined (null when the setting is
 * unknown or does not come in that metal), with the promotion its visitor is offered.
 */
export async function getSettingDetail(
  db: D1Database,
  id: number,
  metal: number | undefined,
  variation: Variant,
  now = Date.now(),
): Promise<SettingDetail | null> {
  const [cat, promos, reviews] = await Promise.all([loadSettingCatalogue(db), offeredPromotions(db, variation, now), settingVerifiedReviews(db, id)]);
  const chosen = metal ?? defaultMetal(cat, id);
  const detail = chosen === null ? null : settingDetail(cat, id, chosen);
  if (!detail) return null;
  const setting = cat.settings.find((s) => s.id === id)!;
  const offeredPromotion = bestOffer(promos, placementOf(setting.item_type, setting.item_type_name).category, detail.selectedVariant.price, now);
  return { ...detail, offeredPromotion, ...(reviews.length ? { verifiedReviews: reviews } : {}) };
}

/** A jewellery variant by its id (`GET /api/jewellery/jewellery-variant/{id}`): its setting in that metal. */
export async function getJewelryVariant(db: D1Database, variantId: number, variation: Variant): Promise<SettingDetail | null> {
  const cat = await loadSettingCatalogue(db);
  for (const setting of cat.settings) {
    if (setting.item_type === 0 || setting.item_type === 1 || setting.item_type === 5) continue;
    const variant = cat.variants.get(setting.id)?.find((x) => x.id === variantId);
    if (variant) return getSettingDetail(db, setting.id, variant.metal, variation);
  }
  return null;
}

const LIST_SIZE = 8;

/** Summaries of the first `LIST_SIZE` settings by popularity rank among those `keep` accepts, in 14K white gold where offered. */
async function popular(db: D1Database, keep: (s: SettingRow) => boolean, variation: Variant): Promise<SettingSummary[]> {
  const now = Date.now();
  const [cat, promos] = await Promise.all([loadSettingCatalogue(db), offeredPromotions(db, variation, now)]);
  const promo = promoFor(promos, now);
  return cat.settings
    .filter(keep)
    .map((s) => ({ s, variants: (cat.variants.get(s.id) ?? []).filter((x) => x.is_sold === 0) }))
    .filter((m) => m.variants.length > 0)
    .sort((a, b) => a.s.sorting_order - b.s.sorting_order || a.s.id - b.s.id)
    .slice(0, LIST_SIZE)
    .map(({ s, variants }) =>
      settingSummary(
        cat,
        s,
        [...variants].sort((a, b) => Number(b.metal === 2) - Number(a.metal === 2) || a.price_cents - b.price_cents),
        promo,
      ),
    );
}

/** §7 `GET settings/best-selling`: the best-ranked engagement ring settings. */
export const bestSellingSettings = (db: D1Database, variation: Variant) => popular(db, (s) => s.item_type === 1 && s.item_type_name === "Setting", variation);

/** §7 `GET setting/engagement-rings`: the most popular preset engagement rings. */
export const popularEngagementRings = (db: D1Database, variation: Variant) => popular(db, (s) => s.item_type === 5, variation);

/**
 * §7 `POST studsettings {retailerId, shape, size}`: stud settings (itemTypeName Stud) that take a pair of
 * diamonds of this shape, the retailer's own first; each in the asked metal when offered, else all its
 * metals. `size` (carats of one stone) only orders them: halo studs suit stones up to 1.5 ct best.
 */
export async function studSettings(db: D1Database, req: StudSettingsRequest, variation: Variant): Promise<SettingSummary[]> {
  const now = Date.now();
  const [cat, promos] = await Promise.all([loadSettingCatalogue(db), offeredPromotions(db, variation, now)]);
  const promo = promoFor(promos, now);
  const bit = 1 << (req.shape - 1);
  const haloFits = req.size <= 1.5;
  return cat.settings
    .filter((s) => s.item_type_name === "Stud" && (s.shapes_mask & bit) !== 0)
    .map((s) => {
      const all = (cat.variants.get(s.id) ?? []).filter((x) => x.is_sold === 0);
      const inMetal = req.metal === undefined ? [] : all.filter((x) => x.metal === req.metal);
      return { s, variants: (inMetal.length > 0 ? inMetal : all).sort((a, b) => a.price_cents - b.price_cents) };
    })
    .filter((m) => m.variants.length > 0)
    .sort(
      (a, b) =>
        Number(b.s.retailer_id === req.retailerId) - Number(a.s.retailer_id === req.retailerId) ||
        Number((b.s.style & 2) === 0 || haloFits) - Number((a.s.style & 2) === 0 || haloFits) ||
        a.s.sorting_order - b.s.sorting_order,
    )
    .map(({ s, variants }) => settingSummary(cat, s, variants, promo));
}

/**
 * Cards of the given settings as the search builds them (promo codes for `variation`), by id: every metal,
 * available ones first and cheapest first, so a piece no longer sold keeps its card with its metals `isSold`
 * (my stuff's favourites, an alert email's pieces). An id above the cached catalogue's newest reads it again;
 * ids absent from the catalogue are left out.
 */
export async function settingCards(db: D1Database, ids: readonly number[], variation: Variant, now: number): Promise<Map<number, SettingSummary>> {
  const [cached, promos] = await Promise.all([loadSettingCatalogue(db), offeredPromotions(db, variation, now)]);
  // A piece listed after the isolate read the catalogue (an alert's new setting: ids only grow) is read again now.
  const newest = cached.settings.reduce((m, s) => Math.max(m, s.id), 0);
  let cat = cached;
  if (ids.some((id) => id > newest)) {
    catalogues.clear();
    cat = await loadSettingCatalogue(db);
  }
  const promo = promoFor(promos, now);
  const wanted = new Set(ids);
  const cards = new Map<number, SettingSummary>();
  for (const s of cat.settings) {
    if (!wanted.has(s.id)) continue;
    const variants = [...(cat.variants.get(s.id) ?? [])].sort((a, b) => a.is_sold - b.is_sold || a.price_cents - b.price_cents);
    cards.set(s.id, settingSummary(cat, s, variants, promo));
  }
  return cards;
}
