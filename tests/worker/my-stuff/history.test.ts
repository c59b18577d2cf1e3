/** Recently viewed, synced (issue 19): the view logging call records a signed-in customer's views, 6 kept, newest first. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HISTORY_STORED, type HistoryEntry } from "#shared/my-stuff/lists.ts";
import { call } from "../helpers";
import { type Customer, customer, singles } from "./lists-helpers";

const history = async (c: Customer) => (await c.get<{ diamonds: HistoryEntry[] }>("my-stuff-history")).diamonds;

describe("recently viewed", () => {
  it("records the signed-in customer's views, newest first; viewing one again moves it to the top; only the newest 6 are kept", async () => {
    const a = await customer("viewer");
    const ids = await singles(8);
    for (const id of ids) expect((await a.view(id)).status).toBe(204);
    const kept = await history(a);
    expect(kept.map((h) => h.diamond.id)).toEqual(ids.slice(-HISTORY_STORED).reverse());
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_history WHERE user_id = ?").bind(a.id).first<{ n: number }>();
    expect(rows!.n).toBe(HISTORY_STORED);
    // Seen again: back on top, still 6, nothing else dropped.
    await a.view(ids[3]!);
    const again = await history(a);
    expect(again.map((h) => h.diamond.id)).toEqual([
      ids[3],
      ...ids
        .slice(-HISTORY_STORED)
        .reverse()
        .filter((id) => id !== ids[3]),
    ]);
    expect(again[0]!.viewedAt).toBeGreaterThan(again[1]!.viewedAt);
  });

  it("shows a sold diamond as sold, and the customer's saved ones as favourites", async () => {
    const a = await customer("sold-view");
    const [sold] = await singles(1, "is_sold = 1");
    const [kept] = await singles(1);
    await a.view(sold!);
    await a.view(kept!);
    await a.post("my-stuff/diamonds", { id: kept });
    const [top, next] = await history(a);
    expect(top!.diamond).toMatchObject({ id: kept, isFavorite: true, isSold: false });
    expect(next!.diamond).toMatchObject({ id: sold, isFavorite: false, isSold: true });
  });

  it("counts a visitor's view without recording anyone's history, and an unknown diamond records nothing", async () => {
    const a = await customer("quiet");
    const [id] = await singles(1);
    expect((await call(`/api/logging/diamonds/views/${id}`)).status).toBe(204);
    expect((await a.view(99_999_999)).status).toBe(404);
    expect(await history(a)).toEqual([]);
    const b = await customer("other-viewer");
    await b.view(id!);
    expect(await history(a)).toEqual([]);
    expect((await history(b)).map((h) => h.diamond.id)).toEqual([id]);
  });

  it("answers 401 without a session", async () => {
    expect((await call("/api/my-stuff-history")).status).toBe(401);
  });
});
