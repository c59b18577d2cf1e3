/**
 * The wire schemas (valibot): every request body, query and response of the API is described here once
 * and used by the worker (validation), the client (typed data) and the OpenAPI generator.
 */
import * as v from "valibot";
import { CERTIFICATE_LABS, CLARITIES, COLORS, CUTS, EYE_CLEANLINESS, FINISH_GRADES, FLUORESCENCES, SHAPES } from "./enums";
import { MAX_PAGE_SIZE, RANGE_PAIRS, SEARCH_DEFAULTS, SORT_FIELDS } from "./search-constants";
import { PROMO_CATEGORIES } from "./cart/model";
import { DIAMOND_AVAILABILITY } from "./availability";

export { FILTER_DEFAULTS, MAX_PAGE_SIZE, NO_FILTERS_FOUND, RANGE_PAIRS, SEARCH_DEFAULTS, SORT_FIELDS, type SortField } from "./search-constants";

const codeOf = (list: readonly { code: number }[], what: string) =>
  v.pipe(
    v.number(),
    v.integer(),
    v.check((n) => list.some((e) => e.code === n), `unknown ${what} code`),
    v.metadata({ enum: list.map((e) => e.code) }),
  );

export const ShapeCode = v.pipe(codeOf(SHAPES, "shape"), v.description("Shape 1-10: " + SHAPES.map((s) => `${s.code} ${s.label}`).join(", ")));
export const ColorCode = v.pipe(codeOf(COLORS, "colour"), v.description("Colour 1-8: " + COLORS.map((s) => `${s.code} ${s.label}`).join(", ")));
export const ClarityCode = v.pipe(codeOf(CLARITIES, "clarity"), v.description("Clarity 1-8: " + CLARITIES.map((s) => `${s.code} ${s.label}`).join(", ")));
export const CutCode = v.pipe(codeOf(CUTS, "cut"), v.description("Cut 0-4: " + CUTS.map((s) => `${s.code} ${s.label}`).join(", ")));
export const FinishCode = v.pipe(codeOf(FINISH_GRADES, "polish/symmetry"), v.description("Polish/symmetry: 1 Excellent, 2 Very Good, 3 Good"));
export const FluorescenceCode = v.pipe(codeOf(FLUORESCENCES, "fluorescence"), v.description("Fluorescence 0-4: None, Faint, Medium, Strong, Very Strong"));
export const CertificateLabCode = v.pipe(
  codeOf(CERTIFICATE_LABS, "certificate lab"),
  v.description("Certificate lab: 0 GIA, 1 AGS, 2 IGI, 3 EGL, 4 HRD, 5 GCAL"),
);
export const EyeCleanCode = v.pipe(codeOf(EYE_CLEANLINESS, "eye cleanliness"), v.description("1 Eye Clean, 2 Semi-Eye Clean, 3 Not Eye Clean, 999 unknown"));

const Cents = v.pipe(v.number(), v.integer(), v.description("US cents (integer)"));

const codeList = <T extends v.GenericSchema<unknown, number>>(item: T, what: string) =>
  v.optional(v.pipe(v.array(item), v.maxLength(16), v.description(`${what}; empty or absent means any`)), []);

const range = (min: number, max: number, what: string) => v.optional(v.pipe(v.number(), v.minValue(min), v.maxValue(max), v.description(what)));
const idList = (what: string) =>
  v.optional(
    v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535))), v.maxLength(200), v.description(`${what}; empty or absent means any`)),
    [],
  );
const flag = (what: string) => v.optional(v.pipe(v.boolean(), v.description(what)), false);

/**
 * The filter fields of a diamond search (§3 "Search filter defaults" names where the spec has them:
 * priceMin, priceMax, diamondShapes, shippingDays, shipsByHolidayDate, naturalDiamondRetailers,
 * labGrownDiamondRetailers, sortBy, sortOrder; camelCase in the same style for the rest). Saved searches
 * store exactly these fields. Ranges are inclusive; carat, depth, table and ratio compare at 0.01.
 */
