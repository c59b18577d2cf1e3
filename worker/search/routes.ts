/** §7 diamond search, saved diamond searches and the index status (shared/api/search.ts). */
import { searchOperations as ops } from "#shared/api/search.ts";
import { NO_FILTERS_FOUND } from "#shared/schemas.ts";
import { refused } from "#shared/refusal.ts";
import { handle } from "../http/routes";
import { signedInUser } from "../middleware/session";
import { markFavoriteDiamonds } from "../my-stuff/favorites";
import { serverTiming, type Timings } from "../lib/timings";
import { loadSearch, restoreSearch, saveSearch } from "./saved";
import { searchDiamonds, searchIndex } from "./service";

export const searchRoutes = [
  handle(ops.searchDiamonds, async ({ body }, c) => {
    const timings: Timings = {};
    const result = await searchDiamonds(c.env, body, Date.now(), timings);
    c.header("Server-Timing", serverTiming(timings));
    c.header("Cache-Control", "no-store");
    // The result may come from the cache shared by every visitor: the customer's favourites are marked on a copy.
    return { status: 200, body: { ...result, diamonds: await markFavoriteDiamonds(c.env.DB, (await signedInUser(c))?.id ?? null, result.diamonds) } };
  }),
  handle(ops.saveDiamondSearch, async ({ body }, c) => {
    const searchId = await saveSearch(c.env.DB, body, Date.now());
    c.header("Cache-Control", "no-store");
    return { status: 200, body: { searchId, filters: body } };
  }),
  handle(ops.getSavedSearch, async ({ params }, c) => {
    const saved = (await loadSearch(c.env.DB, params.id)) ?? refused("not_found", NO_FILTERS_FOUND);
    c.header("Cache-Control", "private, max-age=60");
    return { status: 200, body: saved };
  }),
  handle(ops.searchDiamondsBySearchId, async ({ query }, c) => {
    const includeFacets = query.includeFacets === "true" || query.includeFacets === "1";
    const page = { pageNumber: query.pageNumber, pageSize: query.pageSize, includeFacets };
    const restored = (await restoreSearch(c.env, query.searchId, page, (p) => c.executionCtx.waitUntil(p))) ?? refused("not_found", NO_FILTERS_FOUND);
    c.header("Cache-Control", "no-store");
    const diamonds = await markFavoriteDiamonds(c.env.DB, (await signedInUser(c))?.id ?? null, restored.result.diamonds);
    return { status: 200, body: { ...restored.result, diamonds, searchId: restored.saved.searchId, filters: restored.saved.filters } };
  }),
  handle(ops.searchIndexStatus, async (_, c) => {
    // For operators and the benchmark: which catalogue version the index holds, its size and load time.
    c.header("Cache-Control", "no-store");
    return { status: 200, body: await searchIndex(c.env).describe() };
  }),
];
