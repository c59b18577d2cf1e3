/**
 * Favourites and the server (issue 19; §4 favourites, §8): a customer's toggles call the my-stuff API and
 * keep the local lists (client/state/favorites.ts) in step — reverted, with a message, when the call fails;
 * at sign-in a visitor's local favourites are pushed (`POST my-stuff/diamondIds`, settings and jewellery one
 * by one) and the lists replaced by the server's; a returning customer's are fetched; at sign-out the lists
 * are cleared. Loaded on demand (a heart's first click, or the root once the browser is idle), never with a
 * page's first load.
 */
import type { SavedSetting } from "#shared/my-stuff/lists.ts";
import type { SavedDiamond } from "#shared/my-stuff/schemas.ts";
import { MAX_SAVED_DIAMONDS } from "#shared/my-stuff/schemas.ts";
import { diamondPath } from "#shared/slug.ts";
import { call } from "../api";
import { diamondTitle, gradeLine } from "../components/diamond-text";
import {
  type FavoriteDiamond,
  type FavoriteSetting,
  diamondIdsOf,
  favoriteDiamonds,
  favoriteSettings,
  favoritesError,
  favoritesOwner,
  isFavoriteSetting,
  toggledDiamonds,
  toggledSettings,
} from "./favorites";

/** A change outlives the page: a shopper who toggles (or signs in) and leaves at once still has it saved or removed. */
const KEEP = { keepalive: true } as const;

const UNREACHABLE = "We could not reach Loupe to update your favourites. Check your connection and try again.";

/** An API refusal (or a network failure: no status) as an Error whose message the shopper can read. */
class MyStuffFailure extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

type Answer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: { message: string } };

/** The answer's data; a refusal throws its message (§8: my-stuff failures are rethrown). */
function dataOf<T>(res: Answer<T>): T {
  if (!res.ok) throw new MyStuffFailure(res.error.message, res.status);
  return res.data;
}

/** Runs a call; a network failure becomes the shopper's message. */
async function reach<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof MyStuffFailure) throw e;
    throw new MyStuffFailure(UNREACHABLE);
  }
}

/** A saved diamond of the server's as the local list keeps it. */
export function favoriteOfSaved(s: SavedDiamond): FavoriteDiamond {
  const d = s.diamond;
  return { id: d.id, path: diamondPath(d), title: diamondTitle(d), grades: gradeLine(d), price: d.price, shape: d.shape, pairedDiamondId: d.pairedDiamondId };
}

/** A favourite setting or jewellery piece of the server's as the local list keeps it. */
export function favoriteOfSavedSetting(s: SavedSetting): FavoriteSetting {
  const first = s.setting.metals[0];
  return { id: s.itemId, kind: s.kind, name: s.setting.name, path: s.setting.url, price: first?.price ?? 0, image: first?.imagesUrl[0] ?? null };
}

/** Tells the shopper (and the console) of a failure; returns its message. */
function failed(e: unknown): string {
  const message = e instanceof MyStuffFailure ? e.message : UNREACHABLE;
  favoritesError.value = message;
  console.error("my stuff:", e);
  return message;
}

/**
 * A signed-in customer's heart on a diamond: saved (its pair follows) with `POST my-stuff/diamonds`, or
 * removed (with its pair) by `DELETE my-stuff/diamonds/{id}` (`/{a}/{b}` for a pair). The list changes at
 * once; a refused call puts it back and returns the message (null when it worked).
 */
export async function toggleDiamond(d: FavoriteDiamond): Promise<string | null> {
  toggles++;
  togglesInFlight++;
  try {
    return await toggleDiamondNow(d);
  } finally {
    togglesInFlight--;
  }
}

async function toggleDiamondNow(d: FavoriteDiamond): Promise<string | null> {
  const before = favoriteDiamonds.value;
  const pairId = d.pairedDiamondId ?? before.find((x) => x.id === d.id)?.pairedDiamondId ?? null;
  const next = toggledDiamonds(before, d);
  favoriteDiamonds.value = next.list;
  try {
    if (next.added) {
      const saved = dataOf(await reach(() => call("POST /my-stuff/diamonds", { body: { id: d.id } }, KEEP)));
      favoriteDiamonds.value = saved.diamonds.map(favoriteOfSaved);
    } else {
      const res = await reach(() =>
        pairId
          ? call("DELETE /my-stuff/diamonds/{a}/{b}", { params: { a: String(d.id), b: String(pairId) } }, KEEP)
          : call("DELETE /my-stuff/diamonds/{id}", { params: { id: String(d.id) } }, KEEP),
      );
      // Not saved on the server either (removed elsewhere): it is gone, as asked.
      if (!res.ok && res.status !== 404) dataOf(res);
    }
    favoritesError.value = null;
    return null;
  } catch (e) {
    const now = favoriteDiamonds.value;
    // Put back what this toggle changed (other changes since stay).
    const removed = before.filter((x) => !next.list.includes(x));
    favoriteDiamonds.value = next.added ? now.filter((x) => x.id !== d.id) : [...removed, ...now.filter((x) => !removed.some((r) => r.id === x.id))];
    return failed(e);
  }
}

