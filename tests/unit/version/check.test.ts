/**
 * The browser's version check (client/version/check.ts) and pwa flag (client/version/pwa.ts) with injected
 * fetch, timers (vitest's fake clock), location, caches and service workers: what the page does, when.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkVersion, startVersionCheck, type Timers, type VersionCheckDeps } from "#client/version/check.ts";
import { applyPwa } from "#client/version/pwa.ts";
import { VERSION_REASONS } from "#shared/version/compare.ts";

const timers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as number),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id as number),
};

type Answer = unknown | Error | "hang";
/** A fetch answering `/api/version` and `/api/version?env=…` from the given answers (an Error: a network failure). */
function fakeFetch(answers: { running: Answer; latest: Answer | ((env: string) => Answer) }) {
  const calls: string[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push(path);
    const env = /[?&]env=([^&]*)/.exec(path)?.[1];
    const a = env !== undefined ? (typeof answers.latest === "function" ? answers.latest(env) : answers.latest) : answers.running;
    if (a === "hang")
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    if (a instanceof Error) throw a;
    if (a instanceof Response) return a;
    return new Response(a === undefined ? "" : JSON.stringify(a), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { fetcher, calls };
}

function page(pathname: string, answers: Parameters<typeof fakeFetch>[0], bundled = "1.3.97") {
  const { fetcher, calls } = fakeFetch(answers);
  const reloads: number[] = [];
  const logs: string[] = [];
  const deleted: string[] = [];
  const unregistered: string[] = [];
  const location = { pathname, reload: () => reloads.push(Date.now()) };
  const deps: VersionCheckDeps = {
    bundled,
    fetch: fetcher,
    timers,
    location,
    caches: {
      keys: async () => ["loupe-sw-1.3.97-abc", "other-app", "loupe-sw-1.3.96"],
      delete: async (k: string) => {
        deleted.push(k);
        return true;
      },
    },
    serviceWorker: {
      getRegistrations: async () => [
        {
          scope: "/",
          unregister: async () => {
            unregistered.push("/");
            return true;
          },
        } as unknown as ServiceWorkerRegistration,
      ],
    },
    log: (m) => logs.push(m),
  };
  return { deps, calls, reloads, logs, deleted, unregistered, location };
}

const RUNNING = { version: "1.3.98", environment: "production" };
const LATEST = { major: 1, minor: 3, patch: 98 };

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("checkVersion: any failure means no update, with the §8 reason", () => {
  it.each<[string, Answer, Answer, string]>([
    ["the server's version unreachable", new TypeError("Failed to fetch"), LATEST, VERSION_REASONS.staticUnavailable],
    ["the server's version a 503", new Response("{}", { status: 503 }), LATEST, VERSION_REASONS.staticUnavailable],
    ["the server's version empty", undefined, LATEST, VERSION_REASONS.noData],
    ["the server's version malformed", { version: "one", environment: "x" }, LATEST, VERSION_REASONS.invalidFormat],
    ["the latest release unreachable", RUNNING, new TypeError("Failed to fetch"), VERSION_REASONS.dynamicUnavailable],
    ["the latest release a 500", RUNNING, new Response("{}", { status: 500 }), VERSION_REASONS.dynamicUnavailable],
    ["the latest release empty", RUNNING, undefined, VERSION_REASONS.noData],
    ["the latest release null", RUNNING, null, VERSION_REASONS.noData],
    ["the latest release as text", RUNNING, { major: "1", minor: "3", patch: "99" }, VERSION_REASONS.invalidFormat],
    ["the latest release without patch", RUNNING, { major: 1, minor: 4 }, VERSION_REASONS.invalidFormat],
  ])("%s", async (_name, running, latest, reason) => {
    const p = page("/", { running, latest });
    expect(await checkVersion(p.deps)).toEqual({ update: false, reason });
    expect(p.logs).toEqual([reason]);
  });

  it("asks the latest release of the running server's environment", async () => {
    const p = page("/", { running: RUNNING, latest: LATEST });
    expect(await checkVersion(p.deps)).toEqual({ update: true });
    expect(p.calls).toEqual(["/api/version", "/api/version?env=production"]);
  });

  it("gives up on a request after 3,000 ms (Static version info unavailable)", async () => {
    const p = page("/", { running: "hang", latest: LATEST });
    const result = checkVersion(p.deps);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(p.logs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ update: false, reason: VERSION_REASONS.staticUnavailable });
  });

  it("a hanging latest-release request: Dynamic version info unavailable after 3,000 ms", async () => {
    const p = page("/", { running: RUNNING, latest: "hang" });
    const result = checkVersion(p.deps);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await result).toEqual({ update: false, reason: VERSION_REASONS.dynamicUnavailable });
  });
});

