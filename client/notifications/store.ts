/**
 * The toasts on screen (decision 043): a signal of the current notifications and the calls that change it —
 * `notify`, `update`, `dismiss`, and `hold`/`release` (a toast under the pointer or the keyboard stays until
 * left). Options are validated by shared/notifications.ts (§5, the §8 logs). Timers are injectable so tests
 * drive time themselves; the browser's `setTimeout` is the default (Playwright's `page.clock` controls it).
 * Loaded on demand (by client/notifications/mount.tsx, or by the first toast asked for): never in the first-load entry.
 */
import { signal, type ReadonlySignal } from "@preact/signals-core";
import {
  type NotificationInput,
  type NotificationLog,
  type NotificationOptions,
  type NotificationPatch,
  notificationOptions,
  patchedOptions,
} from "#shared/notifications.ts";

/** One toast on screen: its options, and how many notifications of its group it stands for (1 without a group). */
export interface Toast extends NotificationOptions {
  id: number;
  count: number;
}

/** The timer functions the store uses (the browser's, or a test's fake clock). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Most toasts kept at once: a newer one pushes out the oldest (a burst never covers the page). */
export const MAX_TOASTS = 4;

export interface NotificationStore {
  readonly toasts: ReadonlySignal<readonly Toast[]>;
  /** Shows a toast (or counts one more on its group's toast); its id, or null when the options had no message. */
  notify(input: NotificationInput): number | null;
  /** Changes a shown, ungrouped toast (message, tone, timeout: the timer restarts); false when it cannot. */
  update(id: number, patch: NotificationPatch): boolean;
  /** Removes a toast; false when it was not shown. */
  dismiss(id: number): boolean;
  /** Stops a toast's timer while the shopper reads it (pointer over it, focus inside). */
  hold(id: number): void;
  /** Restarts a held toast's full timeout. */
  release(id: number): void;
}

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A store of toasts; `log` receives the §8 messages (a console warning in the browser). */
export function createNotificationStore({
  timers = browserTimers,
  log = (message: NotificationLog) => console.warn(`notification: ${message}`),
}: {
  timers?: Timers;
  log?: (message: NotificationLog) => void;
} = {}): NotificationStore {
  const toasts = signal<readonly Toast[]>([]);
  const pending = new Map<number, unknown>();
  const held = new Set<number>();
  let nextId = 1;

  const stop = (id: number) => {
    if (pending.has(id)) timers.clearTimeout(pending.get(id));
    pending.delete(id);
  };
  // A timeout of 0 is sticky: no timer, the toast stays until dismissed; a held toast waits for its release.
  const start = (toast: Toast) => {
    stop(toast.id);
    if (toast.timeout > 0 && !held.has(toast.id))
      pending.set(
        toast.id,
        timers.setTimeout(() => dismiss(toast.id), toast.timeout),
      );
  };
  const replace = (toast: Toast) => {
    toasts.value = toasts.value.map((t) => (t.id === toast.id ? toast : t));
  };

  function dismiss(id: number): boolean {
    stop(id);
    held.delete(id);
    const before = toasts.value;
    toasts.value = before.filter((t) => t.id !== id);
    return toasts.value.length !== before.length;
  }

  function notify(input: NotificationInput): number | null {
    const options = notificationOptions(input, log);
    if (!options) return null;
    const same = options.group === null ? undefined : toasts.value.find((t) => t.group === options.group);
    if (same) {
      // One more of the group: the badge counts up and the toast stays its full time again.
      const counted = { ...same, count: same.count + 1 };
      replace(counted);
      start(counted);
      return same.id;
    }
    const toast: Toast = { ...options, id: nextId++, count: 1 };
    const kept = toasts.value.slice(-(MAX_TOASTS - 1));
    for (const dropped of toasts.value.slice(0, toasts.value.length - kept.length)) {
      stop(dropped.id);
      held.delete(dropped.id);
    }
    toasts.value = [...kept, toast];
    start(toast);
    return toast.id;
  }

  function update(id: number, patch: NotificationPatch): boolean {
    const current = toasts.value.find((t) => t.id === id);
    // §5: a grouped notification cannot be updated (its toast stands for several).
    if (!current || current.group !== null) return false;
    const next = { ...current, ...patchedOptions(current, patch, log) };
    replace(next);
    start(next);
    return true;
  }

  return {
    toasts,
    notify,
    update,
    dismiss,
    hold: (id) => {
      if (!toasts.value.some((t) => t.id === id)) return;
      held.add(id);
      stop(id);
    },
    release: (id) => {
      held.delete(id);
      const toast = toasts.value.find((t) => t.id === id);
      if (toast) start(toast);
    },
  };
}

/** The page's toasts. */
export const notifications = createNotificationStore();
