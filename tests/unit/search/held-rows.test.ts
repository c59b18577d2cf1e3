/**
 * Stones held or sold by an order are left out of the index's searches (docs/decisions/058-inventory-holds.md):
 * with `hidden` set, the engine answers exactly what the oracle answers for a catalogue where those stones are
 * sold — totals, pages, facet counts — and the similar-stones search skips them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateDiamonds } from "#shared/catalogue/generate-diamonds.ts";
import { generateRetailers } from "#shared/catalogue/generate-retailers.ts";
import { indexRowOf } from "#worker/search/columns.ts";
import { rowOfId } from "#worker/search/deal-score.ts";
import { buildIndex } from "#worker/search/engine.ts";
import { toEngineQuery } from "#worker/search/plan.ts";
import { DEFAULT_TUNING, type EngineTuning } from "#worker/search/types.ts";
import { oracleFacet, oracleSearch } from "../../oracle";
import { parsed, searchInput } from "../../search-arbitraries";

const SEED_NOW = Date.UTC(2026, 10, 1);
const NOW = Date.UTC(2026, 10, 21, 15, 30);
const { diamonds } = generateDiamonds(0, 4_000, SEED_NOW);
const available = diamonds.filter((d) => !d.is_sold);
const retailerIds = generateRetailers().map((r) => r.id);
// Every seventh available stone is held by an order.
const held = new Set(available.filter((_, i) => i % 7 === 3).map((d) => d.id));
// The oracle's catalogue: the held stones as if sold.
const asOracle = diamonds.map((d) => (held.has(d.id) ? { ...d, is_sold: 1 } : d));

const TUNINGS: [string, EngineTuning][] = [
  ["default tuning", DEFAULT_TUNING],
  ["walks, merges and groups", { smallTotal: 0, walkBudget: 1_000_000, walkPerMatch: 0, bands: 4 }],
];

describe.each(TUNINGS)("held stones left out of the search (%s)", (_name, tuning) => {
  const index = buildIndex(available.map(indexRowOf), "test", tuning);
  const bits = new Uint32Array(index.words);
  for (const id of held) {
    const r = rowOfId(index, id);
    bits[r >>> 5]! |= 1 << (r & 31);
  }
  index.hidden = bits;

  it("answers the oracle's total, page and facets with the held stones as sold", () => {
    fc.assert(
      fc.property(searchInput(retailerIds), (input) => {
        const req = parsed({ ...input, includeFacets: true });
        const result = index.search(toEngineQuery(req, { now: NOW, onlyIds: null }));
        const expected = oracleSearch(asOracle, req, NOW);
        expect(result.total).toBe(expected.total);
        expect(result.ids).toEqual(expected.page);
        for (const shape of [1, 2, 3]) expect(result.facets!.shape[String(shape)]).toBe(oracleFacet(asOracle, req, NOW, "shape", shape));
      }),
      { numRuns: 150 },
    );
  });

  it("finds no held stone by its certificate number, and never offers one as similar", () => {
    const stone = available.find((d) => held.has(d.id))!;
    const req = parsed({ certificateNumber: stone.certificate_id, isLabGrown: null });
    expect(index.search(toEngineQuery(req, { now: NOW, onlyIds: [stone.id] })).total).toBe(0);
    let offered = 0;
    for (const d of available.slice(0, 300)) {
      const ids = index.display(
        index.similar({ id: d.id, isLabGrown: d.is_lab_grown === 1, shape: d.shape, carat: d.carat, color: d.color, clarity: d.clarity, cut: d.cut }, 5),
      );
      offered += ids.length;
      for (const s of ids) expect(held.has(s.id)).toBe(false);
    }
    expect(offered).toBeGreaterThan(0);
  });
});
