/**
 * The shareable cart link (§2): /cart/{settingId}/{variantId}/{diamondId} with query `pairId`, `wb` (JSON
 * list of wedding-band variant ids) and `fj` (JSON list of jewellery variant ids: fine jewellery, pendants,
 * studs); "/cart/0" when only bands or jewellery are present; a cart with only a setting links to the
 * setting's page. Opening a link rebuilds that cart (parseCartLink). Pure.
 */
import type { CartState } from "./model";

/** The items a cart link names. Quantities repeat an id (`wb=[7,7]` is two of band variant 7). */
export interface CartLinkItems {
  settingId: number | null;
  variantId: number | null;
  diamondId: number | null;
  pairId: number | null;
  bands: number[];
  jewelry: number[];
}

const repeat = (id: number, n: number) => Array.from({ length: n }, () => id);

export function linkItems(s: CartState): CartLinkItems {
  return {
    settingId: s.ring?.setting?.settingId ?? null,
    variantId: s.ring?.setting?.variantId ?? null,
    diamondId: s.ring?.diamond?.diamondId ?? null,
    pairId: s.pairedDiamond?.diamondId ?? null,
    bands: s.weddingBands.flatMap((l) => repeat(l.variantId, l.quantity)),
    jewelry: [...s.fineJewelry, ...s.pendants, ...s.studs].flatMap((l) => repeat(l.variantId, l.quantity)),
  };
}

/** The link of a cart's items (site-relative); "/cart" for an empty cart. */
export function cartLink(s: CartState): string {
  const items = linkItems(s);
  const setting = s.ring?.setting;
  if (setting && items.diamondId === null && items.bands.length === 0 && items.jewelry.length === 0 && items.pairId === null) {
    return settingPageUrl(setting.settingId, setting.metal);
  }
  return formatCartLink(items);
}

/** The setting page of a setting in a metal (§2 /setting/{id}/{metalId}). */
export function settingPageUrl(settingId: number, metal: number): string {
  return `/setting/${settingId}/${metal}`;
}

export function formatCartLink(items: CartLinkItems): string {
  const path: number[] = [];
  if (items.settingId !== null && items.variantId !== null) path.push(items.settingId, items.variantId);
  if (items.diamondId !== null) path.push(items.diamondId);
  const query: string[] = [];
  if (items.pairId !== null) query.push(`pairId=${items.pairId}`);
  if (items.bands.length) query.push(`wb=${encodeURIComponent(JSON.stringify(items.bands))}`);
  if (items.jewelry.length) query.push(`fj=${encodeURIComponent(JSON.stringify(items.jewelry))}`);
  // §2: "A 0 is appended when only bands or jewelry are present" (the path needs a diamond position).
  if (path.length === 0 && query.length) path.push(0);
  if (path.length === 2) path.push(0);
  return `/cart${path.map((p) => `/${p}`).join("")}${query.length ? `?${query.join("&")}` : ""}`;
}

/** Most items a link may name (more is not a cart a person shares). */
export const MAX_LINK_ITEMS = 50;

const positiveInt = (s: string | undefined | null): number | null => (s && /^[1-9]\d{0,9}$/.test(s) ? Number(s) : null);

function idList(raw: string | null): number[] | null {
  if (raw === null || raw === "") return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length > MAX_LINK_ITEMS) return null;
  const out: number[] = [];
  for (const x of parsed) {
    const n = typeof x === "number" ? x : typeof x === "string" ? Number(x) : NaN;
    if (!Number.isInteger(n) || n <= 0 || n > 9_999_999_999) return null;
    out.push(n);
  }
  return out;
}

/**
 * The items of a cart path's segments after /cart ({settingId?}/{variantId?}/{diamondId}) and its query;
 * null when the link is malformed. No segments and no query names nothing (the visitor's own cart).
 */
export function parseCartLink(segments: readonly string[], query: URLSearchParams): CartLinkItems | null {
  if (segments.length > 3) return null;
  const nums = segments.map((s) => (s === "0" ? 0 : positiveInt(s)));
  if (nums.some((n) => n === null)) return null;
  let settingId: number | null = null;
  let variantId: number | null = null;
  let diamondId: number | null = null;
  if (nums.length === 3) {
    [settingId, variantId, diamondId] = nums as [number, number, number];
    if ((settingId === 0) !== (variantId === 0)) return null;
  } else if (nums.length === 2) {
    [settingId, variantId] = nums as [number, number];
  } else if (nums.length === 1) {
    diamondId = nums[0]!;
  }
  const bands = idList(query.get("wb"));
  const jewelry = idList(query.get("fj"));
  const pair = query.get("pairId");
  const pairId = pair === null || pair === "" ? null : positiveInt(pair);
  if (bands === null || jewelry === null || (pair !== null && pair !== "" && pairId === null)) return null;
  if (bands.length + jewelry.length > MAX_LINK_ITEMS) return null;
  return {
    settingId: settingId || null,
    variantId: variantId || null,
    diamondId: diamondId || null,
    pairId,
    bands,
    jewelry,
  };
}

/** Whether a link names no item at all. */
export function namesNothing(items: CartLinkItems): boolean {
  return items.settingId === null && items.diamondId === null && items.pairId === null && items.bands.length === 0 && items.jewelry.length === 0;
}

/** Whether two item sets are the same cart (order of bands and jewellery aside). */
export function sameItems(a: CartLinkItems, b: CartLinkItems): boolean {
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y).join(",");
  return (
    a.settingId === b.settingId &&
    a.variantId === b.variantId &&
    a.diamondId === b.diamondId &&
    a.pairId === b.pairId &&
    sorted(a.bands) === sorted(b.bands) &&
    sorted(a.jewelry) === sorted(b.jewelry)
  );
}
