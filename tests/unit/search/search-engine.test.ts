import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateDiamonds } from "#shared/catalogue/generate-diamonds.ts";
import { generateRetailers } from "#shared/catalogue/generate-retailers.ts";
import type { DiamondRow } from "#shared/catalogue/rows.ts";
import { PRICE_HISTOGRAM_EDGES_USD } from "#shared/schemas.ts";
import { nthSmallest } from "#worker/search/bits.ts";
import { indexRowOf } from "#worker/search/columns.ts";
import { buildIndex } from "#worker/search/engine.ts";
import { DEFAULT_TUNING, type EngineTuning } from "#worker/search/types.ts";
import { toEngineQuery } from "#worker/search/plan.ts";
import { SUMMARY_COLUMNS } from "#worker/diamonds/summary.ts";
import { oracleFacet, oracleMatches, oracleSearch } from "../../oracle";
import { parsed, searchInput } from "../../search-arbitraries";

const SEED_NOW = Date.UTC(2026, 10, 1);
const NOW = Date.UTC(2026, 10, 21, 15, 30);

// 6,000 generated diamonds (sold ones included in the oracle's input, never in the index, as in D1).
const { diamonds } = generateDiamonds(0, 6_000, SEED_NOW);
const available = diamonds.filter((d) => !d.is_sold).map(indexRowOf);
const retailerIds = generateRetailers().map((r) => r.id);

/**
 * The catalogue is small, so the default tuning sorts most results outright; the other tunings force the
 * paths large catalogues take: permutation walks, price merges and grade groups (no small-result shortcut),
 * walks that give way to selecting from the matches at once (budget 1), and coarse or fine range bitmaps.
 */
const TUNINGS: [string, EngineTuning][] = [
  ["default tuning", DEFAULT_TUNING],
  ["walks, merges and groups, 4 bands", { smallTotal: 0, walkBudget: 1_000_000, walkPerMatch: 0, bands: 4 }],
  ["selection after a walk's budget, 64 bands", { smallTotal: 0, walkBudget: 1, walkPerMatch: 0, bands: 64 }],
];

