/**
 * What pages call to show a toast (decision 043): a few bytes in the page's chunk; the store, its validation
 * and the toast component load with the first toast (or when the browser is idle, client/notifications/host.tsx).
 * A failed load (offline) loses the toast, never the action that asked for it.
 */
import type { NotificationInput } from "#shared/notifications.ts";

/** Shows a toast; resolves to its id (for `updateNotification`), or null when it could not be shown. */
export function notify(input: NotificationInput): Promise<number | null> {
  return import("./store").then(
    (m) => m.notifications.notify(input),
    () => null,
  );
}

/** Changes a shown, ungrouped toast (§5: grouped ones cannot be updated); resolves to whether it did. */
export function updateNotification(id: number, patch: { message?: string; tone?: "info" | "success" | "error"; timeout?: number }): Promise<boolean> {
  return import("./store").then(
    (m) => m.notifications.update(id, patch),
    () => false,
  );
}
