/**
 * Navigation state (§2 "Navigation behaviour"): the current route's full path is stored on each
 * navigation except /login and /register, and the previous one when there is one; a product popup is
 * marked shown when the route name changes. Kept in signals and mirrored to sessionStorage.
 */
import { batch, signal } from "@preact/signals-core";
import { isRouteStored } from "#shared/flags.ts";
import { sessionStore } from "./storage";

export const currentRoute = signal<string | null>(null);
export const previousRoute = signal<string | null>(null);
export const productPopupShown = signal(false);
let currentRouteName: string | null = null;

const KEY_CURRENT = "loupe:route:current";
const KEY_PREVIOUS = "loupe:route:previous";

// Storage can be unavailable (private mode, quota): the wrapper keeps the values in memory for the page.
function store(key: string, value: string | null) {
  if (value === null) sessionStore.removeItem(key);
  else sessionStore.setItem(key, value);
}

/** Restores the stored routes after hydration. */
export function restoreNavigation() {
  batch(() => {
    currentRoute.value = sessionStore.getItem(KEY_CURRENT);
    previousRoute.value = sessionStore.getItem(KEY_PREVIOUS);
  });
}

/** Records a navigation to `fullPath` (path + query) of the route named `routeName`. */
export function recordNavigation(fullPath: string, routeName: string) {
  if (routeName !== currentRouteName) {
    if (currentRouteName !== null) productPopupShown.value = true;
    currentRouteName = routeName;
  }
  const path = fullPath.split("?")[0] ?? fullPath;
  if (!isRouteStored(path) || fullPath === currentRoute.value) return;
  batch(() => {
    if (currentRoute.value) previousRoute.value = currentRoute.value;
    currentRoute.value = fullPath;
  });
  store(KEY_PREVIOUS, previousRoute.value);
  store(KEY_CURRENT, currentRoute.value);
}
