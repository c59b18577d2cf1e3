/** Saved searches in my stuff (issue 19): save by searchId with the filters in words, rename, alert switch, remove, the access matrix and the limit of 50 under concurrency. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_SAVED_SEARCHES, type SavedSearchEntry } from "#shared/my-stuff/alerts.ts";
import { call, postJson, type ErrorBody } from "../helpers";
import { customer, searchIdOf } from "./alerts-helpers";

const body = async (res: Response) => (await res.json()) as SavedSearchEntry;

describe("saved searches", () => {
  it("saves a diamond search by its searchId, named by its filters in words, its alert on; saving again answers the same entry", async () => {
    const a = await customer("save");
    const searchId = await searchIdOf({
      diamondShapes: [1, 6],
      caratMin: 1,
      caratMax: 1.5,
      colors: [4, 5, 6],
      clarities: [5, 6, 7],
      priceMin: 2000,
      priceMax: 8000,
    });
    const entry = await a.entry({ searchId });
    expect(entry).toMatchObject({ searchId, kind: "diamond", hasAlert: true, newMatches: 0, lastMatchAt: null, link: `/diamond-search/${searchId}` });
    expect(entry.description).toBe("Round, Oval · 1–1.5 ct · G–I · VS1–SI1 · $2,000–$8,000");
    expect(entry.name).toBe(entry.description);
    const again = await a.entry({ searchId, name: "Other name", hasAlert: false });
    expect(again).toEqual(entry);
    expect((await a.deal()).searches).toEqual([entry]);
  });

  it("answers 404 for an unknown searchId and 400 for a malformed one, writing nothing", async () => {
    const a = await customer("unknown");
    const missing = await a.save({ searchId: "0000000000zz" });
    expect(missing.status).toBe(404);
    expect((await a.save({ searchId: "not a search id!" })).status).toBe(400);
    expect((await a.deal()).searches).toEqual([]);
  });

  it("renames, switches the alert off and on, marks seen, removes", async () => {
    const a = await customer("edit");
    const entry = await a.entry({ searchId: await searchIdOf({ diamondShapes: [4], priceMin: 500, priceMax: 900 }), name: "Emeralds" });
    expect(entry.name).toBe("Emeralds");
    const off = await a.patch(entry.id, { hasAlert: false, name: "  Cheap emeralds " });
    expect(off.status).toBe(200);
    expect(await body(off)).toMatchObject({ hasAlert: false, name: "Cheap emeralds" });
    expect(await body(await a.patch(entry.id, { hasAlert: true, markSeen: true }))).toMatchObject({ hasAlert: true, name: "Cheap emeralds" });
    expect((await a.patch(entry.id, {})).status).toBe(400);
    expect((await a.patch(entry.id, { name: "" })).status).toBe(400);
    expect((await a.remove(entry.id)).status).toBe(204);
    expect((await a.remove(entry.id)).status).toBe(404);
    expect((await a.deal()).searches).toEqual([]);
  });

  it("keeps a setting search with its alert on by default, linked to its page; its alert switches off and on", async () => {
    const a = await customer("setting");
    const saved = await postJson("/api/search-request/settings2", { diamondShapes: [1], priceMin: 500, priceMax: 3000 });
    expect(saved.status).toBe(200);
    const searchId = ((await saved.json()) as { searchId: string }).searchId;
    const entry = await a.entry({ searchId });
    expect(entry).toMatchObject({ kind: "setting", hasAlert: true, link: `/setting-search/${searchId}` });
    expect(entry.description).toContain("Round");
    const off = await a.patch(entry.id, { hasAlert: false });
    expect(off.status).toBe(200);
    expect((await body(off)).hasAlert).toBe(false);
    const on = await a.patch(entry.id, { hasAlert: true });
    expect(on.status).toBe(200);
    expect((await body(on)).hasAlert).toBe(true);
    expect((await a.deal()).searches.map((s) => [s.id, s.hasAlert])).toEqual([[entry.id, true]]);
  });

  it("keeps customers apart: B can neither patch nor delete A's search (404), and A's is unchanged", async () => {
    const a = await customer("owner");
    const b = await customer("intruder");
    const mine = await a.entry({ searchId: await searchIdOf({ diamondShapes: [2], priceMin: 700, priceMax: 7000 }) });
    expect((await b.patch(mine.id, { hasAlert: false })).status).toBe(404);
    expect((await b.patch(mine.id, { name: "hijacked" })).status).toBe(404);
    expect((await b.remove(mine.id)).status).toBe(404);
    expect((await b.deal()).searches).toEqual([]);
    expect((await a.deal()).searches).toEqual([mine]);
    const anonymous = await call(`/api/my-stuff/searches/${mine.id}`, { method: "DELETE" });
    expect(anonymous.status).toBe(401);
    expect((await call("/api/my-stuff-deal-alerts")).status).toBe(401);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} searches, exactly, even with saves at once`, async () => {
    const a = await customer("limit");
    const ids: string[] = [];
    for (let i = 0; i < MAX_SAVED_SEARCHES + 10; i++) ids.push(await searchIdOf({ priceMin: 1000, priceMax: 2000 + i }));
    // 45 saved, then 15 at once: exactly 5 more fit.
    for (const searchId of ids.slice(0, 45)) await a.entry({ searchId });
    const answers = await Promise.all(ids.slice(45).map((searchId) => a.save({ searchId })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const refused = answers.find((r) => r.status === 409)!;
    expect(((await refused.json()) as ErrorBody).error.message).toContain(`at most ${MAX_SAVED_SEARCHES}`);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_saved_searches WHERE user_id = ?").bind(a.userId).first<{ n: number }>();
    expect(n!.n).toBe(MAX_SAVED_SEARCHES);
    // One already kept still answers its entry.
    expect((await a.save({ searchId: ids[0]! })).status).toBe(200);
  });
});
