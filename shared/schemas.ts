/**
 * The wire schemas (valibot): every request body, query and response of the API is described here once
 * and used by the worker (validation), the client (typed data) and the OpenAPI generator.
 */
import * as v from "valibot";
import { CERTIFICATE_LABS, CLARITIES, COLORS, CUTS, EYE_CLEANLINESS, FINISH_GRADES, FLUORESCENCES, SHAPES } from "./enums";

/** §9 "Search page defaults". */
export const SEARCH_DEFAULTS = {
  pageNumber: 1,
  pageSize: 16,
  priceMin: 650,
  priceMax: 20000,
  shippingDays: -1,
  sortBy: "sortingOrder",
  sortOrder: "asc",
} as const;

export const MAX_PAGE_SIZE = 100;

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
export const CertificateLabCode = v.pipe(codeOf(CERTIFICATE_LABS, "certificate lab"), v.description("Certificate lab: 0 GIA, 1 AGS, 2 IGI, 3 EGL, 4 HRD, 5 GCAL"));
export const EyeCleanCode = v.pipe(codeOf(EYE_CLEANLINESS, "eye cleanliness"), v.description("1 Eye Clean, 2 Semi-Eye Clean, 3 Not Eye Clean, 999 unknown"));

const Cents = v.pipe(v.number(), v.integer(), v.description("US cents (integer)"));

export const SORT_FIELDS = ["sortingOrder", "price", "carat", "color", "clarity", "cut", "pricePerCarat"] as const;
export type SortField = (typeof SORT_FIELDS)[number];

const codeList = <T extends v.GenericSchema<unknown, number>>(item: T, what: string) =>
  v.optional(v.pipe(v.array(item), v.maxLength(16), v.description(`${what}; empty or absent means any`)), []);

/** Body of `POST /api/diamonds2` (§3 "Search filter defaults" names; camelCase for the rest). */
export const DiamondSearchRequest = v.pipe(
  v.strictObject({
    pageNumber: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), SEARCH_DEFAULTS.pageNumber),
    pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_SIZE)), SEARCH_DEFAULTS.pageSize),
    priceMin: v.optional(v.pipe(v.number(), v.minValue(0), v.description("Whole US dollars")), SEARCH_DEFAULTS.priceMin),
    priceMax: v.optional(v.pipe(v.number(), v.minValue(0), v.description("Whole US dollars")), SEARCH_DEFAULTS.priceMax),
    diamondShapes: codeList(ShapeCode, "Shape codes"),
    caratMin: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(50))),
    caratMax: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(50))),
    colors: codeList(ColorCode, "Colour codes"),
    clarities: codeList(ClarityCode, "Clarity codes"),
    cuts: codeList(CutCode, "Cut codes"),
    isLabGrown: v.optional(v.nullable(v.pipe(v.boolean(), v.description("true lab-grown, false natural, null or absent both")))),
    shippingDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(365), v.description("Ships within this many days; -1 any")), SEARCH_DEFAULTS.shippingDays),
    sortBy: v.optional(v.picklist(SORT_FIELDS), SEARCH_DEFAULTS.sortBy),
    sortOrder: v.optional(v.picklist(["asc", "desc"]), SEARCH_DEFAULTS.sortOrder),
  }),
  v.check((r) => r.priceMin <= r.priceMax, "priceMin must not exceed priceMax"),
  v.check((r) => r.caratMin === undefined || r.caratMax === undefined || r.caratMin <= r.caratMax, "caratMin must not exceed caratMax"),
);
export type DiamondSearchRequest = v.InferOutput<typeof DiamondSearchRequest>;
export type DiamondSearchInput = v.InferInput<typeof DiamondSearchRequest>;

const Retailer = v.object({
  id: v.number(),
  name: v.string(),
  slugurl: v.string(),
  logoUrl: v.string(),
  smallLogoUrl: v.string(),
});

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
  isRCIdeal: v.boolean(),
  isB2CVideoDiamond: v.boolean(),
  imagesUrl: v.string(),
  shippingDays: v.number(),
  lwRatio: v.number(),
  pairedDiamondId: v.nullable(v.number()),
  retailer: Retailer,
};

/** A diamond in a result list (`incomplete: true`: fetch the detail for every field). */
export const DiamondSummary = v.object({ ...DiamondCore, incomplete: v.literal(true) });
export type DiamondSummary = v.InferOutput<typeof DiamondSummary>;

/** Every field of a diamond (§3 Diamond plus the grading facts search needs). */
export const Diamond = v.object({
  ...DiamondCore,
  incomplete: v.literal(false),
  isFavorite: v.boolean(),
  depthPct: v.number(),
  tablePct: v.number(),
  measurements: v.object({ length: v.number(), width: v.number(), depth: v.number() }),
  eyeClean: EyeCleanCode,
  images: v.array(v.string()),
  videos: v.array(v.object({ previewImageUrl: v.string() })),
  pairedDiamond: v.nullable(v.object({ id: v.number(), price: Cents })),
  pairedDiamondPrice: v.nullable(Cents),
  promoCode: v.nullable(v.object({ amount: Cents })),
  /** Every recorded price of this stone, oldest first (seed, import or update); the last is the current price. */
  priceHistory: v.pipe(v.array(v.object({ at: v.pipe(v.number(), v.description("epoch ms")), price: Cents })), v.description("Every recorded price, oldest first")),
  updatedAt: v.number(),
});
export type Diamond = v.InferOutput<typeof Diamond>;

export const DiamondSearchResponse = v.object({
  diamonds: v.array(DiamondSummary),
  total: v.pipe(v.number(), v.integer(), v.description("Exact number of diamonds matching the filters")),
  pageNumber: v.number(),
  pageSize: v.number(),
  pageCount: v.number(),
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
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, "id must be a positive integer"), v.transform(Number)),
});
export const DiamondQuery = v.object({
  embed: v.optional(v.string()),
  promoCodeVariation: v.optional(v.picklist(["0", "1"])),
  IsB2CDiamondSelected: v.optional(v.picklist(["true", "false"])),
});

export const ERROR_CODES = [
  "bad_request",
  "not_found",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "method_not_allowed",
  "bad_gateway",
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
