/**
 * Diamond reports on the wire (issue 21; §3 Diamond report, §7 Reports; docs/decisions/026-deal-score.md, 027-reports.md):
 * the stone a report reads, the deal score against comparable stones in the live inventory, the report's
 * sections (name, score, maxScore, checklist — shown as title, rating, maxRating and list) and the gemologist
 * review.
 */
import * as v from "valibot";
import { httpUrl } from "../url-schemas";
import { CertificateLabCode, ClarityCode, ColorCode, CutCode, DiamondSummary, FinishCode, FluorescenceCode, ShapeCode } from "../schemas";

const Cents = v.pipe(v.number(), v.integer(), v.description("US cents (integer)"));

/** Reports a customer may create per calendar day (UTC); the next one is refused with 409. */
export const MAX_REPORTS_PER_DAY = 50;
/** Reports a customer keeps (removed ones do not count); the next one is refused with 409. */
export const MAX_REPORTS = 500;
/** Fewer comparable stones than this give no score (the explanation says so). */
export const MIN_COMPARABLES = 5;
/** The comparison set a report shows, nearest first (the whole set is a diamond search away). */
export const COMPARABLES_SHOWN = 24;
/** The score's scale. */
export const DEAL_SCORE_MAX = 10;
/** Highest price a shopper may enter, in cents ($5,000,000). */
export const MAX_REPORT_PRICE_CENTS = 500_000_000;

/** How a lab-grown stone was grown (null on the wire when the retailer does not say). */
export const GrowthMethod = v.picklist(["CVD", "HPHT"]);

/**
 * The stone a report reads: an inventory diamond's grading, or what the shopper entered for a stone seen
 * elsewhere (cut, proportions and lab optional there: null when not given).
 */
export const ReportStone = v.object({
  isLabGrown: v.boolean("isLabGrown must be true or false"),
  shape: ShapeCode,
  carat: v.pipe(v.number("carat must be a number"), v.minValue(0.1, "carat must be at least 0.10"), v.maxValue(30, "carat must be at most 30")),
  color: ColorCode,
  clarity: ClarityCode,
  cut: v.nullable(CutCode),
  polish: v.nullable(FinishCode),
  symmetry: v.nullable(FinishCode),
  fluorescence: v.nullable(FluorescenceCode),
  certificateLab: v.nullable(CertificateLabCode),
  depthPct: v.nullable(v.pipe(v.number("depth must be a number"), v.minValue(40, "depth must be 40-85 %"), v.maxValue(85, "depth must be 40-85 %"))),
  tablePct: v.nullable(v.pipe(v.number("table must be a number"), v.minValue(40, "table must be 40-85 %"), v.maxValue(85, "table must be 40-85 %"))),
  lwRatio: v.nullable(v.pipe(v.number("ratio must be a number"), v.minValue(0.8, "ratio must be 0.80-3.00"), v.maxValue(3, "ratio must be 0.80-3.00"))),
  growthMethod: v.nullable(GrowthMethod),
  treated: v.nullable(v.boolean()),
});
export type ReportStone = v.InferOutput<typeof ReportStone>;

/** A stone the deal score compares (grades as codes; `id` of an inventory stone, left out of its own set). */
export interface DealStone {
  id: number | null;
  isLabGrown: boolean;
  shape: number;
  carat: number;
  color: number;
  clarity: number;
  /** Cut code 0-4; null (a fancy stone without a cut grade) compares with every cut. */
  cut: number | null;
  /** Fluorescence code 0-4; null (not given) takes each comparable's own (no adjustment for it). */
  fluorescence: number | null;
  priceCents: number;
}

/** One stone of the comparison set: as a result card shows it, and its price adjusted to the subject's carat and grades. */
export const Comparable = v.object({ diamond: DiamondSummary, adjustedPrice: Cents });

/**
 * The deal score: the stone's price against comparable stones in the live inventory (same shape and origin,
 * carat within ±5 %, colour, clarity and cut within one grade), each comparable's price adjusted to this stone's
 * carat and grades by the price model. `percentile` is the share of comparables that cost more (ties count
 * half); the score is that share out of 10. Null score, percentile and median when fewer than MIN_COMPARABLES.
 */
export const DealScore = v.object({
  score: v.nullable(v.number()),
  maxScore: v.literal(DEAL_SCORE_MAX),
  percentile: v.nullable(v.number()),
  medianPrice: v.nullable(Cents),
  /** Price against the median, in percent (negative: below). */
  differencePct: v.nullable(v.number()),
  comparableCount: v.number(),
  price: Cents,
  /** In words, e.g. "12% below the median of 214 comparable stones". */
  explanation: v.string(),
  computedAt: v.number(),
  /** The nearest comparables (at most COMPARABLES_SHOWN), nearest first. */
  comparables: v.array(Comparable),
  /** The whole comparison set as a diamond search. */
  searchUrl: v.string(),
});
export type DealScore = v.InferOutput<typeof DealScore>;

