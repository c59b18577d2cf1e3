import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const rr = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * Builds the browser bundle: client/entry.client.tsx plus one chunk per route (lazy routes), hashed, with
 * a manifest the worker reads to link the entry, the matched route's chunks and the CSS into each page.
 * The worker itself is bundled by wrangler (wrangler.toml `main`).
 */
export default defineConfig(({ mode }) => ({
  // Copied as is into build/client: `_headers` (immutable caching of the hashed assets).
  publicDir: "client/static",
  resolve: {
    // react-router's package exports always name its development build (warnings, invariants with long
    // messages); production builds use the production files, as React Router's own Vite plugin does.
    alias:
      mode === "production"
        ? [
            { find: /^react-router$/, replacement: rr("index.mjs") },
            { find: /^react-router\/dom$/, replacement: rr("dom-export.mjs") },
          ]
        : [],
  },
  build: {
    outDir: "build/client",
    emptyOutDir: true,
    // At the root of the assets (not in .vite/) so the worker can read it through the ASSETS binding.
    manifest: "manifest.json",
    assetsInlineLimit: 0,
    // No preload helper in the entry: the server links each page's chunks (modulepreload), and a lazy
    // route's own imports load with it on client navigation. Saves the helper and its file map (0.5 KB gzip).
    modulePreload: false,
    target: "es2022",
    rollupOptions: {
      input: "client/entry.client.tsx",
      output: {
        // The entry and everything it imports statically (React, React DOM, React Router, signals, the root
        // and the chrome) in one chunk. Left to automatic splitting, the libraries land in the entry or in a
        // shared chunk depending on which modules a route happens to import, and the split costs gzip bytes
        // on every page (issue 2's 90 KB budget).
        codeSplitting: {
          groups: [
            { name: "app", test: /client[\\/]entry\.client\.tsx$/ },
            // Small modules most pages share, as one chunk: each extra chunk costs gzip bytes on every page
            // that loads it (decision 004), more than these modules cost the pages that do not need them.
            {
              name: "common",
              test: /(shared[\\/](enums|search-constants|ring-builder)|components[\\/](pager|shape-icon|diamond-text)|experiments[\\/]variants)\.tsx?$/,
            },
          ],
        },
      },
      onLog(level, log, handler) {
        // react-router marks its modules "use client" for RSC bundlers; meaningless in this bundle.
        if (log.code === "MODULE_LEVEL_DIRECTIVE") return;
        handler(level, log);
      },
    },
  },
}));