describe.each(TUNINGS)("search index engine against the plain-TypeScript oracle (%s)", (_name, tuning) => {
  const index = buildIndex(available, "test", tuning);
  function engine(input: Parameters<typeof parsed>[0], onlyIds: number[] | null = null) {
    const req = parsed(input);
    return { req, result: index.search(toEngineQuery(req, { now: NOW, onlyIds })) };
  }

  it("gives the oracle's total, order and page for random filter states", () => {
    fc.assert(
      fc.property(searchInput(retailerIds), (input) => {
        const { req, result } = engine(input);
        const expected = oracleSearch(diamonds, req, NOW);
        expect(result.total).toBe(expected.total);
        expect(result.ids).toEqual(expected.page);
      }),
      { numRuns: 400 },
    );
  });

  it("counts facets and the price histogram like the oracle", () => {
    fc.assert(
      fc.property(searchInput(retailerIds), (input) => {
        const { req, result } = engine({ ...input, includeFacets: true });
        for (const [dim, values] of [
          ["shape", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
          ["color", [1, 2, 3, 4, 5, 6, 7, 8]],
          ["clarity", [1, 2, 3, 4, 5, 6, 7, 8]],
          ["cut", [0, 1, 2, 3]],
          ["certificateLab", [0, 1, 2, 3, 4, 5]],
        ] as const) {
          for (const value of values) expect(result.facets![dim][String(value)], `${dim} ${value}`).toBe(oracleFacet(diamonds, req, NOW, dim, value));
        }
        expect(result.facets!.origin.natural).toBe(oracleFacet(diamonds, req, NOW, "origin", 0));
        expect(result.facets!.origin.lab).toBe(oracleFacet(diamonds, req, NOW, "origin", 1));
        const anyPrice = { ...req, priceMin: 0, priceMax: 100_000_000 };
        const hist = new Array<number>(PRICE_HISTOGRAM_EDGES_USD.length).fill(0);
        for (const d of diamonds) {
          if (!oracleMatches(d, anyPrice, NOW)) continue;
          let b = 0;
          while (b + 1 < PRICE_HISTOGRAM_EDGES_USD.length && d.price_cents >= PRICE_HISTOGRAM_EDGES_USD[b + 1]! * 100) b++;
          hist[b]!++;
        }
        expect(result.priceHistogram).toEqual(hist);
      }),
      { numRuns: 150 },
    );
  });

  it("pages through a result with no duplicates or gaps, in every sort", () => {
    fc.assert(
      fc.property(searchInput(retailerIds), fc.constantFrom(7, 16, 50), (input, pageSize) => {
        const first = engine({ ...input, pageNumber: 1, pageSize });
        const seen: number[] = [];
        for (let page = 1; page <= Math.min(30, Math.ceil(first.result.total / pageSize)); page++)
          seen.push(...engine({ ...input, pageNumber: page, pageSize }).result.ids);
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toEqual(oracleSearch(diamonds, first.req, NOW).ordered.slice(0, seen.length));
      }),
      { numRuns: 60 },
    );
  });

  it("finds a diamond by certificate number, with the other filters still applied", () => {
    const d = diamonds.find((x) => !x.is_sold && x.price_cents > 100_000 && x.price_cents < 1_500_000)!;
    const hit = engine({ certificateNumber: d.certificate_id, isLabGrown: d.is_lab_grown === 1 }, [d.id]);
    expect(hit.result).toMatchObject({ total: 1, ids: [d.id] });
    const miss = engine({ certificateNumber: d.certificate_id, isLabGrown: d.is_lab_grown !== 1 }, [d.id]);
    expect(miss.result).toMatchObject({ total: 0, ids: [] });
  });

  it("gives every result row's list columns exactly as stored (the page needs no second read)", () => {
    const byId = new Map(diamonds.map((d) => [d.id, d]));
    fc.assert(
      fc.property(searchInput(retailerIds), (input) => {
        const req = parsed({ ...input, pageSize: 100 });
        const result = index.search(toEngineQuery(req, { now: NOW, onlyIds: null }));
        const shown = index.display(result.rows);
        expect(shown.map((r) => r.id)).toEqual(result.ids);
        for (const row of shown) {
          const d = byId.get(row.id)!;
          expect(row).toEqual(Object.fromEntries(SUMMARY_COLUMNS.map((c) => [c, d[c]])));
        }
      }),
      { numRuns: 40 },
    );
  });

  it("keeps list columns a compact column cannot hold (odd certificate numbers, three-decimal carats)", () => {
    const [a, b, c, e] = diamonds.filter((d) => !d.is_sold);
    const odd = [
      { ...indexRowOf(a!), carat: 1.234, display: { ...indexRowOf(a!).display!, certificateId: "LG-0042", imageUrl: "https://cdn.example/x.jpg" } },
      { ...indexRowOf(b!), lwRatio: 1.3333, display: { ...indexRowOf(b!).display!, certificateId: "0012345", discountPercentage: 12.5 } },
      // Long numbers: 12 digits fit the compact column (below 2^40), 13 digits above 2^40 do not.
      { ...indexRowOf(c!), display: { ...indexRowOf(c!).display!, certificateId: "999999999999", pairedDiamondId: 4_000_000_000, isRcIdeal: true } },
      { ...indexRowOf(e!), display: { ...indexRowOf(e!).display!, certificateId: "9999999999999", pairedDiamondId: null, isRcIdeal: false } },
    ];
    const small = buildIndex(odd, "odd", tuning);
    const result = small.search(toEngineQuery(parsed({ priceMin: 0, priceMax: 100_000_000, sortBy: "price" }), { now: NOW, onlyIds: null }));
    const shown = new Map(small.display(result.rows).map((r) => [r.id, r]));
    expect(shown.get(a!.id)).toMatchObject({ carat: 1.234, certificate_id: "LG-0042", image_url: "https://cdn.example/x.jpg" });
    expect(shown.get(b!.id)).toMatchObject({ lw_ratio: 1.3333, certificate_id: "0012345", discount_percentage: 12.5 });
    expect(shown.get(c!.id)).toMatchObject({ certificate_id: "999999999999", paired_diamond_id: 4_000_000_000, is_rc_ideal: 1 });
    expect(shown.get(e!.id)).toMatchObject({ certificate_id: "9999999999999", paired_diamond_id: null, is_rc_ideal: 0 });
  });

  it("answers a page past the end with no diamonds and the exact total", () => {
    const { result } = engine({ pageNumber: 10_000, priceMin: 0, priceMax: 1_000_000 });
    expect(result.ids).toEqual([]);
    expect(result.total).toBe(diamonds.filter((d) => !d.is_sold).length);
  });
});

describe("similar diamonds from the index", () => {
  const index = buildIndex(available, "test");
  const live = diamonds.filter((d) => !d.is_sold);

  /** The rule, written out over every available diamond. */
  function oracleSimilar(d: DiamondRow): number[] {
    return live
      .filter(
        (x) =>
          x.id !== d.id &&
          x.is_lab_grown === d.is_lab_grown &&
          x.shape === d.shape &&
          x.carat >= d.carat * 0.85 &&
          x.carat <= d.carat * 1.15 &&
          Math.abs(x.color - d.color) <= 1 &&
          Math.abs(x.clarity - d.clarity) <= 1,
      )
      .map((x) => ({
        id: x.id,
        score:
          Math.abs(x.carat - d.carat) / (d.carat * 0.15) +
          0.3 * Math.abs(x.color - d.color) +
          0.3 * Math.abs(x.clarity - d.clarity) +
          0.1 * Math.abs(x.cut - d.cut),
      }))
      .sort((a, b) => a.score - b.score || a.id - b.id)
      .slice(0, 5)
      .map((x) => x.id);
  }

  it("finds the closest five of the same origin and shape, within ±15 % carat and one colour and clarity grade", () => {
    let found = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: diamonds.length - 1 }), (i) => {
        const d = diamonds[i]!; // sold stones too: a detail page can show one
        const similar = index.display(
          index.similar({ id: d.id, isLabGrown: d.is_lab_grown === 1, shape: d.shape, carat: d.carat, color: d.color, clarity: d.clarity, cut: d.cut }, 5),
        );
        expect(similar.map((r) => r.id)).toEqual(oracleSimilar(d));
        found += similar.length;
      }),
      { numRuns: 200 },
    );
    expect(found).toBeGreaterThan(0);
  });
});

