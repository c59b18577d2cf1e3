/**
 * fast-check arbitraries for diamond search requests: random but realistic filter states (the way the
 * filter UI builds them: two-decimal ranges, code lists, flags), shared by the engine and API property tests.
 */
import fc from "fast-check";
import * as v from "valibot";
import { DiamondSearchRequest, SORT_FIELDS, type DiamondSearchInput } from "#shared/schemas.ts";

const sub = (codes: number[]) => fc.subarray(codes, { minLength: 0, maxLength: Math.min(4, codes.length) });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
const cents2 = (min: number, max: number) => fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((n) => n / 100);

function pair(min: number, max: number) {
  return fc
    .tuple(maybe(cents2(min, max)), maybe(cents2(min, max)))
    .map(([a, b]): [number | undefined, number | undefined] => (a !== undefined && b !== undefined && a > b ? [b, a] : [a, b]));
}

export function searchInput(retailerIds: number[]): fc.Arbitrary<DiamondSearchInput> {
  return fc
    .record({
      pageNumber: fc.integer({ min: 1, max: 6 }),
      pageSize: fc.constantFrom(1, 5, 16, 40, 100),
      price: fc.tuple(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 200_000 })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
      diamondShapes: sub([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      carat: pair(0.2, 4),
      colors: sub([1, 2, 3, 4, 5, 6, 7, 8]),
      clarities: sub([1, 2, 3, 4, 5, 6, 7, 8]),
      cuts: sub([0, 1, 2, 3]),
      polishes: fc.oneof(fc.constant<number[]>([]), sub([1, 2, 3])),
      symmetries: fc.oneof(fc.constant<number[]>([]), sub([1, 2, 3])),
      fluorescences: fc.oneof(fc.constant<number[]>([]), sub([0, 1, 2, 3, 4])),
      certificateLabs: fc.oneof(fc.constant<number[]>([]), sub([0, 1, 2, 3, 4, 5])),
      isLabGrown: fc.constantFrom(true, false, null),
      naturalDiamondRetailers: fc.oneof(
        { weight: 4, arbitrary: fc.constant<number[]>([]) },
        { weight: 1, arbitrary: fc.subarray(retailerIds, { maxLength: 6 }) },
      ),
      labGrownDiamondRetailers: fc.oneof(
        { weight: 4, arbitrary: fc.constant<number[]>([]) },
        { weight: 1, arbitrary: fc.subarray(retailerIds, { maxLength: 6 }) },
      ),
      shippingDays: fc.oneof({ weight: 3, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 20 }) }),
      shipsBy: fc.option(fc.integer({ min: -2, max: 25 }), { nil: undefined, freq: 4 }),
      depth: fc.oneof(
        { weight: 3, arbitrary: fc.constant<[number | undefined, number | undefined]>([undefined, undefined]) },
        { weight: 1, arbitrary: pair(55, 78) },
      ),
      table: fc.oneof(
        { weight: 3, arbitrary: fc.constant<[number | undefined, number | undefined]>([undefined, undefined]) },
        { weight: 1, arbitrary: pair(50, 78) },
      ),
      ratio: fc.oneof(
        { weight: 3, arbitrary: fc.constant<[number | undefined, number | undefined]>([undefined, undefined]) },
        { weight: 1, arbitrary: pair(0.9, 2.2) },
      ),
      eyeClean: fc.boolean(),
      hasImage: fc.boolean(),
      hasVideo: fc.boolean(),
      loupeIdeal: fc.boolean(),
      sortBy: fc.constantFrom(...SORT_FIELDS),
      sortOrder: fc.constantFrom("asc" as const, "desc" as const),
      includeFacets: fc.boolean(),
    })
    .map((r) => {
      const input: DiamondSearchInput = {
        pageNumber: r.pageNumber,
        pageSize: r.pageSize,
        priceMin: r.price[0],
        priceMax: r.price[1],
        diamondShapes: r.diamondShapes,
        caratMin: r.carat[0],
        caratMax: r.carat[1],
        colors: r.colors,
        clarities: r.clarities,
        cuts: r.cuts,
        polishes: r.polishes,
        symmetries: r.symmetries,
        fluorescences: r.fluorescences,
        certificateLabs: r.certificateLabs,
        isLabGrown: r.isLabGrown,
        naturalDiamondRetailers: r.naturalDiamondRetailers,
        labGrownDiamondRetailers: r.labGrownDiamondRetailers,
        shippingDays: r.shippingDays,
        shipsByHolidayDate: r.shipsBy === undefined ? undefined : new Date(Date.UTC(2026, 10, 21) + r.shipsBy * 86_400_000).toISOString().slice(0, 10),
        depthMin: r.depth[0],
        depthMax: r.depth[1],
        tableMin: r.table[0],
        tableMax: r.table[1],
        ratioMin: r.ratio[0],
        ratioMax: r.ratio[1],
        eyeClean: r.eyeClean,
        hasImage: r.hasImage,
        hasVideo: r.hasVideo,
        loupeIdeal: r.loupeIdeal,
        sortBy: r.sortBy,
        sortOrder: r.sortOrder,
        includeFacets: r.includeFacets,
      };
      // Leave out what is undefined, as a client would.
      for (const k of Object.keys(input) as (keyof DiamondSearchInput)[]) if (input[k] === undefined) delete input[k];
      return input;
    });
}

/** The validated request for an input (the arbitraries only build valid ones). */
export function parsed(input: DiamondSearchInput): DiamondSearchRequest {
  return v.parse(DiamondSearchRequest, input);
}
