import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { catalogueVersionStatement } from "#shared/catalogue/seed-plan.ts";
import type { DiamondSearchResponse, SavedSearch } from "#shared/schemas.ts";
import { oracleFacet, oracleSearch, type OracleRow } from "../../oracle";
import { parsed, searchInput } from "../../search-arbitraries";
import { call, postJson, type ErrorBody } from "../helpers";
import { searchCache } from "#worker/search/service.ts";
import { keepsOldIndexDuringReload } from "#worker/search/search-object.ts";

/** The whole seeded inventory, straight from D1. */
async function inventory(): Promise<OracleRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, is_lab_grown, is_sold, shape, color, clarity, cut, certificate_lab, polish, symmetry, fluorescence, eye_clean, has_image,
            has_video, retailer_id, shipping_days, price_cents, carat, depth_pct, table_pct, lw_ratio, sorting_order, certificate_id FROM diamonds`,
  ).all<OracleRow>();
  return results;
}

async function search(body: unknown): Promise<DiamondSearchResponse> {
  const res = await postJson("/api/diamonds2", body);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return (await res.json()) as DiamondSearchResponse;
}

describe("POST /api/diamonds2 against the oracle", () => {
  it("answers random filter states with the oracle's total, order and page", async () => {
    const rows = await inventory();
    const retailers = [...new Set(rows.map((r) => r.retailer_id))];
    await fc.assert(
      fc.asyncProperty(searchInput(retailers), async (input) => {
        const body = await search(input);
        const expected = oracleSearch(rows, parsed(input), Date.now());
        expect(body.total).toBe(expected.total);
        expect(body.diamonds.map((d) => d.id)).toEqual(expected.page);
        expect(body.pageCount).toBe(Math.max(1, Math.ceil(expected.total / parsed(input).pageSize)));
      }),
      { numRuns: 60 },
    );
  });

  it("counts facets: every value's count is the total that value would give", async () => {
    const rows = await inventory();
    const req = { isLabGrown: true, diamondShapes: [1, 6], colors: [3, 4], caratMin: 0.7, includeFacets: true };
    const body = await search(req);
    expect(body.facets!.shape["6"]).toBe(oracleFacet(rows, parsed(req), Date.now(), "shape", 6));
    expect(body.facets!.shape["4"]).toBe(oracleFacet(rows, parsed(req), Date.now(), "shape", 4));
    expect(body.facets!.color["1"]).toBe(oracleFacet(rows, parsed(req), Date.now(), "color", 1));
    expect(body.facets!.origin.natural).toBe(oracleFacet(rows, parsed(req), Date.now(), "origin", 0));
    // Picking a value from the counts gives exactly that many diamonds.
    const picked = await search({ ...req, diamondShapes: [4] });
    expect(picked.total).toBe(body.facets!.shape["4"]);
    expect(body.priceHistogram!.counts).toHaveLength(body.priceHistogram!.edges.length);
    expect(body.priceHistogram!.counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(body.total);
  });

  it("finds a diamond by its certificate number", async () => {
    const d = (await env.DB.prepare(
      "SELECT id, certificate_id, is_lab_grown FROM diamonds WHERE is_sold = 0 AND price_cents BETWEEN 65000 AND 2000000 LIMIT 1",
    ).first<{ id: number; certificate_id: string; is_lab_grown: number }>())!;
    const body = await search({ certificateNumber: d.certificate_id.toLowerCase(), isLabGrown: null });
    expect(body.total).toBe(1);
    expect(body.diamonds[0]!.id).toBe(d.id);
  });

  it("refuses bad filters with 400 and the field at fault", async () => {
    const cases: [unknown, string][] = [
      [{ caratMin: 2, caratMax: 1 }, "caratMin"],
      [{ priceMin: 9000, priceMax: 10 }, "priceMin"],
      [{ depthMin: 70, depthMax: 60 }, "depthMin"],
      [{ tableMin: 70, tableMax: 60 }, "tableMin"],
      [{ ratioMin: 2, ratioMax: 1 }, "ratioMin"],
      [{ diamondShapes: [11] }, "diamondShapes.0"],
      [{ colors: [0] }, "colors.0"],
      [{ pageNumber: 0 }, "pageNumber"],
      [{ pageSize: 101 }, "pageSize"],
      [{ caratMin: "one" }, "caratMin"],
      [{ priceMax: "lots" }, "priceMax"],
      [{ shipsByHolidayDate: "next friday" }, "shipsByHolidayDate"],
      [{ certificateNumber: "'; DROP TABLE diamonds" }, "certificateNumber"],
      [{ naturalDiamondRetailers: [-1] }, "naturalDiamondRetailers.0"],
      [{ sortBy: "rating" }, "sortBy"],
    ];
    for (const [body, path] of cases) {
      const res = await postJson("/api/diamonds2", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = (await res.json()) as ErrorBody;
      expect(err.error.code).toBe("bad_request");
      expect(
        err.error.details?.map((d) => d.path),
        JSON.stringify(body),
      ).toContain(path);
    }
  });

  it("reloads the index when the catalogue version changes", async () => {
    const before = await search({ isLabGrown: null, sortBy: "price", sortOrder: "desc", priceMax: 100_000_000, pageSize: 1 });
    const top = before.diamonds[0]!;
    await env.DB.batch([env.DB.prepare("UPDATE diamonds SET is_sold = 1 WHERE id = ?").bind(top.id), env.DB.prepare(catalogueVersionStatement())]);
    try {
      const stub = env.SEARCH.get(env.SEARCH.idFromName("catalogue"));
      const status = await stub.refresh();
      expect(status.diamonds).toBeGreaterThan(0);
      searchCache.clear(); // the worker's own 60-second result cache
      const after = await search({
        isLabGrown: null,
        sortBy: "price",
        sortOrder: "desc",
        priceMax: 100_000_000,
        pageSize: 1,
        pageNumber: 1,
        includeFacets: false,
        shippingDays: -1,
      });
      expect(after.total).toBe(before.total - 1);
      expect(after.diamonds[0]!.id).not.toBe(top.id);
    } finally {
      await env.DB.batch([env.DB.prepare("UPDATE diamonds SET is_sold = 0 WHERE id = ?").bind(top.id), env.DB.prepare(catalogueVersionStatement())]);
      await env.SEARCH.get(env.SEARCH.idFromName("catalogue")).refresh();
      searchCache.clear();
    }
  });
});

describe("keeping the index warm", () => {
  it("schedules a keep-warm alarm after a search, renews it while searches come, and does nothing on a cold object", async () => {
    await search({ isLabGrown: null, pageSize: 1 });
    const stub = env.SEARCH.get(env.SEARCH.idFromName("catalogue"));
    const alarmAt = () => runInDurableObject(stub, (_obj, state) => state.storage.getAlarm());
    expect(await alarmAt()).not.toBeNull();
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    // Searched moments ago: the alarm schedules the next wake-up.
    expect(await alarmAt()).toBeGreaterThan(Date.now() - 1000);

    // A fresh object (nothing loaded, no search yet) is not woken into loading an index.
    const cold = env.SEARCH.get(env.SEARCH.idFromName("keep-warm-cold"));
    await runInDurableObject(cold, (_obj, state) => state.storage.setAlarm(Date.now() + 60_000));
    expect(await runDurableObjectAlarm(cold)).toBe(true);
    expect(await runInDurableObject(cold, (_obj, state) => state.storage.getAlarm())).toBeNull();
    expect(await runInDurableObject(cold, (obj) => (obj as unknown as { index: unknown }).index)).toBeNull();
  });
});

describe("index reloads within the isolate's 128 MB", () => {
  it("keeps the old index answering during a reload only when both fit", () => {
    // The test catalogue's index is small: it keeps answering while its successor loads.
    expect(keepsOldIndexDuringReload(2_000_000)).toBe(true);
    expect(keepsOldIndexDuringReload(40 * 1024 * 1024)).toBe(true);
    // A million-diamond index (about 70 MB) is released first: two of them would exceed the limit.
    expect(keepsOldIndexDuringReload(48 * 1024 * 1024)).toBe(false);
    expect(keepsOldIndexDuringReload(70_000_000)).toBe(false);
  });
});

describe("saved searches (searchId)", () => {
  const filters = { isLabGrown: true, diamondShapes: [6], caratMin: 1, caratMax: 2, colors: [2, 3, 4], sortBy: "price", sortOrder: "asc" };

  it("saves filters under a stable searchId and restores them and their results", async () => {
    const res = await postJson("/api/diamond-filter", filters);
    expect(res.status).toBe(200);
    const { searchId } = (await res.json()) as { searchId: string };
    expect(searchId).toMatch(/^[0-9a-z]{12}$/);
    // The same filters (in another order) give the same id.
    const again = (await (await postJson("/api/diamond-filter", { ...filters, colors: [4, 3, 2] })).json()) as { searchId: string };
    expect(again.searchId).toBe(searchId);

    const saved = (await (await call(`/api/searches/${searchId}`)).json()) as SavedSearch;
    expect(saved.filters).toMatchObject(filters);
    const direct = await search({ ...filters, pageNumber: 2 });
    const restored = (await (await call(`/api/diamonds?searchId=${searchId}&pageNumber=2`)).json()) as DiamondSearchResponse;
    expect(restored.searchId).toBe(searchId);
    expect(restored.total).toBe(direct.total);
    expect(restored.diamonds.map((d) => d.id)).toEqual(direct.diamonds.map((d) => d.id));
  });

  it("answers 'No filters found' for an unknown searchId (API and page)", async () => {
    for (const path of ["/api/searches/zzzzzzzzzzzz", "/api/diamonds?searchId=zzzzzzzzzzzz", "/api/searches/not-an-id"]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as ErrorBody).error.message).toBe("No filters found");
    }
    const page = await call("/diamond-search/zzzzzzzzzzzz");
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain('data-search-error="true"');
    expect(html).toContain("No filters found");
  });

  it("validates what it saves and what it is asked", async () => {
    expect((await postJson("/api/diamond-filter", { caratMin: 3, caratMax: 1 })).status).toBe(400);
    expect((await postJson("/api/diamond-filter", { pageNumber: 2 })).status).toBe(400);
    const noId = await call("/api/diamonds");
    expect(noId.status).toBe(400);
    expect(((await noId.json()) as ErrorBody).error.details?.[0]?.path).toBe("searchId");
  });

  it("renders /diamond-search/{searchId} with the saved filters applied", async () => {
    const { searchId } = (await (await postJson("/api/diamond-filter", filters)).json()) as { searchId: string };
    const res = await call(`/diamond-search/${searchId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1>Lab-grown diamonds<\/h1>/);
    expect(html).toContain(`/diamond-search/${searchId}`);
    expect(html).toMatch(/<input type="checkbox" name="shape" checked="" value="oval"\/>/);
  });
});

