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
