/**
 * The app's version (§1 "App version 1.3.98"), alone in a module of constants so the browser's version check
 * (client/version/) can bundle it without the landing page's data: the bundle's build-time version.
 */
export const APP_VERSION = "1.3.98";

/** The environments a release is announced for (`GET /api/version?env=`, `PUT /api/version/{environment}`). */
export const ENVIRONMENTS = ["local", "staging", "production"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** §9: the version check runs at start and every 180,000 ms; each request waits at most 3,000 ms. */
export const VERSION_CHECK_INTERVAL_MS = 180_000;
export const VERSION_REQUEST_TIMEOUT_MS = 3_000;
/** §4: after an update is found the page reloads 120,000 ms later (never on the cart or checkout). */
export const VERSION_RELOAD_DELAY_MS = 120_000;
/** Names of this site's Cache Storage entries (the service worker's): the version check purges only these. */
export const CACHE_PREFIX = "loupe-";
/** The DOM event (on window) the page emits when its service worker found an update (§4 'update found'). */
export const UPDATE_FOUND_EVENT = "loupe:update-found";