describe("search index engine with many equal prices (feeds that price in whole hundreds)", () => {
  // Prices rounded to $100: equal prices across leaves, so the price merge must order ties by
  // sortingOrder, then id.
  const rounded = diamonds.map((d) => ({ ...d, price_cents: Math.round(d.price_cents / 10_000) * 10_000 }));
  const index = buildIndex(rounded.filter((d) => !d.is_sold).map(indexRowOf), "test", { smallTotal: 0, walkBudget: 1_000_000, walkPerMatch: 0, bands: 8 });

  it("gives the oracle's page in price order, both directions", () => {
    fc.assert(
      fc.property(searchInput(retailerIds), fc.constantFrom("asc" as const, "desc" as const), (input, sortOrder) => {
        const req = parsed({ ...input, sortBy: "price", sortOrder });
        const result = index.search(toEngineQuery(req, { now: NOW, onlyIds: null }));
        const expected = oracleSearch(rounded, req, NOW);
        expect(result.total).toBe(expected.total);
        expect(result.ids).toEqual(expected.page);
      }),
      { numRuns: 150 },
    );
  });
});

describe("nthSmallest (the selection threshold)", () => {
  it("finds the k-th smallest value, duplicates included", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 300 }), fc.nat(), (values, k0) => {
        const k = k0 % values.length;
        const xs = Float32Array.from(values);
        expect(nthSmallest(xs, k)).toBe([...values].sort((a, b) => a - b)[k]);
      }),
      { numRuns: 300 },
    );
  });
});
