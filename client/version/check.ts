/**
 * §4 version checking, with every browser dependency injected (fetch, timers, location, caches, service
 * workers, the log): the running server's version and the latest release are read with a 3,000 ms timeout;
 * when the bundle is older than the latest release and the server already runs it, this site's caches and
 * service workers are purged and the page reloads 120,000 ms later — never on the cart or checkout.
 */
import {
  needsUpdate,
  parseVersion,
  readRunningVersion,
  readVersionParts,
  reloadAllowed,
  VERSION_REASONS,
  type VersionReason,
} from "#shared/version/compare.ts";
import { CACHE_PREFIX, VERSION_CHECK_INTERVAL_MS, VERSION_RELOAD_DELAY_MS, VERSION_REQUEST_TIMEOUT_MS } from "#shared/version/current.ts";

/** Timers as the page has them (Playwright's page.clock replaces these). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export interface VersionCheckDeps {
  /** The bundle's build-time version (APP_VERSION as compiled into this chunk). */
  bundled: string;
  fetch: typeof fetch;
  timers: Timers;
  location: { readonly pathname: string; reload(): void };
  caches?: Pick<CacheStorage, "keys" | "delete">;
  serviceWorker?: Pick<ServiceWorkerContainer, "getRegistrations">;
  log(message: string, detail?: unknown): void;
}

/** What one check decided: update, or not and why (a §8 reason when a version could not be read). */
export type CheckResult = { update: true } | { update: false; reason?: VersionReason };

/** GETs JSON with the version request's timeout (a timer of `timers`, so a test's clock drives it). */
export async function getJson(deps: Pick<VersionCheckDeps, "fetch" | "timers">, path: string): Promise<unknown> {
  const abort = new AbortController();
  const timer = deps.timers.setTimeout(() => abort.abort(), VERSION_REQUEST_TIMEOUT_MS);
  try {
    const res = await deps.fetch(path, { signal: abort.signal, credentials: "same-origin", cache: "no-store", headers: { accept: "application/json" } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const text = await res.text();
    return text.trim() ? JSON.parse(text) : null;
  } finally {
    deps.timers.clearTimeout(timer);
  }
}

/** One check: reads both versions and decides; any failure means no update, with its reason logged. */
export async function checkVersion(deps: VersionCheckDeps): Promise<CheckResult> {
  const noUpdate = (reason: VersionReason, detail?: unknown): CheckResult => {
    deps.log(reason, detail);
    return { update: false, reason };
  };
  let running: unknown;
  try {
    running = await getJson(deps, "/api/version");
  } catch (err) {
    return noUpdate(VERSION_REASONS.staticUnavailable, err);
  }
  const server = readRunningVersion(running);
  if (!server.ok) return noUpdate(server.reason);
  let release: unknown;
  try {
    release = await getJson(deps, `/api/version?env=${encodeURIComponent(server.environment ?? "local")}`);
  } catch (err) {
    return noUpdate(VERSION_REASONS.dynamicUnavailable, err);
  }
  const latest = readVersionParts(release);
  if (!latest.ok) return noUpdate(latest.reason);
  const bundled = parseVersion(deps.bundled);
  if (!bundled) return noUpdate(VERSION_REASONS.invalidFormat);
  return needsUpdate({ bundled, running: server.version, latest: latest.version }) ? { update: true } : { update: false };
}

/** Deletes this site's Cache Storage entries (the service worker's, by prefix) and unregisters its service workers. */
export async function purgeOldVersion(deps: Pick<VersionCheckDeps, "caches" | "serviceWorker">): Promise<void> {
  if (deps.caches) {
    const keys = await deps.caches.keys();
    await Promise.all(keys.filter((k) => k.startsWith(CACHE_PREFIX)).map((k) => deps.caches!.delete(k)));
  }
  if (deps.serviceWorker) {
    const registrations = await deps.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((r) => r.unregister()));
  }
}

/**
 * Checks now and every 180,000 ms. An update purges, then schedules one reload 120,000 ms later, unless the
 * page is the cart or checkout (then the page is never reloaded; checked again when the timer fires, since
 * the shopper may have moved there meanwhile). Returns a function that stops the checks.
 */
export function startVersionCheck(deps: VersionCheckDeps): () => void {
  let reloadScheduled = false;
  let running = false;
  const run = async () => {
    if (reloadScheduled || running) return;
    running = true;
    try {
      const result = await checkVersion(deps);
      if (!result.update) return;
      deps.log("update found", { path: deps.location.pathname });
      await purgeOldVersion(deps);
      if (!reloadAllowed(deps.location.pathname)) return;
      reloadScheduled = true;
      deps.timers.setTimeout(() => {
        if (reloadAllowed(deps.location.pathname)) deps.location.reload();
        else reloadScheduled = false;
      }, VERSION_RELOAD_DELAY_MS);
      deps.log("reload scheduled", { inMs: VERSION_RELOAD_DELAY_MS });
    } catch (err) {
      deps.log("version check failed", err);
    } finally {
      running = false;
    }
  };
  void run();
  const interval = deps.timers.setInterval(() => void run(), VERSION_CHECK_INTERVAL_MS);
  return () => deps.timers.clearInterval(interval);
}
