/**
 * What a shopper has looked at (§4 "Setting, diamond and cart", §9): recently viewed diamonds (6 stored,
 * 5 shown, newest first, deduplicated by id), seen ids (stored once each) and hidden diamonds (toggled).
 * Pure list rules; the browser keeps the lists in signals mirrored to localStorage.
 */

export const RECENTLY_VIEWED_STORED = 6;
export const RECENTLY_VIEWED_SHOWN = 5;

/** Prepends `item` (replacing an older entry with the same id) and keeps the newest six. */
export function pushRecentlyViewed<T extends { id: number }>(list: readonly T[], item: T): T[] {
  return [item, ...list.filter((x) => x.id !== item.id)].slice(0, RECENTLY_VIEWED_STORED);
}

/** The entries to show beside diamond `currentId`: the newest five others. */
export function recentlyViewedToShow<T extends { id: number }>(list: readonly T[], currentId?: number): T[] {
  return list.filter((x) => x.id !== currentId).slice(0, RECENTLY_VIEWED_SHOWN);
}

/** Adds `id` to the seen ids unless it is there already. */
export function addSeen(seen: readonly number[], id: number): number[] {
  return seen.includes(id) ? [...seen] : [...seen, id];
}

/** Hides `id`, or shows it again when it was hidden. */
export function toggleHidden(hidden: readonly number[], id: number): number[] {
  return hidden.includes(id) ? hidden.filter((x) => x !== id) : [...hidden, id];
}

/** §9: the concierge service is offered from 15,000 USD for natural and 6,500 USD for lab-grown diamonds. */
export const CONCIERGE_THRESHOLD_CENTS = { natural: 1_500_000, labGrown: 650_000 } as const;

export function showsConcierge(priceCents: number, isLabGrown: boolean): boolean {
  return priceCents >= (isLabGrown ? CONCIERGE_THRESHOLD_CENTS.labGrown : CONCIERGE_THRESHOLD_CENTS.natural);
}

/** Similar diamonds shown on a detail page (§9: at most 5). */
export const MAX_SIMILAR_DIAMONDS = 5;

/** The compare tray holds at most four diamonds (§4 compare). */
export const COMPARE_TRAY_MAX = 4;

/**
 * Adds `item` to the compare tray, or removes it when it is there. A full tray stays as it is and says so
 * (the shopper removes one first), so a fifth click never silently drops a chosen diamond.
 */
export function toggleCompare<T extends { id: number }>(tray: readonly T[], item: T): { tray: T[]; full: boolean } {
  if (tray.some((x) => x.id === item.id)) return { tray: tray.filter((x) => x.id !== item.id), full: false };
  if (tray.length >= COMPARE_TRAY_MAX) return { tray: [...tray], full: true };
  return { tray: [...tray, item], full: false };
}

/** Diamond ids of a compare link (`/compare?ids=1,2,3`): the first four distinct positive integers. */
export function compareIds(param: string | null): number[] {
  const ids: number[] = [];
  for (const part of (param ?? "").split(",")) {
    if (!/^[1-9]\d{0,15}$/.test(part.trim())) continue;
    const id = Number(part.trim());
    if (!ids.includes(id)) ids.push(id);
    if (ids.length === COMPARE_TRAY_MAX) break;
  }
  return ids;
}
