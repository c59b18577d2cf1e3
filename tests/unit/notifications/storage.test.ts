/**
 * The storage wrapper (§8 storage access errors; decision 043): with a storage that throws on every call, or
 * whose `window` property throws, reads and writes still work in memory for the page; a working storage is
 * used as is; on the server nothing is kept; however many calls fail, one error event is sent per session.
 */
import { describe, expect, it } from "vitest";
import { type StorageFailure, safeStorage } from "#client/state/storage.ts";
import { reportOnce, storageFailure } from "#client/state/storage-report.ts";

/** A Web Storage in memory; `fail` names the calls that throw (as Safari's private mode or a full quota make them). */
class TestStorage implements Storage {
  readonly items = new Map<string, string>();
  constructor(private readonly fail: ReadonlySet<string> = new Set()) {}
  private check(call: string) {
    if (this.fail.has(call)) throw new DOMException(`${call} refused`, call === "setItem" ? "QuotaExceededError" : "SecurityError");
  }
  get length() {
    this.check("length");
    return this.items.size;
  }
  key(i: number) {
    this.check("key");
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string) {
    this.check("getItem");
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.check("setItem");
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.check("removeItem");
    this.items.delete(k);
  }
  clear() {
    this.items.clear();
  }
}

const EVERYTHING = new Set(["length", "key", "getItem", "setItem", "removeItem"]);

function wrapped(open: () => Storage | null) {
  const failures: StorageFailure[] = [];
  return { store: safeStorage("localStorage", open, (...args) => failures.push(storageFailure(...args))), failures };
}

describe("the storage wrapper", () => {
  it("uses a working storage as is and reports nothing", () => {
    const real = new TestStorage();
    real.setItem("before", "1");
    const { store, failures } = wrapped(() => real);
    store.setItem("a", "x");
    store.removeItem("before");
    expect([store.getItem("a"), store.getItem("before"), real.items.get("a")]).toEqual(["x", null, "x"]);
    expect(store.keys()).toEqual(["a"]);
    expect(failures).toEqual([]);
  });

  it("keeps reads and writes working in memory when every call throws", () => {
    const { store, failures } = wrapped(() => new TestStorage(EVERYTHING));
    expect(store.getItem("cart")).toBeNull();
    store.setItem("cart", "[1]");
    store.setItem("seen", "[2]");
    expect(store.getItem("cart")).toBe("[1]");
    store.removeItem("seen");
    expect(store.getItem("seen")).toBeNull();
    expect(store.keys()).toEqual(["cart"]);
    expect(failures.map((f) => f.operation)).toEqual(["get", "set", "set", "remove", "keys"]);
    expect(failures[1]).toEqual({ storage: "localStorage", operation: "set", error: "QuotaExceededError", message: "setItem refused" });
  });

  it("works in memory when opening the storage throws (cookies disabled: `window.localStorage` is a SecurityError)", () => {
    let opened = 0;
    const { store, failures } = wrapped(() => {
      opened++;
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    store.setItem("k", "v");
    expect(store.getItem("k")).toBe("v");
    expect(store.keys()).toEqual(["k"]);
    expect(opened).toBe(1);
    expect(failures).toEqual([{ storage: "localStorage", operation: "open", error: "SecurityError", message: "The operation is insecure." }]);
  });

  it("reads what a full storage still holds, and what this page could not write from memory", () => {
    const real = new TestStorage(new Set(["setItem"]));
    real.items.set("old", "kept");
    const { store } = wrapped(() => real);
    store.setItem("new", "memory");
    expect([store.getItem("old"), store.getItem("new")]).toEqual(["kept", "memory"]);
    expect(store.keys().sort()).toEqual(["new", "old"]);
  });

  it("keeps nothing where there is no storage (the server: no memory shared between requests)", () => {
    const { store, failures } = wrapped(() => null);
    store.setItem("k", "v");
    expect(store.getItem("k")).toBeNull();
    expect(store.keys()).toEqual([]);
    expect(failures).toEqual([]);
  });
});

describe("the storage error event", () => {
  it("is sent once however many calls fail, in both storages", () => {
    const sent: StorageFailure[] = [];
    const once = reportOnce((f) => sent.push(f));
    const report = (...args: Parameters<typeof storageFailure>) => once(storageFailure(...args));
    const local = safeStorage("localStorage", () => new TestStorage(EVERYTHING), report);
    const session = safeStorage("sessionStorage", () => new TestStorage(EVERYTHING), report);
    for (let i = 0; i < 50; i++) {
      local.setItem(`k${i}`, "v");
      local.getItem(`k${i}`);
      session.removeItem(`k${i}`);
    }
    expect(sent).toEqual([{ storage: "localStorage", operation: "set", error: "QuotaExceededError", message: "setItem refused" }]);
  });

  it("is not sent again when an earlier page of the session sent it", () => {
    const sent: StorageFailure[] = [];
    let flag = false;
    const alreadySent = () => {
      const was = flag;
      flag = true;
      return was;
    };
    const failure: StorageFailure = { storage: "localStorage", operation: "get", error: "SecurityError", message: "no" };
    reportOnce((f) => sent.push(f), alreadySent)(failure);
    const nextPage = reportOnce((f) => sent.push(f), alreadySent);
    nextPage(failure);
    nextPage(failure);
    expect(sent).toHaveLength(1);
  });
});
