/**
 * `/service-worker.js` (§4 "A service worker at /service-worker.js"): a classic script the worker writes per
 * deploy from the Vite manifest — the hashed assets to precache and a cache name tied to the version and the
 * asset list — with `/offline`, the page a navigation gets when the network fails. Written here as text (not
 * bundled): it runs in the browser's service-worker scope, with no module of ours available.
 */
import { CACHE_PREFIX } from "#shared/version/current.ts";

/** The path of the page served to navigations that fail offline (precached at install). */
export const OFFLINE_PATH = "/offline";

/** The slice of the Vite manifest read here: each chunk's file and its CSS. */
export type AssetManifest = Record<string, { file: string; css?: string[] }>;

/** Every hashed file the manifest names (JS chunks and their CSS), site-relative, sorted, once each. */
export function precacheList(manifest: AssetManifest): string[] {
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if (chunk.file?.startsWith("assets/")) files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) if (css.startsWith("assets/")) files.add(`/${css}`);
  }
  return [...files].sort();
}

/** A short hex digest of the asset list: a deploy with other assets gets another cache, even at the same version. */
export async function assetsDigest(files: readonly string[]): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(files.join("\n"))));
  return [...hash.slice(0, 6)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The script: install precaches the offline page and the assets (then takes over at once); activate deletes
 * every other cache of ours (old deploys'); fetch answers hashed assets from the cache first (their names
 * never change), and a navigation the network fails with the offline page. Other requests are not touched.
 */
export function serviceWorkerScript({ cacheName, precache }: { cacheName: string; precache: readonly string[] }): string {
  return `"use strict";
const CACHE = ${JSON.stringify(cacheName)};
const PREFIX = ${JSON.stringify(CACHE_PREFIX)};
const OFFLINE = ${JSON.stringify(OFFLINE_PATH)};
const PRECACHE = ${JSON.stringify(precache)};
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll([OFFLINE, ...PRECACHE])).then(() => self.skipWaiting()),
  );
});
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).catch(() => caches.match(OFFLINE, { cacheName: CACHE }).then((page) => page || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    // A purge (pwa off) deletes the cache while this worker still controls the page, and nothing here may bring
    // it back: caches.match, never caches.open; and a hit is answered as a copy, since Chromium writes a script's
    // code cache into the cache its response came from, re-creating a deleted cache by name.
    event.respondWith(
      caches
        .match(request, { cacheName: CACHE })
        .then((hit) => (hit ? new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers: hit.headers }) : fetch(request))),
    );
  }
});
`;
}

/** The offline page: self-contained (inline style, no script), so the cache alone can show it. */
export const OFFLINE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>You are offline — Loupe</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; padding: 3rem 1.5rem; color: #1b1b1b; background: #fff; }
main { max-width: 32rem; margin: 0 auto; }
h1 { font-size: 1.6rem; }
a { color: #1f4e79; }
</style>
</head>
<body>
<main>
<h1>You are offline</h1>
<p>This page needs a connection. Check it, then try again.</p>
<p><a href="/">Try again</a></p>
</main>
</body>
</html>
`;
