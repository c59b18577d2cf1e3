/**
 * Login state in the browser (§4): the stored user and token in one signal, set and cleared together; the
 * one-time local storage reset keyed v3. Also the account pages' pure helpers: the problems of a refusal,
 * the rate limit's wait, which pages are account pages, the sign-in link, the social buttons a page may
 * show and the lists an unsubscribe link names.
 */
import { effect } from "@preact/signals-core";
import { beforeEach, describe, expect, it } from "vitest";
import { MIN_PASSWORD, loginMessage, problemsOf, waitText } from "#client/components/account-form.tsx";
import { isGuid, listOf } from "#client/components/account-lists.ts";
import { isAccountPage, signInHref } from "#client/components/account-paths.ts";
import { socialHref, socialProviders } from "#client/components/account-social.tsx";
import {
  STORAGE_VERSION,
  STORAGE_VERSION_KEY,
  clearSession,
  resetLocalStorageOnce,
  session,
  setSession,
  syncSession,
  type ResettableStorage,
} from "#client/state/session.ts";
import { MIN_PASSWORD_LENGTH } from "#shared/accounts/schemas.ts";
import { DEFAULT_FLAGS } from "#shared/flags.ts";
import { ADA } from "./fake-account";

/** An in-memory Web Storage. */
class MemoryStorage implements ResettableStorage {
  readonly items = new Map<string, string>();
  keys() {
    return [...this.items.keys()];
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

describe("login state", () => {
  beforeEach(() => clearSession());

  it("holds the user and the token in one value: set together, cleared together", () => {
    const seen: unknown[] = [];
    const stop = effect(() => void seen.push(session.value));
    const { token: _, ...user } = { ...ADA, token: null };
    setSession(user, "bearer-token");
    expect(session.value).toEqual({ user: { ...ADA, token: "bearer-token" }, token: "bearer-token" });
    clearSession();
    expect(session.value).toBeNull();
    stop();
    // One notification per change: subscribers never see a user without its token or the reverse.
    expect(seen).toEqual([null, { user: { ...ADA, token: "bearer-token" }, token: "bearer-token" }, null]);
  });

  it("follows the root loader's user: the web app's token stays in the cookie (null here)", () => {
    syncSession(ADA);
    expect(session.value).toEqual({ user: { ...ADA, token: null }, token: null });
    const first = session.value;
    syncSession({ ...ADA });
    expect(session.value).toBe(first);
    syncSession({ ...ADA, firstName: "Augusta" });
    expect(session.value?.user.firstName).toBe("Augusta");
    syncSession(null);
    expect(session.value).toBeNull();
  });
});

describe("the one-time local storage reset (v3)", () => {
  it("removes every loupe: key once, keeps other sites' keys, and sets the marker", () => {
    const storage = new MemoryStorage();
    for (const k of ["loupe:recently-viewed", "loupe:hidden-diamonds", "loupe:storage-version", "other:thing"]) storage.setItem(k, "old");
    expect(resetLocalStorageOnce(storage)).toBe(true);
    expect(Object.fromEntries(storage.items)).toEqual({ "other:thing": "old", [STORAGE_VERSION_KEY]: STORAGE_VERSION });
    expect(STORAGE_VERSION).toBe("v3");

    // Later starts keep what this version wrote.
    storage.setItem("loupe:recently-viewed", "[1]");
    expect(resetLocalStorageOnce(storage)).toBe(false);
    expect(storage.getItem("loupe:recently-viewed")).toBe("[1]");
  });

  it("runs on an empty storage too (a first visit), and swallows storage errors", () => {
    const empty = new MemoryStorage();
    expect(resetLocalStorageOnce(empty)).toBe(true);
    expect(empty.getItem(STORAGE_VERSION_KEY)).toBe("v3");
    const blocked = new MemoryStorage();
    blocked.setItem = () => {
      throw new DOMException("quota", "QuotaExceededError");
    };
    expect(() => resetLocalStorageOnce(blocked)).not.toThrow();
    expect(resetLocalStorageOnce(null)).toBe(false);
    expect(resetLocalStorageOnce(undefined)).toBe(false);
  });
});

describe("account page helpers", () => {
  it("puts a detail about a field on the page beside it, anything else above the form", () => {
    const details = [
      { path: "email", message: "Enter a valid email address" },
      { path: "securityStamp", message: "This link is not valid" },
    ];
    expect(problemsOf({ message: "Invalid body", details }, ["email", "password"])).toEqual({
      message: "This link is not valid",
      fields: { email: "Enter a valid email address" },
    });
    expect(problemsOf({ message: "Invalid body", details: [details[0]!] }, ["email"])).toEqual({
      message: null,
      fields: { email: "Enter a valid email address" },
    });
    expect(problemsOf({ message: "Wrong email or password" }, ["email"])).toEqual({ message: "Wrong email or password", fields: {} });
  });

  it("words the sign-in refusals", () => {
    expect(loginMessage({ ok: false, kind: "unauthorized", message: "Invalid credentials" })).toBe("Wrong email or password");
    expect(loginMessage({ ok: false, kind: "rate_limited", message: "Too many failed sign-ins.", retryAfter: 900 })).toBe(
      "Too many failed sign-ins. Try again in 15 minutes.",
    );
    expect(loginMessage({ ok: false, kind: "forbidden", message: "Confirm your email" })).toBeUndefined();
    expect(waitText(30)).toBe("Try again in 1 minute.");
    expect(waitText(61)).toBe("Try again in 2 minutes.");
  });

  it("the password hint's minimum is the server's", () => {
    expect(MIN_PASSWORD).toBe(MIN_PASSWORD_LENGTH);
  });

  it("knows the account pages (the header offers no Sign in there)", () => {
    for (const p of ["/login", "/logout", "/register", "/register/confirm", "/forgot-password", "/reset", "/unsubscribe", "/Home/UnsubscribeEmailAction"]) {
      expect(isAccountPage(p), p).toBe(true);
    }
    for (const p of ["/", "/cart", "/diamond-search", "/loginx", "/registered-users", "/home"]) expect(isAccountPage(p), p).toBe(false);
  });

  it("the header's sign-in link returns to the page, never to an account entry or another site", () => {
    expect(signInHref("/diamond-search/s?shape=oval")).toBe("/login?returnUrl=%2Fdiamond-search%2Fs%3Fshape%3Doval");
    expect(signInHref("/")).toBe("/login");
    expect(signInHref("/register")).toBe("/login");
    expect(signInHref("//evil.example")).toBe("/login");
  });

  it("shows a social sign-in only when configured, and Google never where the page prevents it", () => {
    const both = { google: true, facebook: true };
    expect(socialProviders(both, DEFAULT_FLAGS)).toEqual(["google", "facebook"]);
    expect(socialProviders(both, { preventGoogleSignIn: true })).toEqual(["facebook"]);
    expect(socialProviders({ google: true, facebook: false }, { preventGoogleSignIn: true })).toEqual([]);
    expect(socialProviders({ google: false, facebook: false }, DEFAULT_FLAGS)).toEqual([]);
    expect(socialProviders(undefined, DEFAULT_FLAGS)).toEqual([]);
    expect(socialHref("google", "/cart?x=1")).toBe("/login/google?returnUrl=%2Fcart%3Fx%3D1");
    expect(socialHref("facebook", "https://evil.example/")).toBe("/login/facebook?returnUrl=%2F");
  });

  it("reads an unsubscribe link's list and guid", () => {
    expect(listOf("partialAccount")).toBe("partialAccount");
    expect(listOf("ORDER_REVIEWS")).toBe("orderReviews");
    expect(listOf("", "marketing")).toBe("marketing");
    expect(listOf("carrier-pigeon", "marketing")).toBeNull();
    expect(isGuid(ADA.userGuid)).toBe(true);
    expect(isGuid("not-a-guid")).toBe(false);
  });
});
