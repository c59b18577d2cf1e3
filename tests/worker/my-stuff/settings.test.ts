/** Favourite settings and jewellery (issue 19): every call, idempotent saves, 401, the access matrix, the limit under concurrency. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_SAVED_SETTINGS, type SavedSetting } from "#shared/my-stuff/lists.ts";
import { call, type ErrorBody } from "../helpers";
import { type Customer, customer, settingIds } from "./lists-helpers";

const settings = async (c: Customer) => (await c.get<{ settings: SavedSetting[] }>("my-stuff-favorite-settings")).settings;
/** A list's rows (promo codes on the cards follow the caller's variant, which a bearer call without a visitor cookie draws anew). */
const rows = (l: SavedSetting[]) => l.map((x) => [x.id, x.itemId, x.savedAt]);
const jewellery = async (c: Customer) => (await c.get<{ jewelry: SavedSetting[] }>("my-stuff-favorite-jewellery")).jewelry;

describe("favourite settings and jewellery", () => {
  it("saves settings as result cards marked favourite, newest first; saving again changes nothing; removes by the setting's id", async () => {
    const a = await customer("rings");
    const [first, second] = await settingIds(false, 2);
    expect((await a.post(`my-stuff/settings/${first}`)).status).toBe(200);
    const res = await a.post(`my-stuff/settings/${second}`);
    expect(res.status).toBe(200);
    const list = ((await res.json()) as { settings: SavedSetting[] }).settings;
    expect(list.map((s) => s.itemId)).toEqual([second, first]);
    expect(list.every((s) => s.kind === "setting" && s.setting.isFavorite && s.setting.id === s.itemId && s.setting.metals.length > 0)).toBe(true);
    // Saving again: the same list (the same rows, the same order; promo codes follow the caller's variant, not compared).
    expect(rows(((await (await a.post(`my-stuff/settings/${first}`)).json()) as { settings: SavedSetting[] }).settings)).toEqual(rows(list));
    expect(await jewellery(a)).toEqual([]);
    expect((await a.del(`my-stuff/settings/${second}`)).status).toBe(204);
    expect((await settings(a)).map((s) => s.itemId)).toEqual([first]);
    expect((await a.del(`my-stuff/settings/${second}`)).status).toBe(404);
  });

  it("keeps jewellery apart from settings", async () => {
    const a = await customer("jewels");
    const [piece] = await settingIds(true, 1);
    const res = await a.post(`my-stuff/jewellery/${piece}`);
    expect(res.status).toBe(200);
    const [saved] = ((await res.json()) as { jewelry: SavedSetting[] }).jewelry;
    expect(saved).toMatchObject({ itemId: piece, kind: "jewellery", setting: { id: piece, isFavorite: true } });
    expect(await settings(a)).toEqual([]);
    // Removing it as a setting finds nothing; as jewellery it goes.
    expect((await a.del(`my-stuff/settings/${piece}`)).status).toBe(404);
    expect((await a.del(`my-stuff/jewellery/${piece}`)).status).toBe(204);
    expect(await jewellery(a)).toEqual([]);
  });

  it("lists every metal of a favourite, sold ones marked sold (a piece no longer sold keeps its card)", async () => {
    const a = await customer("sold");
    const row = await env.DB.prepare(
      "SELECT setting_id AS id FROM setting_variants GROUP BY setting_id HAVING SUM(is_sold) > 0 AND SUM(is_sold) < COUNT(*) ORDER BY setting_id LIMIT 1",
    ).first<{ id: number }>();
    const id = row!.id;
    const kind = (await env.DB.prepare("SELECT item_type FROM settings WHERE id = ?").bind(id).first<{ item_type: number }>())!.item_type;
    const path = kind === 2 || kind === 4 ? "jewellery" : "settings";
    expect((await a.post(`my-stuff/${path}/${id}`)).status).toBe(200);
    const list = path === "settings" ? await settings(a) : await jewellery(a);
    const { results } = await env.DB.prepare("SELECT id, is_sold FROM setting_variants WHERE setting_id = ?").bind(id).all<{ id: number; is_sold: number }>();
    const metals = list[0]!.setting.metals;
    expect(metals.map((m) => [m.id, m.isSold]).sort()).toEqual(results.map((v) => [v.id, v.is_sold === 1]).sort());
    // Available metals first.
    expect(metals[0]!.isSold).toBe(false);
  });

  it("refuses an unknown setting with 404, writing nothing", async () => {
    const a = await customer("unknown");
    for (const path of ["settings", "jewellery"]) {
      const res = await a.post(`my-stuff/${path}/99999999`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.message).toContain("99999999");
    }
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_saved_settings WHERE user_id = ?").bind(a.id).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it("answers 401 to every call without a session", async () => {
    for (const [method, path] of [
      ["GET", "my-stuff-favorite-settings"],
      ["GET", "my-stuff-favorite-jewellery"],
      ["POST", "my-stuff/settings/1"],
      ["DELETE", "my-stuff/settings/1"],
      ["POST", "my-stuff/jewellery/1"],
      ["DELETE", "my-stuff/jewellery/1"],
    ] as const) {
      expect((await call(`/api/${path}`, { method })).status, `${method} ${path}`).toBe(401);
    }
  });

  it("keeps customers apart: B can neither read nor remove A's favourites, and saving the same piece is B's own", async () => {
    const a = await customer("owner");
    const b = await customer("other");
    const [ring] = await settingIds(false, 1);
    const [piece] = await settingIds(true, 1);
    await a.post(`my-stuff/settings/${ring}`);
    await a.post(`my-stuff/jewellery/${piece}`);
    const [mineS, mineJ] = [await settings(a), await jewellery(a)];
    expect(await settings(b)).toEqual([]);
    expect(await jewellery(b)).toEqual([]);
    expect((await b.del(`my-stuff/settings/${ring}`)).status).toBe(404);
    expect((await b.del(`my-stuff/jewellery/${piece}`)).status).toBe(404);
    // B's saved row ids are not A's either.
    expect((await b.del(`my-stuff/settings/${mineS[0]!.id}`)).status).toBe(404);
    expect((await b.post(`my-stuff/settings/${ring}`)).status).toBe(200);
    expect((await b.del(`my-stuff/settings/${ring}`)).status).toBe(204);
    expect(rows(await settings(a))).toEqual(rows(mineS));
    expect(rows(await jewellery(a))).toEqual(rows(mineJ));
  });

  it(`refuses a favourite past ${MAX_SAVED_SETTINGS} with 409, exactly, even when saves arrive at once; each kind has its own limit`, async () => {
    const a = await customer("limit");
    // 499 favourites already (ids the catalogue does not list; only the count matters here).
    const filler = Array.from({ length: MAX_SAVED_SETTINGS - 1 }, (_, i) => i);
    for (let i = 0; i < filler.length; i += 90) {
      await env.DB.batch(
        filler
          .slice(i, i + 90)
          .map((n) =>
            env.DB.prepare("INSERT INTO user_saved_settings (user_id, setting_id, kind, created_at) VALUES (?, ?, 'setting', ?)").bind(a.id, 50_000_000 + n, n),
          ),
      );
    }
    const ids = await settingIds(false, 6);
    const answers = await Promise.all(ids.map((id) => a.post(`my-stuff/settings/${id}`)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const refusal = (await answers.find((r) => r.status === 409)!.json()) as ErrorBody;
    expect(refusal.error.message).toMatch(/at most 500 favourite settings/);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_saved_settings WHERE user_id = ? AND kind = 'setting'")
      .bind(a.id)
      .first<{ n: number }>();
    expect(count!.n).toBe(MAX_SAVED_SETTINGS);
    // Saving one kept already is still fine at the limit; jewellery counts on its own.
    const kept = ids[answers.findIndex((r) => r.status === 200)]!;
    expect((await a.post(`my-stuff/settings/${kept}`)).status).toBe(200);
    const [piece] = await settingIds(true, 1);
    expect((await a.post(`my-stuff/jewellery/${piece}`)).status).toBe(200);
  });
});
