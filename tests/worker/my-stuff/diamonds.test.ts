/** A customer's saved diamonds (issue 19, first slice): every call, the pair following, notes, limits, and an access matrix. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SavedDiamond } from "#shared/my-stuff/schemas.ts";
import { call, type ErrorBody } from "../helpers";
import { bearer, confirmedUser, signIn } from "../accounts/account-helpers";

async function customer(tag: string) {
  const token = await signIn(await confirmedUser(tag));
  const h = { ...bearer(token), "content-type": "application/json" };
  return {
    token,
    list: async () => ((await (await call("/api/my-stuff-favorite-diamonds", { headers: h })).json()) as { diamonds: SavedDiamond[] }).diamonds,
    save: (id: number, notes?: string) => call("/api/my-stuff/diamonds", { method: "POST", headers: h, body: JSON.stringify({ id, notes }) }),
    notes: (id: number, notes: string) => call("/api/my-stuff/diamonds/addnotes", { method: "POST", headers: h, body: JSON.stringify({ id, notes }) }),
    push: (ids: number[]) => call("/api/my-stuff/diamondIds", { method: "POST", headers: h, body: JSON.stringify({ ids }) }),
    remove: (path: string) => call(`/api/my-stuff/${path}`, { method: "DELETE", headers: h }),
  };
}

const pairRow = () =>
  env.DB.prepare("SELECT id, paired_diamond_id AS pair FROM diamonds WHERE paired_diamond_id IS NOT NULL ORDER BY id LIMIT 1").first<{
    id: number;
    pair: number;
  }>();
const singles = async (n: number) =>
  (await env.DB.prepare("SELECT id FROM diamonds WHERE paired_diamond_id IS NULL ORDER BY id LIMIT ?").bind(n).all<{ id: number }>()).results.map((r) => r.id);

describe("saved diamonds", () => {
  it("saves a diamond with empty notes, its pair follows; notes are kept; removing a pair removes both", async () => {
    const a = await customer("fav");
    const p = (await pairRow())!;
    expect((await a.save(p.id)).status).toBe(200);
    const list = await a.list();
    expect(list.map((d) => d.id).sort()).toEqual([p.id, p.pair].sort());
    expect(list.every((d) => d.notes === "" && d.isFavorite)).toBe(true);
    const noted = await a.notes(p.id, "Compare with the oval");
    expect(((await noted.json()) as SavedDiamond).notes).toBe("Compare with the oval");
    // Saving again keeps the notes.
    await a.save(p.id);
    expect((await a.list()).find((d) => d.id === p.id)!.notes).toBe("Compare with the oval");
    expect((await a.remove(`diamonds/${p.id}/${p.pair}`)).status).toBe(204);
    expect(await a.list()).toEqual([]);
  });

  it("pushes local favourites at sign-in, refuses unknown diamonds without writing, and removes by either id", async () => {
    const a = await customer("push");
    const ids = await singles(3);
    const pushed = await a.push(ids);
    expect(pushed.status).toBe(200);
    expect((await a.list()).map((d) => d.id).sort((x, y) => x - y)).toEqual(ids);
    const unknown = await a.push([ids[0]!, 999_999_999]);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.message).toContain("999999999");
    const saved = (await a.list()).find((d) => d.id === ids[1])!;
    expect((await a.remove(`userSavedDiamonds/${saved.userSavedDiamondId}`)).status).toBe(204);
    expect((await a.remove(`diamonds/${ids[2]}`)).status).toBe(204);
    expect((await a.list()).map((d) => d.id)).toEqual([ids[0]]);
  });

  it("answers 401 without a token", async () => {
    expect((await call("/api/my-stuff-favorite-diamonds")).status).toBe(401);
    const res = await call("/api/my-stuff/diamonds", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: 1 }) });
    expect(res.status).toBe(401);
  });

  it("keeps customers apart: B can neither read nor change anything of A's through any id", async () => {
    const a = await customer("owner");
    const b = await customer("other");
    const [id] = await singles(1);
    await a.save(id!, "mine");
    const mine = (await a.list())[0]!;
    expect(await b.list()).toEqual([]);
    expect((await b.notes(id!, "hijack")).status).toBe(404);
    expect((await b.remove(`diamonds/${id}`)).status).toBe(404);
    expect((await b.remove(`userSavedDiamonds/${mine.userSavedDiamondId}`)).status).toBe(404);
    expect(await a.list()).toEqual([mine]);
  });

  it("refuses a save past 500 with a clear 409, writing nothing", async () => {
    const a = await customer("limit");
    const ids = await singles(501);
    expect((await a.push(ids.slice(0, 500))).status).toBe(200);
    const over = await a.save(ids[500]!);
    expect(over.status).toBe(409);
    expect(((await over.json()) as ErrorBody).error.message).toMatch(/at most 500/);
    expect(await a.list()).toHaveLength(500);
  });
});