export const DiamondFilterEntries = {
  priceMin: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100_000_000), v.description("Whole US dollars")), SEARCH_DEFAULTS.priceMin),
  priceMax: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100_000_000), v.description("Whole US dollars")), SEARCH_DEFAULTS.priceMax),
  diamondShapes: codeList(ShapeCode, "Shape codes"),
  caratMin: range(0, 50, "Carat, inclusive"),
  caratMax: range(0, 50, "Carat, inclusive"),
  colors: codeList(ColorCode, "Colour codes"),
  clarities: codeList(ClarityCode, "Clarity codes"),
  cuts: codeList(CutCode, "Cut codes; Ideal (0) also matches the house grade (4)"),
  polishes: codeList(FinishCode, "Polish grades"),
  symmetries: codeList(FinishCode, "Symmetry grades"),
  fluorescences: codeList(FluorescenceCode, "Fluorescence codes"),
  certificateLabs: codeList(CertificateLabCode, "Certificate lab codes"),
  isLabGrown: v.optional(v.nullable(v.pipe(v.boolean(), v.description("true lab-grown, false natural, null or absent both")))),
  naturalDiamondRetailers: idList("Retailer ids for natural diamonds"),
  labGrownDiamondRetailers: idList("Retailer ids for lab-grown diamonds"),
  shippingDays: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(365), v.description("Ships within this many days; -1 any")),
    SEARCH_DEFAULTS.shippingDays,
  ),
  shipsByHolidayDate: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(10),
        v.isoDate("shipsByHolidayDate must be a date (YYYY-MM-DD)"),
        v.description("Only diamonds that ship (order today) by this date (UTC)"),
      ),
    ),
  ),
  depthMin: range(0, 100, "Depth %, inclusive"),
  depthMax: range(0, 100, "Depth %, inclusive"),
  tableMin: range(0, 100, "Table %, inclusive"),
  tableMax: range(0, 100, "Table %, inclusive"),
  ratioMin: range(0.5, 4, "Length/width ratio, inclusive"),
  ratioMax: range(0.5, 4, "Length/width ratio, inclusive"),
  eyeClean: flag("Only eye-clean diamonds"),
  hasImage: flag("Only diamonds with a photograph"),
  hasVideo: flag("Only diamonds with a 360° video"),
  loupeIdeal: flag("Only diamonds inside their shape's Loupe Ideal depth/table/ratio ranges (shared/loupe-ideal.ts)"),
  certificateNumber: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(40),
      v.regex(/^[A-Za-z0-9-]*$/, "certificateNumber may hold letters, digits and '-'"),
      v.description("Exact certificate number; empty means any"),
    ),
    "",
  ),
  sortBy: v.optional(v.picklist(SORT_FIELDS), SEARCH_DEFAULTS.sortBy),
  sortOrder: v.optional(v.picklist(["asc", "desc"]), SEARCH_DEFAULTS.sortOrder),
};

/** min ≤ max for every range pair, reported on the min field. */
const rangeChecks = RANGE_PAIRS.map(([min, max]) =>
  v.forward(
    v.partialCheck(
      [[min], [max]],
      (r: Partial<Record<string, number | undefined>>) => r[min] === undefined || r[max] === undefined || r[min]! <= r[max]!,
      `${min} must not exceed ${max}`,
    ),
    [min],
  ),
);

/** A saved filter state (`POST /api/diamond-filter`, `GET /api/searches/{id}`). */
export const DiamondFilters = v.pipe(v.strictObject(DiamondFilterEntries), ...(rangeChecks as unknown as []));
export type DiamondFilters = v.InferOutput<typeof DiamondFilters>;
export type DiamondFiltersInput = v.InferInput<typeof DiamondFilters>;

/** Body of `POST /api/diamonds2`: the filters plus paging and whether to count facets. */
export const DiamondSearchRequest = v.pipe(
  v.strictObject({
    pageNumber: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), SEARCH_DEFAULTS.pageNumber),
    pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_SIZE)), SEARCH_DEFAULTS.pageSize),
    ...DiamondFilterEntries,
    includeFacets: flag("Also return facet counts and the price histogram"),
    dealScores: v.optional(
      v.pipe(v.boolean(), v.description("Also give each diamond of the page its deal score (dealScore, 0-10; null with too few comparables)")),
    ),
  }),
  ...(rangeChecks as unknown as []),
);
export type DiamondSearchRequest = v.InferOutput<typeof DiamondSearchRequest>;
export type DiamondSearchInput = v.InferInput<typeof DiamondSearchRequest>;

/** Lower edges (whole USD) of the price histogram buckets; the last bucket is open-ended. */
export const PRICE_HISTOGRAM_EDGES_USD = [
  0, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 7500, 10_000, 12_500, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 75_000, 100_000,
  150_000, 250_000, 500_000,
] as const;

const CountMap = (what: string) => v.pipe(v.record(v.string(), v.number()), v.description(what));

/** Facet counts: per value, how many diamonds the search would give with that value and every other filter. */
export const SearchFacets = v.object({
  origin: CountMap("natural / lab"),
  shape: CountMap("By shape code"),
  color: CountMap("By colour code"),
  clarity: CountMap("By clarity code"),
  cut: CountMap("By search cut grade 0-3"),
  certificateLab: CountMap("By certificate lab code"),
});
export type SearchFacets = v.InferOutput<typeof SearchFacets>;

const Retailer = v.object({
  id: v.number(),
  name: v.string(),
  slugurl: v.string(),
  logoUrl: v.string(),
  smallLogoUrl: v.string(),
});

