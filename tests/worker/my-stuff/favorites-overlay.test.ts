/**
 * isFavorite for the signed-in owner (issue 19): the search, a saved search's page, one diamond, similar
 * diamonds and the setting and jewellery searches mark the customer's saved ones; another customer and a
 * visitor see false, also when the answer comes from the cache shared between visitors.
 */
import { describe, expect, it } from "vitest";
import type { Diamond, DiamondSummary } from "#shared/schemas.ts";
import type { SettingSearchResponse } from "#shared/settings/schemas.ts";
import { call } from "../helpers";
import { type Customer, customer } from "./lists-helpers";

type Who = Customer | null;
const headersOf = (who: Who) => ({ "content-type": "application/json", ...(who ? who.headers : {}) });
const post = (who: Who, path: string, body: unknown) => call(`/api/${path}`, { method: "POST", headers: headersOf(who), body: JSON.stringify(body) });
const favourites = (list: readonly { id: number; isFavorite: boolean }[]) => list.filter((d) => d.isFavorite).map((d) => d.id);

async function search(who: Who): Promise<DiamondSummary[]> {
  const res = await post(who, "diamonds2", { pageSize: 20 });
  expect(res.status).toBe(200);
  return ((await res.json()) as { diamonds: DiamondSummary[] }).diamonds;
}

describe("isFavorite on the catalogue's answers", () => {
  it("marks the owner's saved diamonds in the search and a saved search's page; others and visitors see false, the shared cache untouched", async () => {
    const a = await customer("fav-owner");
    const b = await customer("fav-other");
    const first = await search(null);
    expect(favourites(first)).toEqual([]);
    const mine = first.find((d) => d.pairedDiamondId === null)!;
    expect((await a.post("my-stuff/diamonds", { id: mine.id })).status).toBe(200);

    expect(favourites(await search(a))).toEqual([mine.id]);
    expect(favourites(await search(b))).toEqual([]);
    expect(favourites(await search(null))).toEqual([]);

    const saved = (await (await post(null, "diamond-filter", {})).json()) as { searchId: string };
    const page = async (who: Who) => {
      const res = await call(`/api/diamonds?searchId=${saved.searchId}&pageSize=20`, { headers: headersOf(who) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { diamonds: DiamondSummary[] }).diamonds;
    };
    expect(favourites(await page(a))).toEqual([mine.id]);
    expect(favourites(await page(b))).toEqual([]);
    expect(favourites(await page(null))).toEqual([]);
  });

  it("marks one diamond and similar diamonds for the owner, and keeps the owner's answer out of shared caches", async () => {
    const a = await customer("one-owner");
    const b = await customer("one-other");
    const d = (await search(null)).find((x) => x.pairedDiamondId === null)!;
    const similarBody = {
      id: d.id,
      certificateLab: d.certificateLab,
      isLabGrown: d.isLabGrown,
      shape: d.shape,
      carat: d.carat,
      cut: d.cut,
      color: d.color,
      clarity: d.clarity,
    };
    const similar = async (who: Who) => ((await (await post(who, "diamonds/get-similar", similarBody)).json()) as { diamonds: DiamondSummary[] }).diamonds;
    const like = (await similar(null)).find((x) => x.pairedDiamondId === null)!;
    await a.post("my-stuff/diamonds", { id: d.id });
    await a.post("my-stuff/diamonds", { id: like.id });

    const one = async (who: Who) => {
      const res = await call(`/api/diamonds/${d.id}`, { headers: headersOf(who) });
      expect(res.status).toBe(200);
      return { diamond: (await res.json()) as Diamond, cache: res.headers.get("cache-control") };
    };
    expect(await one(a)).toMatchObject({ diamond: { id: d.id, isFavorite: true }, cache: "private, no-store" });
    expect(await one(b)).toMatchObject({ diamond: { isFavorite: false }, cache: "private, no-store" });
    expect(await one(null)).toMatchObject({ diamond: { isFavorite: false }, cache: "public, max-age=60" });

    expect(favourites(await similar(a))).toEqual([like.id]);
    expect(favourites(await similar(b))).toEqual([]);
    expect(favourites(await similar(null))).toEqual([]);
  });

  it("marks the owner's favourite settings in the setting search and favourite jewellery in the jewellery search", async () => {
    const a = await customer("set-owner");
    const b = await customer("set-other");
    const run = async (who: Who, path: string) => {
      const res = await post(who, path, {});
      expect(res.status).toBe(200);
      return ((await res.json()) as SettingSearchResponse).result.settings;
    };
    const ring = (await run(null, "search/settingsv2"))[0]!;
    const piece = (await run(null, "search/jewellery"))[0]!;
    expect((await a.post(`my-stuff/settings/${ring.id}`)).status).toBe(200);
    expect((await a.post(`my-stuff/jewellery/${piece.id}`)).status).toBe(200);

    expect(favourites(await run(a, "search/settingsv2"))).toEqual([ring.id]);
    expect(favourites(await run(a, "search/jewellery"))).toEqual([piece.id]);
    for (const who of [b, null]) {
      expect(favourites(await run(who, "search/settingsv2"))).toEqual([]);
      expect(favourites(await run(who, "search/jewellery"))).toEqual([]);
    }
  });
});
