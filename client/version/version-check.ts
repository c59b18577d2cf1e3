/**
 * The version check and service worker, loaded as its own chunk once the page is idle (client/root.tsx):
 * wires the browser's fetch, timers, location, caches and service workers into check.ts and pwa.ts.
 */
import { APP_VERSION } from "#shared/version/current.ts";
import { startVersionCheck, type Timers } from "./check";
import { applyPwa, emitUpdateFound } from "./pwa";

const log = (message: string, detail?: unknown) => console.info(`[version] ${message}`, ...(detail === undefined ? [] : [detail]));

/** Starts the periodic version check and applies the pwa flag; returns a function that stops the checks. */
export function startVersion(): () => void {
  // Looked up at call time (not bound once), so a test clock installed on the page replaces them.
  const timers: Timers = {
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (id) => window.clearInterval(id as number),
  };
  const caches = "caches" in window ? window.caches : undefined;
  const serviceWorker = "serviceWorker" in navigator ? navigator.serviceWorker : undefined;
  const fetcher: typeof fetch = (input, init) => window.fetch(input, init);
  void applyPwa({ fetch: fetcher, timers, serviceWorker, caches, emit: emitUpdateFound, log }).catch((err: unknown) => log("service worker unavailable", err));
  return startVersionCheck({ bundled: APP_VERSION, fetch: fetcher, timers, location: window.location, caches, serviceWorker, log });
}
