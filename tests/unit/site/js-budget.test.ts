/**
 * The first-load JavaScript budget (docs/decisions/004-javascript-budget.md): for every route of the route
 * tree, the scripts the server links into the page (the entry chunk, the route module's chunk and their
 * static imports, as client/entry.server.tsx links them with modulepreload) weigh at most 100 KB gzip.
 * Reads the last build (build/client/manifest.json): `npm test` builds first.
 */
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { routeAssets, type ViteManifest } from "#client/entry.server";

const BUDGET = 100 * 1024;
const MANIFEST = "build/client/manifest.json";

if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run \`npm run build\` first`);
const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as ViteManifest;
const routes = routeAssets(manifest);

/** gzip -9 bytes of each built file, as `npm run bench` weighs pages. */
const gzipped = new Map<string, number>();
function gzipBytes(file: string): number {
  let n = gzipped.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(`build/client/${file}`), { level: 9 }).length;
    gzipped.set(file, n);
  }
  return n;
}

describe("first-load JavaScript ≤ 100 KB gzip on every route", () => {
  it("covers every page module of the build", () => {
    const built = Object.keys(manifest).filter((k) => k.startsWith("client/routes/"));
    const routed = new Set(routes.map((r) => r.module));
    expect(built.length).toBeGreaterThan(0);
    expect(built.filter((k) => !routed.has(k))).toEqual([]);
  });

  for (const route of routes) {
    it(`${route.path} (${route.routeId})`, () => {
      // The page links the entry and, for a page route, its own module's chunk.
      expect(route.scripts[0]).toBe(manifest["client/entry.client.tsx"]?.file);
      if (route.module) expect(route.scripts).toContain(manifest[route.module]?.file);
      const bytes = route.scripts.reduce((sum, f) => sum + gzipBytes(f), 0);
      expect(
        bytes,
        `${route.path}: ${bytes.toLocaleString("en-US")} B gzip of JavaScript (budget ${BUDGET.toLocaleString("en-US")} B) in ${route.scripts.join(", ")}`,
      ).toBeLessThanOrEqual(BUDGET);
    });
  }
});
