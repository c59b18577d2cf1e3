/**
 * Login state in the browser (§4 "Quiz and login"): the stored user and its token in one signal, set and
 * cleared together. In the web app the session token lives in an HttpOnly cookie, so `token` is null here
 * (API clients keep theirs); the user comes from the root loader on each document load (sign-in and sign-out
 * are document posts). Also the one-time local storage reset keyed `v3`: it runs when this module is first
 * evaluated in the browser, which the entry makes the first thing it does, before any state module reads
 * localStorage.
 */
import { signal } from "@preact/signals-core";
import type { StoredUser } from "#shared/accounts/schemas.ts";
import type { SignedInUser } from "../account-context";
import { localStore, type SafeStorage } from "./storage";

/** The signed-in shopper and their token, or null when signed out. */
export interface Session {
  user: StoredUser;
  token: string | null;
}

/** The login state: one value, so the user and the token can never disagree. */
export const session = signal<Session | null>(null);

/** Signs the browser's state in: the user and the token together (the user's own `token` field follows it). */
export function setSession(user: Omit<StoredUser, "token">, token: string | null): void {
  session.value = { user: { ...user, token }, token };
}

/** Signs the browser's state out: the user and the token together. */
export function clearSession(): void {
  session.value = null;
}

/**
 * Follows the root loader's signed-in user (on hydration): sets the session for a user, clears it for
 * null. The token stays null: the HttpOnly cookie carries it.
 */
export function syncSession(user: SignedInUser | null): void {
  if (!user) {
    clearSession();
    return;
  }
  const current = session.value?.user;
  // The same user again keeps the same value (subscribers are not woken for nothing).
  if (current && current.userGuid === user.userGuid && current.firstName === user.firstName && current.email === user.email) return;
  setSession(
    {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      fbUserId: user.fbUserId,
      profileImageUrl: user.profileImageUrl,
      userGuid: user.userGuid,
      accountConfirmed: user.accountConfirmed,
    },
    null,
  );
}

/** Storage key of whose favourites this browser keeps (client/state/favorites.ts): a customer's guid, or null for a visitor's own. */
export const FAVORITES_OWNER_KEY = "loupe:favorites-owner";

/**
 * Whether the favourites need the sync code on this document (client/state/favorites-sync.ts): a customer
 * is signed in, or the stored favourites were a customer's (signed out since: they are cleared). A visitor's
 * pages never load it. Storage errors count as "no".
 */
export function favoritesNeedSync(user: SignedInUser | null): boolean {
  if (user) return true;
  const owner = localStore.getItem(FAVORITES_OWNER_KEY);
  return owner !== null && owner !== "null";
}

/** The local storage version marker's key and the current version (§4: reset once, keyed v3). */
export const STORAGE_VERSION_KEY = "loupe:storage-version";
export const STORAGE_VERSION = "v3";
const PREFIX = "loupe:";

/** The part of the storage wrapper (client/state/storage.ts) the reset uses. */
export type ResettableStorage = Pick<SafeStorage, "getItem" | "setItem" | "removeItem" | "keys">;

/**
 * The one-time reset: when the marker is not `v3`, every `loupe:` key is removed (state written by older
 * versions of the site) and the marker set. Returns whether it reset. Storage errors (privacy mode, quota,
 * blocked storage) are swallowed: the site works without it (the site's wrapper never throws; others may).
 */
export function resetLocalStorageOnce(storage: ResettableStorage | null | undefined): boolean {
  try {
    if (!storage || storage.getItem(STORAGE_VERSION_KEY) === STORAGE_VERSION) return false;
    for (const key of storage.keys()) if (key.startsWith(PREFIX)) storage.removeItem(key);
    storage.setItem(STORAGE_VERSION_KEY, STORAGE_VERSION);
    return true;
  } catch {
    return false;
  }
}

// In the browser, before any other state module reads localStorage (client/entry.client.tsx imports this first).
if (typeof window !== "undefined") resetLocalStorageOnce(localStore);