export { DIAMOND_AVAILABILITY, type DiamondAvailability } from "./availability";

const DiamondCore = {
  id: v.pipe(v.number(), v.integer()),
  slug: v.string(),
  certificateLab: CertificateLabCode,
  certificateId: v.string(),
  isLabGrown: v.boolean(),
  shape: ShapeCode,
  carat: v.number(),
  cut: CutCode,
  color: ColorCode,
  clarity: ClarityCode,
  fluorescence: FluorescenceCode,
  polish: FinishCode,
  symmetry: FinishCode,
  price: Cents,
  priceBeforeDiscount: v.nullable(Cents),
  discountPercentage: v.nullable(v.number()),
  isSold: v.boolean(),
  /**
   * Whether it can be bought (docs/decisions/058-inventory-holds.md): `on_hold` while an order waits for its
   * payment, `sold` once paid or listed as sold (then `isSold` too). Absent in older answers: read `isSold`.
   */
  availability: v.optional(v.picklist(DIAMOND_AVAILABILITY)),
  isRCIdeal: v.boolean(),
  isB2CVideoDiamond: v.boolean(),
  imagesUrl: v.string(),
  shippingDays: v.number(),
  lwRatio: v.number(),
  pairedDiamondId: v.nullable(v.number()),
  retailer: Retailer,
};

/** A diamond in a result list (`incomplete: true`: fetch the detail for every field). */
export const DiamondSummary = v.object({
  ...DiamondCore,
  incomplete: v.literal(true),
  /** With `dealScores` on the search: the deal score out of 10 (null: fewer than 5 comparable stones; docs/decisions/026-deal-score.md). */
  dealScore: v.optional(v.nullable(v.number())),
  /** Saved by the signed-in customer (always false for a visitor; docs/decisions/017-favourites-and-my-stuff-lists.md). */
  isFavorite: v.boolean(),
});
export type DiamondSummary = v.InferOutput<typeof DiamondSummary>;

/** Every field of a diamond (§3 Diamond plus the grading facts search needs). */
/**
 * The running promo code offered on an item (§7 get-valid-promotion-code): the one that takes the most off
 * it among the codes offered to the visitor's Promocode_Variation_Global variant (`promoCodeVariation`).
 */
export const OfferedPromotion = v.object({
  promoCode: v.string(),
  description: v.string(),
  percentage: v.nullable(v.number()),
  amount: v.pipe(Cents, v.description("what the code takes off this item now")),
  endsAt: v.number(),
  appliesTo: v.array(v.picklist(PROMO_CATEGORIES)),
});
export type OfferedPromotion = v.InferOutput<typeof OfferedPromotion>;

/** The `promoCodeVariation` query parameter of the catalogue calls (Promocode_Variation_Global's variant). */
export const PromoCodeVariation = v.picklist(["0", "1"]);

export const Diamond = v.object({
  ...DiamondCore,
  incomplete: v.literal(false),
  isFavorite: v.boolean(),
  depthPct: v.number(),
  tablePct: v.number(),
  measurements: v.object({ length: v.number(), width: v.number(), depth: v.number() }),
  eyeClean: EyeCleanCode,
  /** A lab-grown stone's growth method as its retailer states it (null when not stated, and for natural stones; migration 0022). */
  growthMethod: v.optional(v.nullable(v.picklist(["CVD", "HPHT"]))),
  /** A lab-grown stone treated after growth (true), as grown (false), or not stated (null; always null for natural stones). */
  treated: v.optional(v.nullable(v.boolean())),
  images: v.array(v.string()),
  videos: v.array(v.object({ previewImageUrl: v.string() })),
  pairedDiamond: v.nullable(v.object({ id: v.number(), price: Cents })),
  pairedDiamondPrice: v.nullable(Cents),
  promoCode: v.nullable(v.object({ amount: Cents })),
  /** With `promoCodeVariation`: the promo code offered on this diamond to that variant (null when none applies). */
  offeredPromotion: v.optional(v.nullable(OfferedPromotion)),
  /** Every recorded price of this stone, oldest first (seed, import or update); the last is the current price. */
  priceHistory: v.pipe(
    v.array(v.object({ at: v.pipe(v.number(), v.description("epoch ms")), price: Cents })),
    v.description("Every recorded price, oldest first"),
  ),
  updatedAt: v.number(),
});
export type Diamond = v.InferOutput<typeof Diamond>;

