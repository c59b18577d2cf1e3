/**
 * A saved search in words and its page (issue 19, §3 My stuff searches): "Round, Oval · 1–1.5 ct · G–I ·
 * VS1–SI1 · $2,000–$8,000" from the enumeration labels (shared/enums.ts), and the search page that runs it
 * (`/diamond-search/{searchId}`, or the setting or jewellery page whose fixed filters the search carries).
 */
import { CLARITIES, COLORS, labelOf, SHAPES, type EnumEntry } from "#shared/enums.ts";
import { formatUsd } from "#shared/money.ts";
import type { DiamondFilters } from "#shared/schemas.ts";
import { SEARCH_PAGES, type SettingSearchKind } from "#shared/settings/pages.ts";
import type { SettingFilters } from "#shared/settings/schemas.ts";

/** A code list as a range of labels when it is contiguous ("G–I"), else the labels listed. */
function gradeRange(list: readonly EnumEntry[], codes: readonly number[]): string | null {
  if (codes.length === 0) return null;
  const sorted = [...new Set(codes)].sort((a, b) => a - b);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  if (sorted.length > 1 && last - first === sorted.length - 1) return `${labelOf(list, first)}–${labelOf(list, last)}`;
  return sorted.map((c) => labelOf(list, c)).join(", ");
}

function between(min: number | undefined, max: number | undefined, show: (n: number) => string, unit = ""): string | null {
  if (min === undefined && max === undefined) return null;
  if (min !== undefined && max !== undefined) return min === max ? `${show(min)}${unit}` : `${show(min)}–${show(max)}${unit}`;
  return min !== undefined ? `from ${show(min)}${unit}` : `up to ${show(max!)}${unit}`;
}

const dollars = (usd: number) => formatUsd(Math.round(usd * 100));

/** A diamond search's filters in words (shapes, origin, carat, colour, clarity, price). */
export function describeDiamondFilters(f: DiamondFilters): string {
  const parts = [
    f.diamondShapes.length ? f.diamondShapes.map((s) => labelOf(SHAPES, s)).join(", ") : "Any shape",
    f.isLabGrown === true ? "lab-grown" : f.isLabGrown === false ? "natural" : null,
    between(f.caratMin, f.caratMax, String, " ct"),
    gradeRange(COLORS, f.colors),
    gradeRange(CLARITIES, f.clarities),
    between(f.priceMin, f.priceMax, dollars),
    f.certificateNumber ? `certificate ${f.certificateNumber}` : null,
  ];
  return parts.filter((p): p is string => p !== null).join(" · ");
}

/** The search page of a setting or jewellery search: the page of its kind whose fixed filters it carries. */
function settingPage(kind: SettingSearchKind, f: SettingFilters) {
  const pages = SEARCH_PAGES.filter((p) => p.kind === kind);
  const same = (a: readonly string[] | undefined, b: readonly string[]) => a !== undefined && a.length === b.length && a.every((x) => b.includes(x));
  return (
    pages.find(
      (p) =>
        same(p.fixed.itemTypeNames, f.itemTypeNames) &&
        (p.fixed.gender === undefined || p.fixed.gender === f.gender) &&
        (p.fixed.eternity === undefined || p.fixed.eternity === f.eternity),
    ) ??
    pages.find((p) => p.fixed.itemType === f.itemType && p.fixed.gender === f.gender && p.fixed.eternity === f.eternity) ??
    pages.find((p) => p.fixed.itemType === f.itemType) ??
    pages[pages.length - 1]!
  );
}

/** A setting or jewellery search in words (its page's heading, shapes, price). */
export function describeSettingFilters(kind: SettingSearchKind, f: SettingFilters): string {
  const parts = [
    settingPage(kind, f).heading,
    f.diamondShapes.length ? f.diamondShapes.map((s) => labelOf(SHAPES, s)).join(", ") : null,
    f.queryText ? `“${f.queryText}”` : null,
    between(f.priceMin, f.priceMax, dollars),
  ];
  return parts.filter((p): p is string => p !== null).join(" · ");
}

/** The page that runs a saved search. */
export function searchLink(kind: "diamond" | SettingSearchKind, searchId: string, f?: SettingFilters): string {
  return kind === "diamond" || !f ? `/diamond-search/${searchId}` : `${settingPage(kind, f).base}/${searchId}`;
}
