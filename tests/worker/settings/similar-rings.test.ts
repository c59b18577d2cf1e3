import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import type { RingSummary, SimilarRingsResponse } from "#shared/rings.ts";
import { diamondSlug } from "#shared/slug.ts";
import { call, postJson, type ErrorBody } from "../helpers";

type SettingFacts = { id: number; item_type: number; item_type_name: string; style: number; shapes_mask: number; sorting_order: number };
type VariantFacts = { id: number; setting_id: number; metal: number; price_cents: number; price_before_discount_cents: number | null; is_sold: number };

async function settings(): Promise<Map<number, SettingFacts>> {
  const rows = (await env.DB.prepare("SELECT id, item_type, item_type_name, style, shapes_mask, sorting_order FROM settings").all<SettingFacts>()).results;
  return new Map(rows.map((r) => [r.id, r]));
}

async function variants(): Promise<Map<number, VariantFacts>> {
  const rows = (
    await env.DB.prepare("SELECT id, setting_id, metal, price_cents, price_before_discount_cents, is_sold FROM setting_variants").all<VariantFacts>()
  ).results;
  return new Map(rows.map((r) => [r.id, r]));
}

async function similar(body: unknown): Promise<{ res: Response; rings: RingSummary[] }> {
  const res = await postJson("/api/similar-searches", body);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { res, rings: ((await res.json()) as SimilarRingsResponse).rings };
}

const bits = (n: number) => n.toString(2).replace(/0/g, "").length;

/** What every answered ring must be: an available variant of an engagement ring, priced and linked from D1. */
function checkRing(r: RingSummary, s: Map<number, SettingFacts>, v: Map<number, VariantFacts>) {
  const setting = s.get(r.settingId)!;
  const variant = v.get(r.variantId)!;
  expect([1, 5]).toContain(setting.item_type);
  expect(variant.setting_id).toBe(r.settingId);
  expect(variant.is_sold).toBe(0);
  expect(r.metal).toBe(variant.metal);
  expect(r.price).toBe(variant.price_cents);
  expect(r.priceBeforeDiscount).toBe(variant.price_before_discount_cents);
  const page = setting.item_type === 5 ? "engagement-ring" : "setting";
  expect(r.url).toBe(`/${page}/${r.settingId}/${r.metal}`);
}

