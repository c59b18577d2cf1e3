/**
 * Alert matching over the index (worker/search/alerts.ts): for random filter states, the stones an alert finds
 * among those listed after a watermark are exactly the ones the search (the plain-TypeScript oracle) lists
 * with an id above it — and above the alert's own — whatever the engine's tuning; and the new watermark is the
 * index's newest id. Also the price-drop rule in integer cents.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateDiamonds } from "#shared/catalogue/generate-diamonds.ts";
import { generateRetailers } from "#shared/catalogue/generate-retailers.ts";
import { isPriceDrop } from "#worker/my-stuff/alerts/price-drops.ts";
import { alertMatches } from "#worker/search/alerts.ts";
import { indexRowOf } from "#worker/search/columns.ts";
import { buildIndex } from "#worker/search/engine.ts";
import { toEngineQuery } from "#worker/search/plan.ts";
import { DEFAULT_TUNING } from "#worker/search/types.ts";
import { oracleMatches } from "../../oracle";
import { parsed, searchInput } from "../../search-arbitraries";

const SEED_NOW = Date.UTC(2026, 10, 1);
const NOW = Date.UTC(2026, 10, 21, 15, 30);
const { diamonds } = generateDiamonds(0, 4_000, SEED_NOW);
const available = diamonds.filter((d) => !d.is_sold);
const retailerIds = generateRetailers().map((r) => r.id);
const ids = available.map((d) => d.id).sort((a, b) => a - b);
const maxId = ids[ids.length - 1]!;

describe.each([
  ["default tuning", DEFAULT_TUNING],
  ["no small-result shortcut", { ...DEFAULT_TUNING, smallTotal: 0, walkBudget: 1 }],
])("alert matching (%s)", (_name, tuning) => {
  const index = buildIndex(available.map(indexRowOf), "test", tuning);

  it("finds exactly the new stones the search lists, for many alerts in one call", () => {
    fc.assert(
      fc.property(fc.array(searchInput(retailerIds), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: ids.length - 1 }), (inputs, at) => {
        const watermark = ids[at]!;
        const alerts = inputs.map((input, key) => {
          const req = parsed(input);
          // Some alerts were saved after the watermark: they watch from later.
          const own = key % 3 === 2 ? ids[Math.min(ids.length - 1, at + 50)]! : watermark;
          return { key, req, afterId: own, query: toEngineQuery(req, { now: NOW, onlyIds: null }) };
        });
        const found = alertMatches(
          index,
          alerts.map(({ key, afterId, query }) => ({ key, afterId, query })),
          watermark,
        );
        expect(found.upToId).toBe(maxId);
        expect(found.newRows).toBe(ids.length - 1 - at);
        for (const a of alerts) {
          const expected = available
            .filter((d) => d.id > watermark && d.id > a.afterId && oracleMatches(d, a.req, NOW))
            .map((d) => d.id)
            .sort((x, y) => x - y);
          expect(found.matches.find((m) => m.key === a.key)?.ids ?? []).toEqual(expected);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("finds nothing and keeps the watermark when nothing is newer", () => {
    const q = toEngineQuery(parsed({}), { now: NOW, onlyIds: null });
    expect(alertMatches(index, [{ key: 1, afterId: maxId, query: q }], maxId)).toEqual({ matches: [], upToId: maxId, newRows: 0 });
  });

  it("restricts a certificate search to its new stones", () => {
    const [a, b] = ids.slice(-2) as [number, number];
    const q = toEngineQuery(parsed({ priceMin: 0, priceMax: 100_000_000 }), { now: NOW, onlyIds: [b] });
    expect(alertMatches(index, [{ key: 7, afterId: 0, query: q }], a - 1).matches).toEqual([{ key: 7, ids: [b] }]);
  });
});

describe("the price-drop threshold", () => {
  it("is 2 % or $100, whichever comes first, and at least a cent", () => {
    expect(isPriceDrop(100_000, 98_000)).toBe(true); // $20 of $1,000: 2 %
    expect(isPriceDrop(100_000, 98_001)).toBe(false);
    expect(isPriceDrop(1_000_000, 990_000)).toBe(true); // $100 of $10,000: 1 %
    expect(isPriceDrop(1_000_000, 990_001)).toBe(false);
    expect(isPriceDrop(40, 39)).toBe(true); // a cent of 40 is 2.5 %
    expect(isPriceDrop(100, 100)).toBe(false);
    expect(isPriceDrop(100, 120)).toBe(false);
  });
});