describe("semantic URLs and landing pages", () => {
  it("redirects old and form URLs to the one canonical semantic URL", async () => {
    const res = await call("/diamond-search?shape=oval&shape=round&caratMin=1&caratMax=1.5&color=d&color=e&color=f");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/diamond-search/s?shape=round,oval&color=d-f&carat=1-1.5");
    const page = await call("/diamond-search/s?shape=round,oval&color=d-f&carat=1-1.5");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<link rel="canonical" href="https://loupe.test/diamond-search/s?shape=round,oval&#38;color=d-f&#38;carat=1-1.5">');
  });

  it("serves named landing pages and 404s unknown ones", async () => {
    const res = await call("/diamonds/slp/1-carat-lab-grown-oval-diamonds");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>1 Carat Lab-Grown Oval Diamonds</h1>");
    expect((await call("/diamonds/slp/no-such-page")).status).toBe(404);
  });

  it("lists retailers and the running promotion groups", async () => {
    const r = (await (await call("/api/retailers")).json()) as { retailers: { id: number; sells: string[] }[] };
    expect(r.retailers.length).toBeGreaterThan(5);
    expect(r.retailers.some((x) => x.sells.includes("lab"))).toBe(true);
    const p = await call("/api/promotion-group");
    expect(p.status).toBe(200);
    const body = (await p.json()) as { groups: { startsAt: number; endsAt: number }[] };
    for (const g of body.groups) expect(g.startsAt <= Date.now() && g.endsAt > Date.now()).toBe(true);
  });
});