describe("POST /api/similar-searches", () => {
  it("by shape: at most `pageSize` distinct engagement rings that take the shape, one available variant each, in sorting order", async () => {
    const s = await settings();
    const v = await variants();
    for (const shape of [1, 3, 7, 9]) {
      const { res, rings } = await similar({ shape });
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(rings.length).toBeGreaterThan(0);
      // §9: similar searches answer 6 rings unless asked for more.
      expect(rings.length).toBeLessThanOrEqual(6);
      expect(new Set(rings.map((r) => r.settingId)).size).toBe(rings.length);
      for (const r of rings) {
        checkRing(r, s, v);
        expect(s.get(r.settingId)!.shapes_mask & (1 << (shape - 1)), `setting ${r.settingId} takes shape ${shape}`).not.toBe(0);
      }
      // The first rings (by sorting_order, id) of every ring setting taking the shape that has an available variant.
      const expected = [...s.values()]
        .filter(
          (x) =>
            (x.item_type === 1 || x.item_type === 5) &&
            (x.shapes_mask & (1 << (shape - 1))) !== 0 &&
            [...v.values()].some((y) => y.setting_id === x.id && !y.is_sold),
        )
        .sort((a, b) => a.sorting_order - b.sorting_order || a.id - b.id)
        .slice(0, 6)
        .map((x) => x.id);
      expect(rings.map((r) => r.settingId)).toEqual(expected);
    }
    const { rings: three } = await similar({ shape: 1, pageSize: 3 });
    expect(three).toHaveLength(3);
  });

  it("shows the asked metal where the ring has it available, else its cheapest available variant", async () => {
    const v = await variants();
    const { rings } = await similar({ shape: 1, metal: 3 });
    for (const r of rings) {
      const own = [...v.values()].filter((x) => x.setting_id === r.settingId && !x.is_sold);
      const inMetal = own.find((x) => x.metal === 3);
      const cheapest = own.sort((a, b) => a.price_cents - b.price_cents || a.id - b.id)[0]!;
      expect(r.variantId).toBe((inMetal ?? cheapest).id);
    }
    const { rings: noMetal } = await similar({ shape: 1 });
    for (const r of noMetal) {
      const own = [...v.values()].filter((x) => x.setting_id === r.settingId && !x.is_sold).sort((a, b) => a.price_cents - b.price_cents || a.id - b.id);
      expect(r.variantId).toBe(own[0]!.id);
    }
  });

  it("by settingId: other rings, those sharing style bits first, then rings taking the same shapes", async () => {
    const s = await settings();
    const v = await variants();
    // A ring with two style bits (e.g. pavé halo), so the order by shared bits matters.
    const target = [...s.values()].filter((x) => x.item_type === 1 && bits(x.style) >= 2).sort((a, b) => a.id - b.id)[0]!;
    const { rings } = await similar({ itemId: target.id, pageSize: 12 });
    expect(rings).toHaveLength(12);
    expect(rings.map((r) => r.settingId)).not.toContain(target.id);
    expect(new Set(rings.map((r) => r.settingId)).size).toBe(rings.length);
    expect(s.get(rings[0]!.settingId)!.style & target.style).not.toBe(0);
    const shared = rings.map((r) => bits(s.get(r.settingId)!.style & target.style));
    expect(shared).toEqual([...shared].sort((a, b) => b - a));
    for (const r of rings) {
      checkRing(r, s, v);
      const x = s.get(r.settingId)!;
      expect((x.style & target.style) !== 0 || (x.shapes_mask & target.shapes_mask) !== 0).toBe(true);
    }
    // With a shape as well: only rings taking it.
    const { rings: oval } = await similar({ itemId: target.id, shape: 6, pageSize: 5 });
    expect(oval.length).toBeLessThanOrEqual(5);
    for (const r of oval) expect(s.get(r.settingId)!.shapes_mask & (1 << 5)).not.toBe(0);
    // A preset engagement ring (item type 5) has similar rings too.
    const preset = [...s.values()].find((x) => x.item_type === 5)!;
    const { rings: forPreset } = await similar({ itemId: preset.id, pageSize: 4 });
    expect(forPreset.length).toBeGreaterThan(0);
    expect(forPreset.map((r) => r.settingId)).not.toContain(preset.id);
  });

  it("answers 404 with the error envelope for an unknown setting (or one that is not an engagement ring)", async () => {
    const band = await env.DB.prepare("SELECT id FROM settings WHERE item_type = 0 ORDER BY id LIMIT 1").first<{ id: number }>();
    for (const settingId of [999_999, band!.id]) {
      const res = await postJson("/api/similar-searches", { itemId: settingId });
      expect(res.status, String(settingId)).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const err = (await res.json()) as ErrorBody;
      expect(err.error.code).toBe("not_found");
      expect(err.error.message).toContain(String(settingId));
    }
  });

  it("answers bad bodies with 400 and the error envelope, never 500", async () => {
    const none = await postJson("/api/similar-searches", { pageSize: 6 });
    expect(none.status).toBe(400);
    const noneBody = (await none.json()) as ErrorBody;
    expect(noneBody.error.code).toBe("bad_request");
    expect(noneBody.error.details?.map((d) => d.message)).toContain("itemId or shape is required");
    const cases: unknown[] = [
      {},
      { shape: 1, pageSize: 13 },
      { shape: 1, pageSize: 0 },
      { shape: 1, pageSize: 2.5 },
      { shape: "x" },
      { shape: 11 },
      { settingId: 0 },
      { settingId: -4 },
      { settingId: "7" },
      { shape: 1, metal: 9 },
      { shape: 1, extra: true },
      [],
      "null",
      "{not json",
    ];
    for (const body of cases) {
      const res = await postJson("/api/similar-searches", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code, JSON.stringify(body)).toBe("bad_request");
    }
    const form = await call("/api/similar-searches", { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
    expect(form.status).toBe(415);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.paths["/similar-searches"]).toBeDefined();
    expect(Object.keys(doc.components.schemas.SimilarRingsRequest!.properties!)).toEqual(["itemId", "shape", "metal", "pageSize"]);
    expect(doc.components.schemas.SimilarRingsResponse).toBeDefined();
  });
});

describe("diamond page: Rings for this diamond", () => {
  /** The similar-rings list of a diamond page's HTML: its layout and the ring links in it. */
  function ringList(html: string): { layout: string; links: string[] } {
    const m = html.match(/<ul class="similar-rings [a-z]+" data-layout="([a-z]+)">([\s\S]*?)<\/ul>/);
    expect(m, "similar rings list").not.toBeNull();
    return { layout: m![1]!, links: [...m![2]!.matchAll(/<a href="([^"]+)"/g)].map((a) => a[1]!) };
  }

  it("shows 12 rings in a grid for Similar_Rings_As_Grid=1 and 6 in a row for the control", async () => {
    const d = await env.DB.prepare(
      "SELECT id, carat, color, clarity, cut, shape, is_lab_grown FROM diamonds WHERE is_sold = 0 AND shape = 1 ORDER BY id LIMIT 1",
    ).first<{
      id: number;
      carat: number;
      color: number;
      clarity: number;
      cut: number;
      shape: number;
      is_lab_grown: number;
    }>();
    const path = `/diamond/${d!.id}/${diamondSlug({ ...d!, isLabGrown: d!.is_lab_grown === 1 })}`;

    const gridRes = await call(path, { headers: { cookie: "Similar_Rings_As_Grid=1" } });
    expect(gridRes.status).toBe(200);
    const gridHtml = await gridRes.text();
    expect(gridHtml).toContain("Rings for this diamond");
    const grid = ringList(gridHtml);
    expect(grid.layout).toBe("grid");
    expect(grid.links.length).toBeGreaterThan(6);
    expect(grid.links.length).toBeLessThanOrEqual(12);
    for (const href of grid.links) expect(href).toMatch(/^\/(setting|engagement-ring)\/\d+\/\d+$/);

    const rowRes = await call(path, { headers: { cookie: "Similar_Rings_As_Grid=0" } });
    expect(rowRes.status).toBe(200);
    const row = ringList(await rowRes.text());
    expect(row.layout).toBe("row");
    expect(row.links.length).toBeGreaterThan(0);
    expect(row.links.length).toBeLessThanOrEqual(6);
    // The row is the grid's first six.
    expect(row.links).toEqual(grid.links.slice(0, row.links.length));
  });
});
