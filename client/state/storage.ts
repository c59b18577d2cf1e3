/**
 * Web Storage that never throws (§8 "Storage access errors fall back to an in-memory copy and send one error
 * event per session"; decision 043). Safari's private mode, disabled cookies (reading `window.localStorage`
 * itself throws a SecurityError), sandboxed frames and a full quota make storage calls throw; through these
 * wrappers a failed write is kept in memory and read back from there for the rest of the page, a failed read
 * answers what this page wrote (or nothing), and the first failure of the session is reported once as a
 * `local-storage-error` event (`POST /api/logging/client-event`, client/state/storage-report.ts). On the server there is no storage: reads
 * answer null and writes are dropped (never a memory shared between requests).
 * In the first-load entry (the v3 reset runs first thing): kept small, no imports.
 */

export type StorageName = "localStorage" | "sessionStorage";
/** Which call failed: opening the storage (the `window` property), or a read, write, removal or listing. */
export type StorageOperation = "open" | "get" | "set" | "remove" | "keys";

/** One failed storage call, as the error event reports it. */
export interface StorageFailure {
  storage: StorageName;
  operation: StorageOperation;
  /** The error's name (SecurityError, QuotaExceededError…). */
  error: string;
  message: string;
}

/** The part of Web Storage the site uses, without exceptions. */
export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Every key present (stored or kept in memory after a failure). */
  keys(): string[];
}

/** Hears a failed call with the error as thrown (the reporter shapes it into a `StorageFailure`). */
export type StorageErrorListener = (storage: StorageName, operation: StorageOperation, err: unknown) => void;

/**
 * A storage wrapper over `open()` (called once, on first use). `open` answering null means there is no
 * storage here (the server): nothing is kept. `onError` hears every failure (the reporter sends only one).
 */
export function safeStorage(name: StorageName, open: () => Storage | null | undefined, onError: StorageErrorListener): SafeStorage {
  // What this page wrote or removed while the storage refused it: a value, or null for removed.
  const memory = new Map<string, string | null>();
  let real: Storage | null | undefined;
  // Opening threw: the page keeps values in memory (unlike no storage at all, where nothing is kept).
  let blocked = false;
  const fail = (operation: StorageOperation, err: unknown) => onError(name, operation, err);
  const storage = (): Storage | null => {
    if (real !== undefined) return real;
    try {
      real = open() ?? null;
    } catch (err) {
      real = null;
      blocked = true;
      fail("open", err);
    }
    return real;
  };
  /** Runs `fn` on the real storage; false when there is none or it threw. */
  const attempt = (operation: StorageOperation, fn: (s: Storage) => void): boolean => {
    const s = storage();
    if (!s) return false;
    try {
      fn(s);
      return true;
    } catch (err) {
      fail(operation, err);
      return false;
    }
  };
  return {
    getItem(key) {
      if (memory.has(key)) return memory.get(key) ?? null;
      let value: string | null = null;
      attempt("get", (s) => void (value = s.getItem(key)));
      return value;
    },
    setItem(key, value) {
      if (attempt("set", (s) => s.setItem(key, value))) memory.delete(key);
      else if (real || blocked) memory.set(key, value);
    },
    removeItem(key) {
      if (attempt("remove", (s) => s.removeItem(key))) memory.delete(key);
      else if (real || blocked) memory.set(key, null);
    },
    keys() {
      const found = new Set<string>();
      attempt("keys", (s) => {
        for (let i = 0; i < s.length; i++) {
          const key = s.key(i);
          if (key !== null) found.add(key);
        }
      });
      for (const [key, value] of memory) {
        if (value === null) found.delete(key);
        else found.add(key);
      }
      return [...found];
    },
  };
}

/** Hands a failure to the reporter (client/state/storage-report.ts, its own chunk: loaded on the first failure only). */
const report: StorageErrorListener = (storage, operation, err) =>
  void import("./storage-report").then(
    (m) => m.reportStorageError(m.storageFailure(storage, operation, err)),
    () => undefined,
  );
const browser = typeof window !== "undefined";

/** The site's localStorage. */
export const localStore = safeStorage("localStorage", () => (browser ? window.localStorage : null), report);
/** The site's sessionStorage. */
export const sessionStore = safeStorage("sessionStorage", () => (browser ? window.sessionStorage : null), report);
