import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * One Cloudflare toolchain (docs/decisions/005-dependency-pins.md): the worker tests, `wrangler dev` and
 * `wrangler deploy` run on the same wrangler, miniflare and workerd. The lockfile is what `npm ci` installs,
 * so a second copy of any of them (a test integration bringing its own) shows up here.
 */
interface LockPackage {
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const root = new URL("../../../", import.meta.url);
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as { packages: Record<string, LockPackage> };
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as LockPackage;

/** Every version of `name` the lockfile installs, at any depth. */
function versionsOf(name: string): string[] {
  const found = Object.entries(lock.packages)
    .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
    .map(([, pkg]) => pkg.version);
  return [...new Set(found)];
}

describe("one Cloudflare toolchain", () => {
  it("installs a single wrangler, miniflare and workerd: the wrangler of package.json and its own runtime", () => {
    expect(versionsOf("wrangler")).toEqual([manifest.devDependencies!.wrangler]);
    const wrangler = lock.packages["node_modules/wrangler"]!;
    expect(versionsOf("miniflare")).toEqual([wrangler.dependencies!.miniflare]);
    expect(versionsOf("workerd")).toEqual([wrangler.dependencies!.workerd]);
  });

  it("runs the worker tests in that wrangler's runtime (the pool asks for exactly these versions)", () => {
    const pool = lock.packages["node_modules/@cloudflare/vitest-pool-workers"]!;
    expect(pool.version).toBe(manifest.devDependencies!["@cloudflare/vitest-pool-workers"]);
    expect(pool.dependencies!.wrangler).toBe(lock.packages["node_modules/wrangler"]!.version);
    expect(pool.dependencies!.miniflare).toBe(lock.packages["node_modules/miniflare"]!.version);
    expect(versionsOf("@cloudflare/vitest-plugin")).toEqual([]);
  });
});
