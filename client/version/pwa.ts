/**
 * §4 service workers: with appconfig's pwa flag on, `/service-worker.js` is registered for the whole site;
 * when the browser finds an update of it, the registration is removed and 'update found' is emitted (a DOM
 * CustomEvent on window, UPDATE_FOUND_EVENT, and a log line). With the flag off every service worker of the
 * site is unregistered and its caches deleted.
 */
import { UPDATE_FOUND_EVENT } from "#shared/version/current.ts";
import { getJson, purgeOldVersion, type Timers } from "./check";

export interface PwaDeps {
  fetch: typeof fetch;
  timers: Timers;
  serviceWorker?: ServiceWorkerContainer;
  caches?: Pick<CacheStorage, "keys" | "delete">;
  /** Emits 'update found' (the page: a CustomEvent on window). */
  emit(detail: { scope: string }): void;
  log(message: string, detail?: unknown): void;
}

/** Reads appconfig and registers or purges the service worker; an unreadable appconfig changes nothing. */
export async function applyPwa(deps: PwaDeps): Promise<"registered" | "purged" | "unchanged"> {
  if (!deps.serviceWorker) return "unchanged";
  let config: unknown;
  try {
    config = await getJson(deps, "/api/appconfig");
  } catch (err) {
    deps.log("appconfig unavailable", err);
    return "unchanged";
  }
  if ((config as { pwa?: unknown } | null)?.pwa !== true) {
    await purgeOldVersion(deps);
    return "purged";
  }
  const registration = await deps.serviceWorker.register("/service-worker.js", { scope: "/" });
  registration.addEventListener("updatefound", () => {
    // The first install also reports an installing worker; only a replacement of an active one is an update.
    if (!registration.active) return;
    void registration.unregister();
    deps.log("update found", { scope: registration.scope });
    deps.emit({ scope: registration.scope });
  });
  return "registered";
}

/** Emits UPDATE_FOUND_EVENT on window. */
export function emitUpdateFound(detail: { scope: string }): void {
  window.dispatchEvent(new CustomEvent(UPDATE_FOUND_EVENT, { detail }));
}
