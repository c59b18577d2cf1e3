/**
 * Favourites in the browser (issue 19 point 2; §4): a toggle adds a diamond with its pair following and takes
 * both out; a customer's toggle calls the API and keeps the lists in step, reverting with a message when it
 * fails; at sign-in a visitor's favourites are pushed and then replaced by the server's, a returning
 * customer's are fetched, another customer's are never pushed; at sign-out the lists are cleared. The API is
 * a fake fetch that records each call.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type FavoriteDiamond,
  type FavoriteSetting,
  favoriteDiamonds,
  favoriteSettings,
  favoritesError,
  favoritesOwner,
  isFavoriteDiamond,
  toggleDiamondLocally,
  toggleSettingLocally,
} from "#client/state/favorites.ts";
import { syncFavorites, toggleDiamond, toggleSetting } from "#client/state/favorites-sync.ts";
import { diamond, saved, setting } from "./pages-fake";

const GUID = "0b7e0c5e-1d2a-4f3b-9c8d-7e6f5a4b3c2d";
const fav = (id: number, pairedDiamondId: number | null = null): FavoriteDiamond => ({
  id,
  path: `/diamond/${id}/round`,
  title: `Diamond ${id}`,
  grades: "G · VS1 · Ideal",
  price: 500_000,
  shape: 1,
  pairedDiamondId,
});
const ring: FavoriteSetting = { id: 31, kind: "setting", name: "Petite Solitaire", path: "/setting/31/2", price: 120_000, image: null };
const pendant: FavoriteSetting = { id: 41, kind: "jewellery", name: "Diamond Pendant", path: "/fine-jewelry/41/2", price: 90_000, image: null };

type Reply = { status: number; body?: unknown };
let calls: { method: string; path: string; body: unknown }[];
let replies: Record<string, Reply | ((body: unknown) => Reply | Promise<Reply>)>;

const json = (status: number, body?: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body ?? {}), { status, headers: { "content-type": "application/json" } });
const refusal = (status: number, message: string): Reply => ({ status, body: { error: { code: status === 404 ? "not_found" : "conflict", message } } });

beforeEach(() => {
  favoriteDiamonds.value = [];
  favoriteSettings.value = [];
  favoritesOwner.value = null;
  favoritesError.value = null;
  calls = [];
  replies = {};
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const method = init.method ?? "GET";
    const path = url.replace(/^\/api/, "");
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const reply = replies[`${method} ${path}`];
    if (!reply) return json(500, { error: { code: "internal", message: `unexpected ${method} ${path}` } });
    const r = typeof reply === "function" ? await reply(body) : reply;
    return json(r.status, r.body);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a visitor's toggles (local lists only)", () => {
  it("a diamond is added with its pair following, and taken out with it", () => {
    expect(toggleDiamondLocally(fav(7, 8))).toBe(true);
    expect(isFavoriteDiamond(favoriteDiamonds.value, 7)).toBe(true);
    expect(isFavoriteDiamond(favoriteDiamonds.value, 8)).toBe(true);
    // Toggling the pair's heart takes both out.
    expect(toggleDiamondLocally(fav(8, 7))).toBe(false);
    expect(favoriteDiamonds.value).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("settings and jewellery keep their kind (the same id in both lists is two favourites)", () => {
    toggleSettingLocally(ring);
    toggleSettingLocally({ ...pendant, id: 31 });
    expect(favoriteSettings.value.map((s) => `${s.kind}:${s.id}`)).toEqual(["jewellery:31", "setting:31"]);
    toggleSettingLocally(ring);
    expect(favoriteSettings.value.map((s) => `${s.kind}:${s.id}`)).toEqual(["jewellery:31"]);
  });
});

describe("a customer's toggles call the API", () => {
  it("saving posts the id and the list becomes the server's (the pair as its own entry)", async () => {
    replies["POST /my-stuff/diamonds"] = {
      status: 200,
      body: { diamonds: [saved(7, { diamond: diamond(7, { pairedDiamondId: 8 }) }), saved(8, { diamond: diamond(8, { pairedDiamondId: 7 }) })] },
    };
    expect(await toggleDiamond(fav(7, 8))).toBeNull();
    expect(calls).toEqual([{ method: "POST", path: "/my-stuff/diamonds", body: { id: 7 } }]);
    expect(favoriteDiamonds.value.map((d) => [d.id, d.pairedDiamondId])).toEqual([
      [7, 8],
      [8, 7],
    ]);
    expect(favoriteDiamonds.value[0]!.path).toMatch(/^\/diamond\/7\/[a-z0-9.-]+$/);
  });

  it("removing a paired diamond deletes the pair; a single one by its id", async () => {
    favoriteDiamonds.value = [fav(7, 8), fav(8, 7), fav(9)];
    replies["DELETE /my-stuff/diamonds/7/8"] = { status: 204 };
    replies["DELETE /my-stuff/diamonds/9"] = { status: 204 };
    expect(await toggleDiamond(fav(7, 8))).toBeNull();
    expect(favoriteDiamonds.value.map((d) => d.id)).toEqual([9]);
    expect(await toggleDiamond(fav(9))).toBeNull();
    expect(favoriteDiamonds.value).toEqual([]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["DELETE /my-stuff/diamonds/7/8", "DELETE /my-stuff/diamonds/9"]);
  });

  it("a refused save is put back and its message shown (§8: not swallowed)", async () => {
    favoriteDiamonds.value = [fav(9)];
    replies["POST /my-stuff/diamonds"] = refusal(409, "You can keep at most 500 diamonds; remove some to save more.");
    expect(await toggleDiamond(fav(7))).toBe("You can keep at most 500 diamonds; remove some to save more.");
    expect(favoriteDiamonds.value.map((d) => d.id)).toEqual([9]);
    expect(favoritesError.value).toBe("You can keep at most 500 diamonds; remove some to save more.");
  });

  it("a failed removal puts the diamond back; a network failure says so", async () => {
    favoriteDiamonds.value = [fav(9), fav(10)];
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const message = await toggleDiamond(fav(9));
    expect(message).toMatch(/could not reach Loupe/);
    expect(favoriteDiamonds.value.map((d) => d.id).sort()).toEqual([10, 9].sort());
  });

  it("settings and jewellery go to their own calls; a refused one is taken out again", async () => {
    replies["POST /my-stuff/settings/31"] = { status: 200, body: { settings: [setting(31, "Petite Solitaire")] } };
    replies["POST /my-stuff/jewellery/41"] = refusal(404, "No such piece");
    expect(await toggleSetting(ring)).toBeNull();
    expect(await toggleSetting(pendant)).toBe("No such piece");
    expect(favoriteSettings.value.map((s) => `${s.kind}:${s.id}`)).toEqual(["setting:31"]);
    replies["DELETE /my-stuff/settings/31"] = { status: 204 };
    expect(await toggleSetting(ring)).toBeNull();
    expect(favoriteSettings.value).toEqual([]);
  });
});

describe("sign-in, returning customers, sign-out", () => {
  const serverLists = () => {
    replies["GET /my-stuff-favorite-diamonds"] = { status: 200, body: { diamonds: [saved(5), saved(7)] } };
    replies["GET /my-stuff-favorite-settings"] = { status: 200, body: { settings: [setting(31, "Petite Solitaire")] } };
    replies["GET /my-stuff-favorite-jewellery"] = { status: 200, body: { jewelry: [setting(41, "Diamond Pendant", "jewellery")] } };
  };

  it("at sign-in a visitor's favourites are pushed (diamonds with their pairs, settings, jewellery), then replaced by the server's", async () => {
    favoriteDiamonds.value = [fav(7, 8)];
    favoriteSettings.value = [ring, pendant];
    replies["POST /my-stuff/diamondIds"] = { status: 200, body: { diamonds: [] } };
    replies["POST /my-stuff/settings/31"] = { status: 200, body: { settings: [] } };
    replies["POST /my-stuff/jewellery/41"] = { status: 200, body: { jewelry: [] } };
    serverLists();
    await syncFavorites({ userGuid: GUID });
    expect(calls.slice(0, 3)).toEqual([
      { method: "POST", path: "/my-stuff/diamondIds", body: { ids: [7, 8] } },
      { method: "POST", path: "/my-stuff/settings/31", body: undefined },
      { method: "POST", path: "/my-stuff/jewellery/41", body: undefined },
    ]);
    expect(favoriteDiamonds.value.map((d) => d.id)).toEqual([5, 7]);
    expect(favoriteSettings.value.map((s) => `${s.kind}:${s.id}`).sort()).toEqual(["jewellery:41", "setting:31"]);
    expect(favoritesOwner.value).toBe(GUID);
  });

  it("a stone no longer listed refuses the push: the others are saved one by one", async () => {
    favoriteDiamonds.value = [fav(7), fav(99)];
    replies["POST /my-stuff/diamondIds"] = refusal(404, "No diamond 99");
    replies["POST /my-stuff/diamonds"] = (body) =>
      (body as { id: number }).id === 99 ? refusal(404, "No diamond 99") : { status: 200, body: { diamonds: [] } };
    serverLists();
    await syncFavorites({ userGuid: GUID });
    expect(calls.filter((c) => c.path === "/my-stuff/diamonds").map((c) => c.body)).toEqual([{ id: 7 }, { id: 99 }]);
    expect(favoritesOwner.value).toBe(GUID);
    expect(favoritesError.value).toBeNull();
  });

  it("a returning customer's favourites are fetched, nothing pushed", async () => {
    favoritesOwner.value = GUID;
    favoriteDiamonds.value = [fav(7)];
    serverLists();
    await syncFavorites({ userGuid: GUID });
    expect(calls.every((c) => c.method === "GET")).toBe(true);
    expect(favoriteDiamonds.value.map((d) => d.id)).toEqual([5, 7]);
  });

  it("another customer's lists left in this browser are never pushed: replaced by this customer's", async () => {
    favoritesOwner.value = "someone-else";
    favoriteDiamonds.value = [fav(66)];
    serverLists();
    await syncFavorites({ userGuid: GUID });
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    expect(favoriteDiamonds.value.map((d) => d.id)).toEqual([5, 7]);
  });

  it("a failed push keeps the local lists and the visitor's ownership (tried again next page), and says so", async () => {
    favoriteDiamonds.value = [fav(7)];
    replies["POST /my-stuff/diamondIds"] = refusal(409, "More than the customer may keep (500)");
    await syncFavorites({ userGuid: GUID });
    expect(favoriteDiamonds.value.map((d) => d.id)).toEqual([7]);
    expect(favoritesOwner.value).toBeNull();
    expect(favoritesError.value).toBe("More than the customer may keep (500)");
  });

  it("a session that ended while syncing (signed out meanwhile) is no failure: lists and ownership kept, no message", async () => {
    favoriteDiamonds.value = [fav(7)];
    replies["POST /my-stuff/diamondIds"] = { status: 401, body: { error: { code: "unauthorized", message: "Sign in to continue." } } };
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await syncFavorites({ userGuid: GUID });
    } finally {
      console.error = original;
    }
    expect(favoriteDiamonds.value.map((d) => d.id)).toEqual([7]);
    expect(favoritesOwner.value).toBeNull();
    expect(favoritesError.value).toBeNull();
    expect(logged).toEqual([]);
  });

  it("a heart toggled while the lists are on their way is not undone by them", async () => {
    favoritesOwner.value = GUID;
    favoriteDiamonds.value = [fav(5), fav(7)];
    serverLists();
    let arrive!: () => void;
    const held = new Promise<void>((resolve) => (arrive = resolve));
    replies["GET /my-stuff-favorite-diamonds"] = async () => {
      await held;
      return { status: 200, body: { diamonds: [saved(5), saved(7)] } };
    };
    replies["DELETE /my-stuff/diamonds/7"] = { status: 204 };
    const sync = syncFavorites({ userGuid: GUID });
    // The lists are asked for, then the heart is pressed before they arrive.
    await vi.waitFor(() => expect(calls.some((c) => c.path === "/my-stuff-favorite-diamonds")).toBe(true));
    expect(await toggleDiamond(fav(7))).toBeNull();
    arrive();
    await sync;
    expect(favoriteDiamonds.value.map((d) => d.id)).toEqual([5]);
    expect(favoritesError.value).toBeNull();
  });

  it("a heart pressed before the sync starts, its call still on its way: the sync leaves the lists to it", async () => {
    favoritesOwner.value = GUID;
    favoriteDiamonds.value = [fav(5), fav(7)];
    serverLists();
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    replies["DELETE /my-stuff/diamonds/7"] = async () => {
      await held;
      return { status: 204 };
    };
    const toggled = toggleDiamond(fav(7));
    await syncFavorites({ userGuid: GUID });
    answer();
    expect(await toggled).toBeNull();
    expect(favoriteDiamonds.value.map((d) => d.id)).toEqual([5]);
  });

  it("at sign-out a customer's lists are cleared; a visitor's stay", async () => {
    favoriteDiamonds.value = [fav(7)];
    await syncFavorites(null);
    expect(favoriteDiamonds.value.map((d) => d.id)).toEqual([7]);
    favoritesOwner.value = GUID;
    favoriteSettings.value = [ring];
    await syncFavorites(null);
    expect(favoriteDiamonds.value).toEqual([]);
    expect(favoriteSettings.value).toEqual([]);
    expect(favoritesOwner.value).toBeNull();
    expect(calls).toEqual([]);
  });
});