/** A signed-in customer's heart on a setting or jewellery piece (`POST|DELETE my-stuff/settings/{id}` or `/jewellery/{id}`). */
export async function toggleSetting(s: FavoriteSetting): Promise<string | null> {
  toggles++;
  togglesInFlight++;
  try {
    return await toggleSettingNow(s);
  } finally {
    togglesInFlight--;
  }
}

async function toggleSettingNow(s: FavoriteSetting): Promise<string | null> {
  const next = toggledSettings(favoriteSettings.value, s);
  favoriteSettings.value = next.list;
  const params = { id: String(s.id) };
  try {
    if (next.added) {
      const list =
        s.kind === "jewellery"
          ? dataOf(await reach(() => call("POST /my-stuff/jewellery/{id}", { params }, KEEP))).jewelry
          : dataOf(await reach(() => call("POST /my-stuff/settings/{id}", { params }, KEEP))).settings;
      favoriteSettings.value = [...list.map(favoriteOfSavedSetting), ...favoriteSettings.value.filter((x) => x.kind !== s.kind)];
    } else {
      const res = await reach<Answer<unknown>>(() =>
        s.kind === "jewellery" ? call("DELETE /my-stuff/jewellery/{id}", { params }, KEEP) : call("DELETE /my-stuff/settings/{id}", { params }, KEEP),
      );
      if (!res.ok && res.status !== 404) dataOf(res);
    }
    favoritesError.value = null;
    return null;
  } catch (e) {
    const now = favoriteSettings.value;
    favoriteSettings.value = next.added ? now.filter((x) => !(x.kind === s.kind && x.id === s.id)) : isFavoriteSetting(now, s.kind, s.id) ? now : [s, ...now];
    return failed(e);
  }
}

/** Saves one diamond (one the catalogue no longer has is skipped). */
async function pushOne(id: number): Promise<void> {
  const res = await reach(() => call("POST /my-stuff/diamonds", { body: { id } }, KEEP));
  if (!res.ok && res.status !== 404) dataOf(res);
}

/** A visitor's local favourites, pushed at sign-in (a stone the catalogue no longer has is skipped). */
async function pushLocal(): Promise<void> {
  const ids = diamondIdsOf(favoriteDiamonds.value).slice(0, MAX_SAVED_DIAMONDS);
  if (ids.length) {
    const res = await reach(() => call("POST /my-stuff/diamondIds", { body: { ids } }, KEEP));
    // One unknown id refuses them all: then one by one, skipping those that are gone.
    if (!res.ok && res.status === 404) for (const id of ids) await pushOne(id);
    else dataOf(res);
  }
  for (const s of favoriteSettings.value) {
    const params = { id: String(s.id) };
    const res = await reach<Answer<unknown>>(() =>
      s.kind === "jewellery" ? call("POST /my-stuff/jewellery/{id}", { params }, KEEP) : call("POST /my-stuff/settings/{id}", { params }, KEEP),
    );
    if (!res.ok && res.status !== 404) dataOf(res);
  }
}

/**
 * Hearts toggled, and those whose call is still on its way. Each toggle keeps the lists in step by its own
 * call; a sync's fetch that overlapped one (its answer may predate the toggle's call) leaves the lists as
 * they are, and the next page fetches them afresh.
 */
let toggles = 0;
let togglesInFlight = 0;

/** The customer's favourites from the server, replacing the local lists (unless a toggle overlapped the fetch). */
async function fetchMine(): Promise<void> {
  const at = toggles;
  const overlapped = () => togglesInFlight > 0 || toggles !== at;
  if (overlapped()) return;
  const [diamonds, settings, jewellery] = await Promise.all([
    reach(() => call("GET /my-stuff-favorite-diamonds", {})),
    reach(() => call("GET /my-stuff-favorite-settings", {})),
    reach(() => call("GET /my-stuff-favorite-jewellery", {})),
  ]);
  const list = [...dataOf(settings).settings, ...dataOf(jewellery).jewelry].sort((a, b) => b.savedAt - a.savedAt);
  if (overlapped()) return;
  favoriteDiamonds.value = dataOf(diamonds).diamonds.map(favoriteOfSaved);
  favoriteSettings.value = list.map(favoriteOfSavedSetting);
}

let running: Promise<void> | null = null;

/**
 * Follows the document's signed-in user (the root calls it once the browser is idle): a customer who was a
 * visitor in this browser has their local favourites pushed, then every customer's lists are fetched and
 * replace the local ones (the lists of another customer who used this browser are dropped, never pushed);
 * signed out, lists that were a customer's are cleared. A failure leaves the lists as they were (the push is
 * tried again on the next page) and tells the shopper.
 */
export function syncFavorites(user: { userGuid: string } | null): Promise<void> {
  const work = async () => {
    const owner = favoritesOwner.value;
    if (!user) {
      if (owner !== null) {
        favoriteDiamonds.value = [];
        favoriteSettings.value = [];
        favoritesOwner.value = null;
      }
      return;
    }
    try {
      if (owner === null) await pushLocal();
      await fetchMine();
      favoritesOwner.value = user.userGuid;
    } catch (e) {
      // 401: the session ended meanwhile (signed out in another tab, or while this page was leaving): nothing
      // failed; the next page is signed out and the lists follow it then.
      if (e instanceof MyStuffFailure && e.status === 401) return;
      failed(e);
    }
  };
  const next = (running ?? Promise.resolve()).then(work);
  running = next;
  return next;
}
