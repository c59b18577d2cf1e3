/**
 * The §8 storage error event (decision 043): the first storage failure of a session is sent once as a
 * `local-storage-error` event to `POST /api/logging/client-event`; later failures are not. Its own chunk,
 * loaded by client/state/storage.ts on the first failure: browsers whose storage works never load it.
 */
import type { StorageFailure, StorageName, StorageOperation } from "./storage";

/** A failed call as the event reports it: the error's name and message, cut short. */
export function storageFailure(storage: StorageName, operation: StorageOperation, err: unknown): StorageFailure {
  const e = err as { name?: unknown; message?: unknown } | null;
  return {
    storage,
    operation,
    error: typeof e?.name === "string" ? e.name.slice(0, 60) : "Error",
    message: typeof e?.message === "string" ? e.message.slice(0, 200) : String(err).slice(0, 200),
  };
}

/**
 * The reporter: `send` runs for the first failure only. `alreadySent` tells whether an earlier page of this
 * session sent it (a flag in sessionStorage when that works); without it, the page's first failure is sent.
 */
export function reportOnce(send: (f: StorageFailure) => void, alreadySent: () => boolean = () => false): (f: StorageFailure) => void {
  let done = false;
  return (f) => {
    if (done) return;
    done = true;
    if (!alreadySent()) send(f);
  };
}

const SENT_KEY = "loupe:storage-error-sent";

/**
 * Whether this tab's session sent the event already (and marks it sent). Read directly, not through the
 * wrapper: a failure here must not report itself. Without session storage, one event per page load.
 */
function sessionFlag(): boolean {
  try {
    if (window.sessionStorage.getItem(SENT_KEY)) return true;
    window.sessionStorage.setItem(SENT_KEY, "1");
  } catch {
    // No session storage either: one event per page load is the best this browser allows.
  }
  return false;
}

/** §7 local-storage-error event, fire and forget (the shopper never waits on it or hears of it). */
function sendEvent(f: StorageFailure): void {
  fetch("/api/logging/client-event", {
    method: "POST",
    keepalive: true,
    headers: { "content-type": "application/json" },
    // The path only: a query may carry an email or a search the log has no need of.
    body: JSON.stringify({ event: "local-storage-error", ...f, page: location.pathname.slice(0, 300) }),
  }).catch(() => undefined);
}

/** The page's reporter. */
export const reportStorageError = reportOnce(sendEvent, sessionFlag);
