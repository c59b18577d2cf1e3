/**
 * The shopper's viewing state (§4): recently viewed diamonds, seen ids and hidden diamonds, kept in
 * signals and mirrored to localStorage so they survive visits. The list rules live in shared/viewing.ts.
 */
import { addSeen, pushRecentlyViewed, toggleCompare, toggleHidden } from "#shared/viewing.ts";
import { persisted } from "./persisted";

/** What a recently-viewed entry needs to be shown without another request. */
export interface ViewedDiamond {
  id: number;
  path: string;
  title: string;
  grades: string;
  price: number;
  shape: number;
}

const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x));
const isViewedList = (v: unknown): v is ViewedDiamond[] =>
  Array.isArray(v) &&
  v.every(
    (x) =>
      typeof x === "object" &&
      x !== null &&
      Number.isInteger((x as ViewedDiamond).id) &&
      typeof (x as ViewedDiamond).path === "string" &&
      typeof (x as ViewedDiamond).title === "string" &&
      Number.isFinite((x as ViewedDiamond).price),
  );

export const recentlyViewed = persisted<ViewedDiamond[]>("loupe:recently-viewed", [], isViewedList);
export const seenDiamonds = persisted<number[]>("loupe:seen-diamonds", [], isIdList);
export const hiddenDiamonds = persisted<number[]>("loupe:hidden-diamonds", [], isIdList);
/** Diamonds chosen for side-by-side comparison (at most four, in the order chosen). */
export const compareTray = persisted<ViewedDiamond[]>("loupe:compare-tray", [], isViewedList);

/** Records a visit to a diamond's page. */
export function recordDiamondView(d: ViewedDiamond): void {
  recentlyViewed.value = pushRecentlyViewed(recentlyViewed.value, d);
  seenDiamonds.value = addSeen(seenDiamonds.value, d.id);
}

export function toggleHiddenDiamond(id: number): void {
  hiddenDiamonds.value = toggleHidden(hiddenDiamonds.value, id);
}

/** Adds a diamond to the compare tray or takes it out; false when the tray is full and nothing changed. */
export function toggleCompareDiamond(d: ViewedDiamond): boolean {
  const next = toggleCompare(compareTray.value, d);
  compareTray.value = next.tray;
  return !next.full;
}