export const DiamondSearchResponse = v.object({
  diamonds: v.array(DiamondSummary),
  total: v.pipe(v.number(), v.integer(), v.description("Exact number of diamonds matching the filters")),
  pageNumber: v.number(),
  pageSize: v.number(),
  pageCount: v.number(),
  facets: v.optional(SearchFacets),
  priceHistogram: v.optional(
    v.pipe(
      v.object({ edges: v.array(v.number()), counts: v.array(v.number()) }),
      v.description("Diamonds per price bucket (lower edges in whole USD) with every filter but price applied"),
    ),
  ),
  searchId: v.optional(v.pipe(v.string(), v.description("Set when the search was restored from a searchId"))),
  filters: v.optional(v.pipe(DiamondFilters, v.description("The saved filters, when restored from a searchId"))),
});
export type DiamondSearchResponse = v.InferOutput<typeof DiamondSearchResponse>;

/** Body of `POST /api/diamonds/get-similar` (§7 field names). */
export const SimilarDiamondsRequest = v.strictObject({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  certificateLab: v.optional(CertificateLabCode),
  isLabGrown: v.boolean(),
  shape: ShapeCode,
  carat: v.pipe(v.number(), v.minValue(0.01), v.maxValue(50)),
  cut: CutCode,
  color: ColorCode,
  clarity: ClarityCode,
});
export type SimilarDiamondsRequest = v.InferOutput<typeof SimilarDiamondsRequest>;

export const SimilarDiamondsResponse = v.object({ diamonds: v.pipe(v.array(DiamondSummary), v.maxLength(5)) });
export type SimilarDiamondsResponse = v.InferOutput<typeof SimilarDiamondsResponse>;

/** Path and query of `GET /api/diamonds/{id}`. */
export const DiamondIdParam = v.object({
  id: v.pipe(v.string(), v.maxLength(16), v.regex(/^[1-9]\d{0,15}$/, "id must be a positive integer"), v.transform(Number)),
});
export const DiamondQuery = v.object({
  embed: v.optional(v.pipe(v.string(), v.maxLength(200))),
  promoCodeVariation: v.optional(PromoCodeVariation),
  IsB2CDiamondSelected: v.optional(v.picklist(["true", "false"])),
});

export const ERROR_CODES = [
  "bad_request",
  "not_found",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "unauthorized",
  "forbidden",
  "not_implemented",
  "method_not_allowed",
  "bad_gateway",
  "gateway_timeout",
  "service_unavailable",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error envelope of the API. */
export const ErrorEnvelope = v.object({
  error: v.object({
    code: v.picklist(ERROR_CODES),
    message: v.string(),
    details: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
  }),
});
export type ErrorEnvelope = v.InferOutput<typeof ErrorEnvelope>;

/** A searchId: 12 characters of Crockford base 32 (derived from the filters, see worker/catalogue/searches.ts). */
export const SEARCH_ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{12}$/;
export const SearchId = v.pipe(v.string(), v.maxLength(12), v.regex(SEARCH_ID_PATTERN, "searchId must be 12 characters [0-9a-z]"));

export const SearchIdParam = v.object({ id: SearchId });

/** `POST /api/diamond-filter` answer. */
export const SaveSearchResponse = v.object({ searchId: SearchId, filters: DiamondFilters });

/** `GET /api/searches/{id}` answer. */
export const SavedSearch = v.object({
  searchId: SearchId,
  kind: v.literal("diamond"),
  filters: DiamondFilters,
  createdAt: v.pipe(v.number(), v.description("epoch ms")),
});
export type SavedSearch = v.InferOutput<typeof SavedSearch>;

/** Query of `GET /api/diamonds?searchId=`: the saved search, which page, and whether to count facets. */
export const DiamondsBySearchQuery = v.object({
  searchId: SearchId,
  pageNumber: v.optional(
    v.pipe(v.string(), v.maxLength(5), v.regex(/^[1-9]\d{0,4}$/, "pageNumber must be 1-99999"), v.transform(Number), v.maxValue(10_000)),
    "1",
  ),
  pageSize: v.optional(
    v.pipe(v.string(), v.maxLength(3), v.regex(/^\d{1,3}$/, "pageSize must be a number"), v.transform(Number), v.minValue(1), v.maxValue(MAX_PAGE_SIZE)),
    "16",
  ),
  includeFacets: v.optional(v.picklist(["true", "false", "1", "0"])),
});

/** `GET /api/retailers` answer (the fields the filters need). */
export const RetailerList = v.object({
  retailers: v.array(v.object({ id: v.number(), name: v.string(), slugurl: v.string(), sells: v.array(v.picklist(["natural", "lab"])) })),
});
/** A retailer as the search filters list it. */
export type RetailerOption = v.InferOutput<typeof RetailerList>["retailers"][number];

/** `GET /api/promotion-group` answer: the promotion campaigns running now. */
export const PromotionGroups = v.object({
  groups: v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      headline: v.string(),
      promoCode: v.nullable(v.string()),
      discountPercent: v.number(),
      appliesTo: v.array(v.string()),
      startsAt: v.number(),
      endsAt: v.number(),
    }),
  ),
});
export type PromotionGroups = v.InferOutput<typeof PromotionGroups>;
