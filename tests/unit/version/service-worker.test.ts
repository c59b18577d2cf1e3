/**
 * The service worker the worker writes (worker/version/service-worker.ts), run in a fake service-worker scope:
 * what install precaches, what activate deletes, and what fetch answers (assets from the cache, the offline page
 * for a navigation the network fails, everything else left to the browser).
 */
import { describe, expect, it } from "vitest";
import { assetsDigest, precacheList, serviceWorkerScript } from "#worker/version/service-worker.ts";

type Listener = (event: FakeEvent) => void;
interface FakeEvent {
  request?: Request;
  waitUntil(p: Promise<unknown>): void;
  respondWith(p: Promise<Response>): void;
}

/** A scope with Cache Storage in memory and a network that answers `network` (or fails when offline). */
function scope(script: string, { offline = false, existing = [] as string[] } = {}) {
  const listeners = new Map<string, Listener>();
  const stores = new Map<string, Map<string, Response>>(existing.map((k) => [k, new Map()]));
  const fetched: string[] = [];
  let skipped = false;
  let claimed = false;
  const fetcher = async (input: RequestInfo | URL) => {
    const u = input instanceof Request ? input.url : String(new URL(String(input), "https://shop.test"));
    fetched.push(new URL(u).pathname);
    if (offline) throw new TypeError("Failed to fetch");
    return new Response(`network ${new URL(u).pathname}`);
  };
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      addAll: async (paths: string[]) => {
        for (const p of paths) store.set(p, await fetcher(p));
      },
      match: async (req: Request | string) => store.get(typeof req === "string" ? req : new URL(req.url).pathname)?.clone(),
    };
  };
  // CacheStorage.match with a cacheName looks in that cache only, and never creates it.
  const match = async (req: Request | string, options: { cacheName: string }) =>
    stores
      .get(options.cacheName)
      ?.get(typeof req === "string" ? req : new URL(req.url).pathname)
      ?.clone();
  const caches = { open, match, keys: async () => [...stores.keys()], delete: async (k: string) => stores.delete(k) };
  const self = {
    location: new URL("https://shop.test/service-worker.js"),
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: async () => {
      skipped = true;
    },
    clients: {
      claim: async () => {
        claimed = true;
      },
    },
  };
  new Function("self", "caches", "fetch", "Response", script)(self, caches, fetcher, Response);

  /** Dispatches an event; resolves with what it waited for or the response it gave (undefined: not handled). */
  async function dispatch(type: string, request?: Request): Promise<Response | undefined> {
    let waited: Promise<unknown> | undefined;
    let responded: Promise<Response> | undefined;
    listeners.get(type)!({ request, waitUntil: (p) => (waited = p), respondWith: (p) => (responded = p) });
    await waited;
    return responded ? await responded : undefined;
  }
  return { dispatch, stores, fetched, state: () => ({ skipped, claimed }), setOffline: (v: boolean) => (offline = v) };
}

const nav = (path: string) => {
  const r = new Request(`https://shop.test${path}`);
  Object.defineProperty(r, "mode", { value: "navigate" });
  return r;
};

describe("the service worker script", () => {
  const precache = precacheList({
    "client/entry.client.tsx": { file: "assets/entry.client-AAA.js", css: ["assets/styles-BBB.css"] },
    "_common.js": { file: "assets/common-CCC.js" },
    "client/routes/cart.tsx": { file: "assets/cart-DDD.js", css: ["assets/styles-BBB.css"] },
    "client/static/x.svg": { file: "x.svg" },
  });
  const script = serviceWorkerScript({ cacheName: "loupe-sw-1.3.98-abc", precache });

  it("precaches each hashed file once, sorted (nothing outside /assets/)", () => {
    expect(precache).toEqual(["/assets/cart-DDD.js", "/assets/common-CCC.js", "/assets/entry.client-AAA.js", "/assets/styles-BBB.css"]);
  });

  it("install: the offline page and every asset in this deploy's cache, then takes over", async () => {
    const sw = scope(script);
    await sw.dispatch("install");
    expect([...sw.stores.get("loupe-sw-1.3.98-abc")!.keys()].sort()).toEqual(["/offline", ...precache].sort());
    expect(sw.state().skipped).toBe(true);
  });

  it("activate: deletes the older deploys' caches (only this site's), claims the pages", async () => {
    const sw = scope(script, { existing: ["loupe-sw-1.3.97-old", "loupe-sw-1.3.98-abc", "someone-else"] });
    await sw.dispatch("activate");
    expect([...sw.stores.keys()].sort()).toEqual(["loupe-sw-1.3.98-abc", "someone-else"]);
    expect(sw.state().claimed).toBe(true);
  });

  it("fetch: assets from the cache, navigations from the network, the offline page when the network fails", async () => {
    const sw = scope(script);
    await sw.dispatch("install");
    sw.fetched.length = 0;
    expect(await (await sw.dispatch("fetch", new Request("https://shop.test/assets/cart-DDD.js")))!.text()).toBe("network /assets/cart-DDD.js");
    expect(sw.fetched).toEqual([]);
    expect(await (await sw.dispatch("fetch", nav("/diamond-search")))!.text()).toBe("network /diamond-search");
    sw.setOffline(true);
    expect(await (await sw.dispatch("fetch", nav("/diamond-search")))!.text()).toBe("network /offline");
    // Not the worker's business: API calls, other origins, changes.
    expect(await sw.dispatch("fetch", new Request("https://shop.test/api/version"))).toBeUndefined();
    expect(await sw.dispatch("fetch", new Request("https://other.test/assets/x.js"))).toBeUndefined();
    expect(await sw.dispatch("fetch", new Request("https://shop.test/cart", { method: "POST" }))).toBeUndefined();
  });

  it("a page that purged the worker's cache (pwa off) does not get it back from the worker's next fetches", async () => {
    const sw = scope(script);
    await sw.dispatch("install");
    sw.stores.clear();
    expect(await (await sw.dispatch("fetch", new Request("https://shop.test/assets/cart-DDD.js")))!.text()).toBe("network /assets/cart-DDD.js");
    sw.setOffline(true);
    expect((await sw.dispatch("fetch", nav("/diamond-search")))!.type).toBe("error");
    expect([...sw.stores.keys()]).toEqual([]);
  });

  it("another asset list gets another cache name", async () => {
    expect(await assetsDigest(precache)).toMatch(/^[0-9a-f]{12}$/);
    expect(await assetsDigest(precache)).not.toBe(await assetsDigest(precache.slice(1)));
  });
});