describe("startVersionCheck", () => {
  it("an older bundle: purges this site's caches and service workers, reloads 120,000 ms later, once", async () => {
    const p = page("/diamond-search", { running: RUNNING, latest: LATEST });
    startVersionCheck(p.deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(p.deleted).toEqual(["loupe-sw-1.3.97-abc", "loupe-sw-1.3.96"]);
    expect(p.unregistered).toEqual(["/"]);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(p.reloads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.reloads).toEqual([120_000]);
    // The next check (at 180,000 ms) does not schedule another reload (the page is going away).
    await vi.advanceTimersByTimeAsync(400_000);
    expect(p.reloads).toHaveLength(1);
  });

  it("a version bump seen by an open tab: nothing at start, the reload after the next check", async () => {
    let latest: Answer = { major: 1, minor: 3, patch: 97 };
    const p = page("/", { running: RUNNING, latest: () => latest });
    startVersionCheck(p.deps);
    await vi.advanceTimersByTimeAsync(179_999);
    expect(p.calls).toHaveLength(2);
    latest = LATEST;
    await vi.advanceTimersByTimeAsync(1);
    expect(p.calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(p.reloads).toEqual([300_000]);
  });

  it.each(["/cart", "/checkout", "/orders/7/checkout"])("never reloads on %s (purges all the same)", async (path) => {
    const p = page(path, { running: RUNNING, latest: LATEST });
    startVersionCheck(p.deps);
    await vi.advanceTimersByTimeAsync(1_000_000);
    expect(p.reloads).toEqual([]);
    expect(p.logs).toContain("update found");
    expect(p.deleted.length).toBeGreaterThan(0);
  });

  it("a shopper who moved to the cart before the reload keeps the page", async () => {
    const p = page("/", { running: RUNNING, latest: LATEST });
    startVersionCheck(p.deps);
    await vi.advanceTimersByTimeAsync(60_000);
    p.location.pathname = "/cart";
    await vi.advanceTimersByTimeAsync(500_000);
    expect(p.reloads).toEqual([]);
  });

  it("the same bundle as the latest release: no update, nothing purged, checks every 180,000 ms", async () => {
    const p = page("/", { running: RUNNING, latest: LATEST }, "1.3.98");
    const stop = startVersionCheck(p.deps);
    await vi.advanceTimersByTimeAsync(540_000);
    expect(p.calls.filter((c) => c === "/api/version")).toHaveLength(4);
    stop();
    await vi.advanceTimersByTimeAsync(540_000);
    expect(p.calls.filter((c) => c === "/api/version")).toHaveLength(4);
    expect(p.deleted).toEqual([]);
    expect(p.reloads).toEqual([]);
  });
});

describe("applyPwa", () => {
  function container() {
    const listeners: (() => void)[] = [];
    const registration = {
      scope: "http://shop.test/",
      active: null as object | null,
      unregistered: 0,
      addEventListener: (_type: string, fn: () => void) => listeners.push(fn),
      unregister: async () => {
        registration.unregistered += 1;
        return true;
      },
    };
    const registered: [string, RegistrationOptions | undefined][] = [];
    const others = [
      {
        unregister: async () => {
          registration.unregistered += 1;
          return true;
        },
      },
    ];
    const sw = {
      register: async (url: string, options?: RegistrationOptions) => {
        registered.push([url, options]);
        return registration;
      },
      getRegistrations: async () => others,
    } as unknown as ServiceWorkerContainer;
    return { sw, registration, registered, fire: () => listeners.forEach((f) => f()) };
  }
  const config = (pwa: unknown) => (async () => new Response(JSON.stringify({ pwa }))) as unknown as typeof fetch;

  it("pwa true: registers /service-worker.js for the site; an update unregisters it and emits 'update found'", async () => {
    const c = container();
    const emitted: unknown[] = [];
    const logs: string[] = [];
    const deps = { fetch: config(true), timers, serviceWorker: c.sw, emit: (d: unknown) => emitted.push(d), log: (m: string) => logs.push(m) };
    expect(await applyPwa(deps)).toBe("registered");
    expect(c.registered).toEqual([["/service-worker.js", { scope: "/" }]]);
    // The first install is not an update.
    c.fire();
    expect(emitted).toEqual([]);
    c.registration.active = {};
    c.fire();
    expect(emitted).toEqual([{ scope: "http://shop.test/" }]);
    expect(c.registration.unregistered).toBe(1);
    expect(logs).toEqual(["update found"]);
  });

  it.each([false, "true", null])("pwa %s: unregisters every service worker and deletes this site's caches", async (pwa) => {
    const c = container();
    const deleted: string[] = [];
    const caches = {
      keys: async () => ["loupe-sw-1", "x"],
      delete: async (k: string) => {
        deleted.push(k);
        return true;
      },
    };
    expect(await applyPwa({ fetch: config(pwa), timers, serviceWorker: c.sw, caches, emit: () => {}, log: () => {} })).toBe("purged");
    expect(c.registered).toEqual([]);
    expect(c.registration.unregistered).toBe(1);
    expect(deleted).toEqual(["loupe-sw-1"]);
  });

  it("an unreadable appconfig changes nothing", async () => {
    const c = container();
    const failing = (async () => {
      throw new TypeError("offline");
    }) as unknown as typeof fetch;
    expect(await applyPwa({ fetch: failing, timers, serviceWorker: c.sw, emit: () => {}, log: () => {} })).toBe("unchanged");
    expect(c.registration.unregistered).toBe(0);
  });
});