/** A checklist line: the verdict and why. */
export const ChecklistLine = v.object({ verdict: v.picklist(["good", "fair", "poor", "unknown"]), text: v.string(), why: v.string() });
export type ChecklistLine = v.InferOutput<typeof ChecklistLine>;

export const SECTION_NAMES = ["price", "cut", "eyeClean", "fluorescence", "certificate", "origin", "retailer"] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** §3 Diamond report section: name, score, maxScore, checklist (the page shows title, rating, maxRating, list). */
export const ReportSection = v.object({
  name: v.picklist(SECTION_NAMES),
  title: v.string(),
  score: v.number(),
  maxScore: v.number(),
  checklist: v.array(ChecklistLine),
});
export type ReportSection = v.InferOutput<typeof ReportSection>;

/** A gemologist review of a report: pending until an operator answers. */
export const GemologistReview = v.object({
  id: v.number(),
  status: v.picklist(["pending", "answered"]),
  productUrl: v.nullable(v.string()),
  requestedAt: v.number(),
  answeredAt: v.nullable(v.number()),
  verdict: v.nullable(v.picklist(["recommended", "acceptable", "not-recommended"])),
  answer: v.nullable(v.string()),
  gemologist: v.nullable(v.string()),
});
export type GemologistReview = v.InferOutput<typeof GemologistReview>;

/** A retailer as a report names it. */
export const ReportRetailer = v.object({ id: v.number(), name: v.string(), slugurl: v.string() });

/** `GET Reports/{id}`: the customer's report. */
export const Report = v.object({
  id: v.number(),
  title: v.string(),
  createdAt: v.number(),
  diamondId: v.nullable(v.number()),
  certificateId: v.string(),
  productUrl: v.nullable(v.string()),
  price: Cents,
  stone: ReportStone,
  retailer: v.nullable(ReportRetailer),
  /** Whether the inventory diamond is still for sale (null for a stone seen elsewhere). */
  available: v.nullable(v.boolean()),
  score: v.number(),
  maxScore: v.number(),
  sections: v.array(ReportSection),
  dealScore: v.nullable(DealScore),
  hasGemologistReview: v.boolean(),
  gemologistReviews: v.array(GemologistReview),
});
export type Report = v.InferOutput<typeof Report>;

const Email = v.pipe(v.string(), v.trim(), v.email("userEmail must be an email address"), v.maxLength(254));
/** The retailer's page of the diamond: an absolute http(s) address (shared/safe-url.ts), shown as a link to gemologists. */
const ProductUrl = httpUrl("productUrl");

/**
 * `POST Reports` (§7): a certificate number from the inventory, or `stone` with `price` for a stone seen
 * elsewhere. `price` overrides the inventory price (a quote seen elsewhere for the same certificate).
 * `hasGemologistReview` also queues a gemologist review. `userEmail`, when given, must be the account's
 * address (a copy of the report link is emailed to it); `token` is the session token for callers that cannot
 * send the Authorization header (a form post).
 */
export const CreateReportRequest = v.object({
  certificateId: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, "certificateId is at most 40 characters")), ""),
  hasGemologistReview: v.optional(v.boolean("hasGemologistReview must be true or false"), false),
  price: v.optional(
    v.nullable(
      v.pipe(
        v.number("price must be a number"),
        v.integer("price must be whole cents"),
        v.minValue(100, "price must be at least $1"),
        v.maxValue(MAX_REPORT_PRICE_CENTS, "price is at most $5,000,000"),
      ),
    ),
  ),
  productUrl: v.optional(v.nullable(ProductUrl)),
  token: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
  userEmail: v.optional(v.nullable(Email)),
  stone: v.optional(v.nullable(ReportStone)),
});
export type CreateReportRequest = v.InferOutput<typeof CreateReportRequest>;

const PositiveId = v.pipe(v.string(), v.maxLength(16), v.regex(/^[1-9]\d{0,15}$/, "id must be a positive integer"), v.transform(Number));
export const ReportIdParam = v.object({ id: PositiveId });
export const ReportIdParamAlias = v.object({ reportId: PositiveId });
export const GemologistReviewRequest = v.object({ productUrl: v.optional(v.nullable(ProductUrl)) });
