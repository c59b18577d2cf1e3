/**
 * Favourites in the browser (issue 19; §4 favourites): the diamonds, settings and jewellery a shopper keeps,
 * in signals mirrored to localStorage, enough to show each card without a request. A visitor's live here
 * alone; a customer's follow the server (client/state/favorites-sync.ts pushes a visitor's at sign-in,
 * fetches the customer's otherwise, calls the API on each toggle and clears them at sign-out). This module
 * is small and has no API code: the hearts read it on first load.
 */
import { signal } from "@preact/signals-core";
import { persisted } from "./persisted";
import { FAVORITES_OWNER_KEY } from "./session";
import type { ViewedDiamond } from "./viewing";

/** A favourite diamond as its card shows it (as a recently viewed one, price in cents). `pairedDiamondId`: its matched pair follows it (§4). */
export interface FavoriteDiamond extends ViewedDiamond {
  pairedDiamondId: number | null;
}

/** Which favourite list a setting belongs to: settings (rings, bands) or fine jewellery. */
export type FavoriteSettingKind = "setting" | "jewellery";

/** A favourite setting or jewellery piece as its card shows it. */
export interface FavoriteSetting {
  id: number;
  kind: FavoriteSettingKind;
  name: string;
  path: string;
  /** Cents. */
  price: number;
  image: string | null;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null;
const isDiamondList = (v: unknown): v is FavoriteDiamond[] =>
  Array.isArray(v) &&
  v.every(
    (x) =>
      isObject(x) &&
      Number.isInteger(x.id) &&
      typeof x.path === "string" &&
      typeof x.title === "string" &&
      typeof x.grades === "string" &&
      Number.isFinite(x.price) &&
      Number.isInteger(x.shape) &&
      (x.pairedDiamondId === null || Number.isInteger(x.pairedDiamondId)),
  );
const isSettingList = (v: unknown): v is FavoriteSetting[] =>
  Array.isArray(v) &&
  v.every(
    (x) =>
      isObject(x) &&
      Number.isInteger(x.id) &&
      (x.kind === "setting" || x.kind === "jewellery") &&
      typeof x.name === "string" &&
      typeof x.path === "string" &&
      Number.isFinite(x.price) &&
      (x.image === null || typeof x.image === "string"),
  );
const isOwner = (v: unknown): v is string | null => v === null || typeof v === "string";

export const favoriteDiamonds = persisted<FavoriteDiamond[]>("loupe:favorite-diamonds", [], isDiamondList);
/** Favourite settings and jewellery in one list (each entry says its kind). */
export const favoriteSettings = persisted<FavoriteSetting[]>("loupe:favorite-settings", [], isSettingList);
/** Whose lists these are: the signed-in customer's guid once they follow the server, null for a visitor's own. */
export const favoritesOwner = persisted<string | null>(FAVORITES_OWNER_KEY, null, isOwner);
/** The last my-stuff failure to tell the shopper (§8: my-stuff failures are not swallowed), or null. */
export const favoritesError = signal<string | null>(null);

/** Whether diamond `id` is a favourite (itself, or the pair following a favourite). */
export function isFavoriteDiamond(list: readonly FavoriteDiamond[], id: number): boolean {
  return list.some((d) => d.id === id || d.pairedDiamondId === id);
}

export function isFavoriteSetting(list: readonly FavoriteSetting[], kind: FavoriteSettingKind, id: number): boolean {
  return list.some((s) => s.kind === kind && s.id === id);
}

/** The diamond ids a list stands for: each favourite and the pair following it. */
export function diamondIdsOf(list: readonly FavoriteDiamond[]): number[] {
  return [...new Set(list.flatMap((d) => (d.pairedDiamondId ? [d.id, d.pairedDiamondId] : [d.id])))];
}

/** `d` added first (its pair follows it by `pairedDiamondId`), or `d` and its pair taken out. */
export function toggledDiamonds(list: readonly FavoriteDiamond[], d: FavoriteDiamond): { list: FavoriteDiamond[]; added: boolean } {
  if (!isFavoriteDiamond(list, d.id)) return { list: [d, ...list], added: true };
  const gone = new Set([d.id, ...(d.pairedDiamondId ? [d.pairedDiamondId] : [])]);
  for (const x of list) if (x.id === d.id && x.pairedDiamondId) gone.add(x.pairedDiamondId);
  return { list: list.filter((x) => !gone.has(x.id) && !(x.pairedDiamondId !== null && gone.has(x.pairedDiamondId))), added: false };
}

export function toggledSettings(list: readonly FavoriteSetting[], s: FavoriteSetting): { list: FavoriteSetting[]; added: boolean } {
  if (!isFavoriteSetting(list, s.kind, s.id)) return { list: [s, ...list], added: true };
  return { list: list.filter((x) => !(x.kind === s.kind && x.id === s.id)), added: false };
}

/** A visitor's toggle: the local lists alone (no request). */
export function toggleDiamondLocally(d: FavoriteDiamond): boolean {
  const next = toggledDiamonds(favoriteDiamonds.value, d);
  favoriteDiamonds.value = next.list;
  return next.added;
}

export function toggleSettingLocally(s: FavoriteSetting): boolean {
  const next = toggledSettings(favoriteSettings.value, s);
  favoriteSettings.value = next.list;
  return next.added;
}
