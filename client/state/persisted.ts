/**
 * A signal mirrored to localStorage (§4 browser state): read once when the module is evaluated in the
 * browser, written back on each change. On the server, and where storage is blocked, it is a plain signal.
 */
import { effect, signal, type Signal } from "@preact/signals-core";

/** A signal kept under `key` in localStorage; a stored value that fails `valid` is ignored. */
export function persisted<T>(key: string, initial: T, valid: (v: unknown) => v is T): Signal<T> {
  const s = signal(initial);
  if (typeof window === "undefined") return s;
  try {
    const raw = localStorage.getItem(key);
    if (raw) {
      const parsed: unknown = JSON.parse(raw);
      if (valid(parsed)) s.value = parsed;
    }
  } catch {
    // Unreadable or blocked storage: start empty, keep working in memory.
  }
  // Written back on change only: the value just read needs no write (a page's start stays short).
  let read = true;
  effect(() => {
    const value = s.value;
    if (read) return void (read = false);
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Quota or privacy mode: the in-memory value still serves this visit.
    }
  });
  return s;
}
