/**
 * A signal mirrored to localStorage (§4 browser state): read once when the module is evaluated in the
 * browser, written back on each change. On the server it is a plain signal; where storage is blocked the
 * wrapper (client/state/storage.ts) keeps the value in memory for the page.
 */
import { effect, signal, type Signal } from "@preact/signals-core";
import { localStore } from "./storage";

/** A signal kept under `key` in localStorage; a stored value that fails `valid` is ignored. */
export function persisted<T>(key: string, initial: T, valid: (v: unknown) => v is T): Signal<T> {
  const s = signal(initial);
  if (typeof window === "undefined") return s;
  try {
    const raw = localStore.getItem(key);
    if (raw) {
      const parsed: unknown = JSON.parse(raw);
      if (valid(parsed)) s.value = parsed;
    }
  } catch {
    // A value that is not JSON (written by something else): start empty.
  }
  // Written back on change only: the value just read needs no write (a page's start stays short).
  let read = true;
  effect(() => {
    const value = s.value;
    if (read) return void (read = false);
    localStore.setItem(key, JSON.stringify(value));
  });
  return s;
}
