/**
 * §7 version, app configuration and the site's own-host calls (issue 23 point 3; decision 042):
 * - under /api (versionRoutes): `GET /version` (running version, or with `?env=` the latest release),
 *   `PUT|DELETE /version/{environment}` (admin), `GET /appconfig`, `PUT /appconfig` (admin) — all no-store;
 * - at the root (versionSite, before SSR): `GET /generateRandomNumber`, `GET /service-worker.js`, `GET /offline`.
 */
import { Hono } from "hono";
import { versionOperations as ops } from "#shared/api/version.ts";
import { cryptoRandomNumber } from "#shared/version/compare.ts";
import { APP_VERSION } from "#shared/version/current.ts";
import type { AppEnv, Bindings } from "../env";
import { handle } from "../http/routes";
import { type AssetManifest, assetsDigest, OFFLINE_PAGE, precacheList, serviceWorkerScript } from "./service-worker";
import { announceRelease, latestRelease, overridePwa, pwaEnabled, withdrawRelease } from "./store";

/** The PWA variable (wrangler `[vars]`, "true" or "false"; unset: false). Not in the generated Env: optional. */
type VersionBindings = Bindings & { PWA?: string };

const NO_STORE = "no-store";

export const versionRoutes = [
  handle(ops.version, async ({ query }, c) => {
    c.header("Cache-Control", NO_STORE);
    if (query.env) return { status: 200, body: await latestRelease(c.env.DB, query.env) };
    return { status: 200, body: { version: APP_VERSION, environment: c.env.APP_ENV ?? "local" } };
  }),
  handle(ops.announce, async ({ params, body }, c) => ({
    status: 200,
    body: await announceRelease(c.env.DB, params.environment, body, Date.now()),
  })),
  handle(ops.withdraw, async ({ params }, c) => {
    await withdrawRelease(c.env.DB, params.environment);
    return { status: 204, body: null };
  }),
  handle(ops.appConfig, async (_input, c) => {
    c.header("Cache-Control", NO_STORE);
    return { status: 200, body: { pwa: await pwaEnabled(c.env.DB, (c.env as VersionBindings).PWA) } };
  }),
  handle(ops.changeAppConfig, async ({ body }, c) => {
    await overridePwa(c.env.DB, body.pwa, Date.now());
    return { status: 200, body: { pwa: await pwaEnabled(c.env.DB, (c.env as VersionBindings).PWA) } };
  }),
];

/** The script once written (per isolate: a deploy's manifest never changes). */
let script: string | undefined;

async function workerScript(env: Bindings): Promise<string> {
  if (script) return script;
  let manifest: AssetManifest = {};
  try {
    const res = await env.ASSETS.fetch("https://assets.invalid/manifest.json");
    if (res.ok) manifest = (await res.json()) as AssetManifest;
  } catch (err) {
    // Without the manifest the worker still caches the offline page; nothing is kept (the next isolate retries).
    console.error(JSON.stringify({ level: "error", message: `service worker: manifest unavailable: ${String(err)}` }));
    return serviceWorkerScript({ cacheName: `loupe-sw-${APP_VERSION}`, precache: [] });
  }
  const precache = precacheList(manifest);
  const written = serviceWorkerScript({ cacheName: `loupe-sw-${APP_VERSION}-${await assetsDigest(precache)}`, precache });
  if (precache.length) script = written;
  return written;
}

export const versionSite = new Hono<AppEnv>()
  .get("/generateRandomNumber", (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json({ value: cryptoRandomNumber() });
  })
  .get("/service-worker.js", async (c) => {
    const body = await workerScript(c.env);
    return c.body(body, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      // Revalidated on every update check, so a deploy's new asset list reaches the browser.
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/",
    });
  })
  .get("/offline", (c) => c.html(OFFLINE_PAGE, 200, { "Cache-Control": "no-cache" }));
