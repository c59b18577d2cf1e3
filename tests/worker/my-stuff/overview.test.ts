/** The whole of my stuff and its dashboard (issue 19), reports and report scores, and saved diamonds' savedPrice and similar stones. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MyStuff, MyStuffDashboard } from "#shared/my-stuff/lists.ts";
import type { SavedDiamond } from "#shared/my-stuff/schemas.ts";
import type { DiamondSummary } from "#shared/schemas.ts";
import { bearer } from "../accounts/account-helpers";
import { call } from "../helpers";
import { customerOrder } from "../orders/lookup/lookup-helpers";
import { customer, settingIds, singles } from "./lists-helpers";

/** A sold diamond (without a pair) that has similar available stones. */
async function soldWithSimilar(): Promise<number> {
  for (const id of await singles(40, "is_sold = 1")) {
    const d = (await env.DB.prepare("SELECT * FROM diamonds WHERE id = ?").bind(id).first<Record<string, number>>())!;
    const body = {
      id,
      certificateLab: d.certificate_lab,
      isLabGrown: d.is_lab_grown === 1,
      shape: d.shape,
      carat: d.carat,
      cut: d.cut,
      color: d.color,
      clarity: d.clarity,
    };
    const res = await call("/api/diamonds/get-similar", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (((await res.json()) as { diamonds: DiamondSummary[] }).diamonds.length > 0) return id;
  }
  throw new Error("no sold diamond with similar stones in the test catalogue");
}

describe("my stuff", () => {
  it("answers everything the customer keeps, and the dashboard counts it", async () => {
    const c = await customerOrder();
    const h = { ...bearer(c.token), "content-type": "application/json" };
    const post = (path: string, body?: unknown) =>
      call(`/api/${path}`, { method: "POST", headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
    const [d1, d2] = await singles(2);
    const [ring] = await settingIds(false, 1);
    const [piece] = await settingIds(true, 1);
    await post("my-stuff/diamonds", { id: d1 });
    await post(`my-stuff/settings/${ring}`);
    await post(`my-stuff/jewellery/${piece}`);
    for (const id of [d1, d2]) await call(`/api/logging/diamonds/views/${id}`, { headers: h });

    const all = (await (await call("/api/my-stuff", { headers: h })).json()) as MyStuff;
    expect(all.diamonds.map((d) => d.id)).toEqual([d1]);
    expect(all.settings.map((s) => s.itemId)).toEqual([ring]);
    expect(all.jewelry.map((s) => s.itemId)).toEqual([piece]);
    expect(all.orders.map((o) => o.orderNumber)).toEqual([c.orderNumber]);
    expect(all.saveOrders).toEqual([]);
    expect(all.history.map((e) => e.diamond.id)).toEqual([d2, d1]);
    expect(all).toMatchObject({ searches: [], reports: [], appointments: [], accountConfirmed: true });

    const dash = (await (await call("/api/my-stuff-dashboard", { headers: h })).json()) as MyStuffDashboard;
    expect(dash).toEqual({
      diamonds: 1,
      settings: 1,
      jewelry: 1,
      searches: 0,
      alertsOn: 0,
      newMatches: 0,
      priceDrops: 0,
      orders: 1,
      reports: 0,
      history: 2,
      accountConfirmed: true,
    });
    // An order taken off the list is not counted.
    await call(`/api/my-stuff/Orders/${c.orderNumber}`, { method: "DELETE", headers: h });
    expect(((await (await call("/api/my-stuff-dashboard", { headers: h })).json()) as MyStuffDashboard).orders).toBe(0);
  });

  it("answers no reports yet, and one null score per saved diamond", async () => {
    const a = await customer("scores");
    const ids = await singles(2);
    for (const id of ids) await a.post("my-stuff/diamonds", { id });
    expect(await a.get("my-stuff-reports")).toEqual({ reports: [] });
    const { scores } = await a.get<{ scores: { diamondId: number }[] }>("my-stuff/reportscores");
    expect(scores).toEqual([...ids].reverse().map((diamondId) => ({ diamondId, qualityScore: null, qualityMaxScore: null, cutScoreDiff: null })));
    const b = await customer("no-scores");
    expect(await b.get("my-stuff/reportscores")).toEqual({ scores: [] });
  });

  it("keeps the price a diamond was saved at, and offers similar available stones once it has sold", async () => {
    const a = await customer("prices");
    const [id] = await singles(1, "is_sold = 0 AND id > 2000");
    const price = (await env.DB.prepare("SELECT price_cents AS p FROM diamonds WHERE id = ?").bind(id).first<{ p: number }>())!.p;
    await a.post("my-stuff/diamonds", { id });
    await env.DB.prepare("UPDATE diamonds SET price_cents = price_cents - 5000 WHERE id = ?").bind(id).run();
    const sold = await soldWithSimilar();
    await a.post("my-stuff/diamonds", { id: sold });
    const list = (await a.get<{ diamonds: SavedDiamond[] }>("my-stuff-favorite-diamonds")).diamonds;
    const kept = list.find((d) => d.id === id)!;
    expect(kept).toMatchObject({ savedPrice: price, diamond: { price: price - 5000, isSold: false, isFavorite: true }, similar: [] });
    const gone = list.find((d) => d.id === sold)!;
    expect(gone.diamond.isSold).toBe(true);
    expect(gone.similar.length).toBeGreaterThan(0);
    expect(gone.similar.length).toBeLessThanOrEqual(5);
    expect(gone.similar.every((s) => !s.isSold && s.id !== sold)).toBe(true);
  });

  it("answers 401 to every overview call without a session", async () => {
    for (const path of ["my-stuff", "my-stuff-dashboard", "my-stuff-reports", "my-stuff/reportscores"]) {
      expect((await call(`/api/${path}`)).status, path).toBe(401);
    }
  });
});
