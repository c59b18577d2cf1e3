/**
 * Issue 23 point 3 in the worker: `GET /api/version` (running, and `?env=` the latest release), the operator's
 * announcements (`PUT|DELETE /api/version/{environment}`, admin), `GET|PUT /api/appconfig`,
 * `GET /generateRandomNumber`, `/service-worker.js` and `/offline` — their bodies and caching headers.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { call } from "../helpers";

const ADMIN = { authorization: "Bearer test-admin-token", "content-type": "application/json" };
const put = (path: string, body: unknown, headers: Record<string, string> = ADMIN) =>
  call(path, { method: "PUT", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

afterEach(async () => {
  for (const e of ["local", "staging", "production"]) await call(`/api/version/${e}`, { method: "DELETE", headers: ADMIN });
  await put("/api/appconfig", { pwa: null });
});

describe("GET /api/version", () => {
  it("without env: the running version and environment, never cached", async () => {
    const res = await call("/api/version");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ version: "1.3.98", environment: env.APP_ENV });
  });

  it.each(["local", "staging", "production"])("?env=%s: the app's own version as { major, minor, patch } until a release is announced", async (e) => {
    const res = await call(`/api/version?env=${e}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ major: 1, minor: 3, patch: 98 });
  });

  it.each(["moon", "", "PRODUCTION", "local;drop"])("?env=%s is refused with 400", async (e) => {
    const res = await call(`/api/version?env=${encodeURIComponent(e)}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { details: { path: string }[] } }).error.details[0]!.path).toBe("env");
  });
});

describe("PUT /api/version/{environment} (an operator announces a release)", () => {
  it("is an unknown route (404) without the admin token, and changes nothing", async () => {
    expect((await put("/api/version/staging", { major: 9, minor: 0, patch: 0 }, {})).status).toBe(404);
    expect((await put("/api/version/staging", { major: 9, minor: 0, patch: 0 }, { authorization: "Bearer wrong" })).status).toBe(404);
    expect((await call("/api/version/staging", { method: "DELETE" })).status).toBe(404);
    expect(await (await call("/api/version?env=staging")).json()).toEqual({ major: 1, minor: 3, patch: 98 });
  });

  it("sets the latest release of that environment only; DELETE brings back the app's own version", async () => {
    const res = await put("/api/version/staging", { major: 1, minor: 4, patch: 0 });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ major: 1, minor: 4, patch: 0 });
    expect(await (await call("/api/version?env=staging")).json()).toEqual({ major: 1, minor: 4, patch: 0 });
    expect(await (await call("/api/version?env=production")).json()).toEqual({ major: 1, minor: 3, patch: 98 });
    // A later announcement replaces it (even an older version: a rollback).
    await put("/api/version/staging", { major: 1, minor: 3, patch: 97 });
    expect(await (await call("/api/version?env=staging")).json()).toEqual({ major: 1, minor: 3, patch: 97 });
    // The running version is the deploy's, whatever was announced.
    expect(await (await call("/api/version")).json()).toMatchObject({ version: "1.3.98" });
    expect((await call("/api/version/staging", { method: "DELETE", headers: ADMIN })).status).toBe(204);
    expect(await (await call("/api/version?env=staging")).json()).toEqual({ major: 1, minor: 3, patch: 98 });
  });

  it("announcements sent together leave one of them, whole", async () => {
    const versions = Array.from({ length: 20 }, (_, i) => ({ major: 2, minor: i, patch: i }));
    const answers = await Promise.all(versions.map((v) => put("/api/version/production", v)));
    expect(answers.map((r) => r.status)).toEqual(versions.map(() => 200));
    const latest = (await (await call("/api/version?env=production")).json()) as { minor: number; patch: number };
    expect(latest.minor).toBe(latest.patch);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM released_versions WHERE environment = 'production'").first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it.each<[string, string, unknown]>([
    ["an unknown environment", "/api/version/moon", { major: 1, minor: 0, patch: 0 }],
    ["numbers as text", "/api/version/local", { major: "1", minor: "4", patch: "0" }],
    ["a negative part", "/api/version/local", { major: 1, minor: -1, patch: 0 }],
    ["a fraction", "/api/version/local", { major: 1, minor: 4.5, patch: 0 }],
    ["a missing patch", "/api/version/local", { major: 1, minor: 4 }],
  ])("refuses %s with 400", async (_name, path, body) => {
    expect((await put(path, body)).status).toBe(400);
    expect(await (await call("/api/version?env=local")).json()).toEqual({ major: 1, minor: 3, patch: 98 });
  });
});

describe("GET /api/appconfig (the pwa flag)", () => {
  it("off by default (PWA unset), on with PWA=true, never cached", async () => {
    const res = await call("/api/appconfig");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ pwa: false });
    const on = await call("/api/appconfig", { env: { PWA: "true" } as never });
    expect(await on.json()).toEqual({ pwa: true });
    expect(await (await call("/api/appconfig", { env: { PWA: "false" } as never })).json()).toEqual({ pwa: false });
  });

  it("an operator overrides it (admin); null returns to the variable", async () => {
    expect((await put("/api/appconfig", { pwa: true }, {})).status).toBe(404);
    expect(await (await call("/api/appconfig")).json()).toEqual({ pwa: false });
    const res = await put("/api/appconfig", { pwa: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ pwa: true });
    expect(await (await call("/api/appconfig")).json()).toEqual({ pwa: true });
    // The override wins over the variable both ways.
    await put("/api/appconfig", { pwa: false });
    expect(await (await call("/api/appconfig", { env: { PWA: "true" } as never })).json()).toEqual({ pwa: false });
    await put("/api/appconfig", { pwa: null });
    expect(await (await call("/api/appconfig", { env: { PWA: "true" } as never })).json()).toEqual({ pwa: true });
    expect((await put("/api/appconfig", { pwa: "yes" })).status).toBe(400);
  });
});

describe("GET /generateRandomNumber (the site's own host)", () => {
  it("answers { value }, a 32-bit unsigned integer from the crypto source, never cached", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => call("/generateRandomNumber")));
    const values: number[] = [];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      const { value } = (await res.json()) as { value: number };
      expect(Number.isInteger(value) && value >= 0 && value < 2 ** 32).toBe(true);
      values.push(value);
    }
    expect(new Set(values).size).toBe(5);
    expect((await call("/api/generateRandomNumber")).status).toBe(404);
  });
});

describe("/service-worker.js and /offline", () => {
  it("serves the script at the root for the whole site, revalidated, with the hashed assets and the offline page to precache", async () => {
    const res = await call("/service-worker.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("service-worker-allowed")).toBe("/");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const script = await res.text();
    const manifest = (await (await env.ASSETS.fetch("https://assets.invalid/manifest.json")).json()) as Record<
      string,
      { file: string; isEntry?: boolean; css?: string[] }
    >;
    const entry = Object.values(manifest).find((c) => c.isEntry)!;
    const precache = JSON.parse(/const PRECACHE = (\[.*\]);/.exec(script)![1]!) as string[];
    expect(precache).toContain(`/${entry.file}`);
    for (const css of entry.css ?? []) expect(precache).toContain(`/${css}`);
    expect(precache.every((p) => p.startsWith("/assets/"))).toBe(true);
    expect(script).toContain('const OFFLINE = "/offline"');
    expect(script).toMatch(/const CACHE = "loupe-sw-1\.3\.98-[0-9a-f]{12}"/);
    // It parses as a script.
    expect(() => new Function(script)).not.toThrow();
  });

  it("the offline page is self-contained HTML", async () => {
    const res = await call("/offline");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("<h1>You are offline</h1>");
    expect(html).not.toMatch(/<script|<link/);
  });

  it("pages allow a same-origin service worker (CSP worker-src 'self')", async () => {
    const res = await call("/");
    expect(res.headers.get("content-security-policy")).toContain("worker-src 'self'");
  });
});
