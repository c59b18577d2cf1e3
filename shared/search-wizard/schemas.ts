/**
 * The search wizard and the quiz on the wire (issue 21 points 6 and 7; §7 SearchWizard calls;
 * docs/decisions/030-search-wizard-and-quiz.md). Field names are the spec's, case included (`IsLabGrown`,
 * `CaratMax`, `ColorMax`, `ClarityMax`); `priority` ("what matters most") is Loupe's addition.
 */
import * as v from "valibot";
import { Email } from "../accounts/schemas";
import { ClarityCode, ColorCode, DiamondSummary, ShapeCode } from "../schemas";

const Cents = v.pipe(v.number(), v.integer(), v.description("US cents (integer)"));

/** The smallest and largest budget the wizard takes, whole US dollars. */
export const MIN_BUDGET_USD = 300;
export const MAX_BUDGET_USD = 1_000_000;
/** How many recommendations a search may ask for, and how many it gets when it does not say. */
export const MAX_RESULT_COUNT = 12;
export const DEFAULT_RESULT_COUNT = 4;
/** Recommendation emails per address in the window (SearchWizard/get-recommendations); the next answers 429. */
export const MAX_RECOMMENDATION_EMAILS = 10;
export const RECOMMENDATION_EMAIL_WINDOW_MS = 15 * 60 * 1000;
/** Longest comment a shopper may leave for the gemologist. */
export const MAX_COMMENTS_LENGTH = 2000;

/** "diamond": a loose stone for the whole budget; "ring": the budget also buys a setting of `ringStyle`. */
export const REQUEST_TYPES = ["diamond", "ring"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** What matters most to the shopper: the matching recommendation comes first. */
export const PRIORITIES = ["size", "color", "clarity", "balanced"] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Why a stone was picked: the trade it makes (`more`: further stones after the named picks). */
export const PICKS = ["size", "color", "clarity", "balanced", "value", "more"] as const;
export type Pick = (typeof PICKS)[number];

/** A searchId: 22 URL-safe characters (128 random bits). */
export const SEARCH_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const SearchId = v.pipe(v.string("searchId is required"), v.maxLength(22), v.regex(SEARCH_ID_PATTERN, "searchId is not a wizard search's id"));

const Budget = v.pipe(
  v.number("price must be a number"),
  v.minValue(MIN_BUDGET_USD, `price must be at least $${MIN_BUDGET_USD}`),
  v.maxValue(MAX_BUDGET_USD, `price must be at most $${MAX_BUDGET_USD.toLocaleString("en-US")}`),
  v.description("The whole budget in US dollars (the stone, and the setting for a ring)"),
);
const Fields = {
  price: Budget,
  shape: v.optional(v.nullable(ShapeCode), null),
  IsLabGrown: v.optional(v.nullable(v.boolean("IsLabGrown must be true, false or null")), null),
  requestType: v.optional(v.picklist(REQUEST_TYPES, "requestType must be diamond or ring"), "diamond"),
  ringStyle: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(31), v.description("Setting style bitmask (§3: 1 solitaire, 2 halo, …); 0 any")),
    0,
  ),
};
const Priority = v.optional(v.picklist(PRIORITIES, "priority must be size, color, clarity or balanced"), "balanced");
const ResultCount = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_RESULT_COUNT)), DEFAULT_RESULT_COUNT);

/** POST SearchWizard/qualities. */
export const QualitiesRequest = v.strictObject(Fields);
export type QualitiesRequest = v.InferOutput<typeof QualitiesRequest>;

/** POST SearchWizard/search: the shopper's limits too (ColorMax/ClarityMax: the lowest grade accepted; CaratMax: the largest stone wanted). */
export const WizardSearchRequest = v.strictObject({
  ...Fields,
  CaratMax: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0.1), v.maxValue(30), v.description("The largest carat wanted"))), null),
  ColorMax: v.optional(v.nullable(ColorCode), null),
  ClarityMax: v.optional(v.nullable(ClarityCode), null),
  resultCount: ResultCount,
  priority: Priority,
});
export type WizardSearchRequest = v.InferOutput<typeof WizardSearchRequest>;
export type WizardSearchInput = v.InferInput<typeof WizardSearchRequest>;

/** POST searchWizard/send-quiz-without-email: the quiz's answers. */
export const QuizRequest = v.strictObject({ ...Fields, priority: Priority, resultCount: ResultCount });
export type QuizRequest = v.InferOutput<typeof QuizRequest>;

const Comments = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MAX_COMMENTS_LENGTH, `comments must be at most ${MAX_COMMENTS_LENGTH} characters`)), "");

/**
 * POST SearchWizard/get-recommendations: emails the search's recommendations. `initial` true (the default):
 * as saved; false: recomputed with `price`, `requestType` and `ringStyle` (each defaults to the saved one) and saved.
 */
export const GetRecommendationsRequest = v.strictObject({
  searchId: SearchId,
  requestType: v.optional(v.picklist(REQUEST_TYPES, "requestType must be diamond or ring")),
  email: Email,
  comments: Comments,
  initial: v.optional(v.boolean(), true),
  price: v.optional(Budget),
  ringStyle: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(31))),
});
export type GetRecommendationsRequest = v.InferOutput<typeof GetRecommendationsRequest>;

/** POST searchWizard/add-notes. */
export const AddWizardNotesRequest = v.strictObject({ searchId: SearchId, email: Email, comments: Comments });
export type AddWizardNotesRequest = v.InferOutput<typeof AddWizardNotesRequest>;

export const SearchIdParam = v.object({ searchId: SearchId });

/** How the budget is spent: the stone's share, and for a ring the setting reserved (a typical price of the style). */
export const WizardBudget = v.object({
  total: Cents,
  diamond: Cents,
  setting: v.nullable(
    v.object({
      style: v.number(),
      styleLabel: v.string(),
      price: v.pipe(Cents, v.description("The median price of the catalogue's ring settings of this style")),
      count: v.pipe(v.number(), v.description("How many settings of this style the median is of")),
    }),
  ),
});
export type WizardBudget = v.InferOutput<typeof WizardBudget>;

/** One grade/carat trade-off the budget buys (SearchWizard/qualities). */
export const QualityOption = v.object({
  name: v.picklist(["Biggest", "Balanced", "Finest"]),
  /** The lowest colour and clarity of the option (each grade up to it is in). */
  color: ColorCode,
  clarity: ClarityCode,
  grades: v.pipe(v.string(), v.description('In words: "G colour or better, VS2 or better"')),
  carat: v.pipe(v.nullable(v.number()), v.description("The largest listed stone of these grades the budget buys; null when none")),
  count: v.pipe(v.number(), v.description("Stones of these grades listed within the budget and within 10% of that carat")),
  summary: v.string(),
});
export type QualityOption = v.InferOutput<typeof QualityOption>;

export const Qualities = v.object({ budget: WizardBudget, options: v.array(QualityOption) });
export type Qualities = v.InferOutput<typeof Qualities>;

/** A recommended stone and why it was picked, in words. */
export const Recommendation = v.object({
  pick: v.picklist(PICKS),
  title: v.string(),
  reason: v.string(),
  diamond: DiamondSummary,
});
export type Recommendation = v.InferOutput<typeof Recommendation>;

/** What a saved wizard search asked, as answered (defaults filled in). */
export const SavedWizardRequest = v.object({
  price: v.number(),
  shape: v.nullable(v.number()),
  IsLabGrown: v.nullable(v.boolean()),
  requestType: v.picklist(REQUEST_TYPES),
  ringStyle: v.number(),
  CaratMax: v.nullable(v.number()),
  ColorMax: v.nullable(v.number()),
  ClarityMax: v.nullable(v.number()),
  resultCount: v.number(),
  priority: v.picklist(PRIORITIES),
});
export type SavedWizardRequest = v.InferOutput<typeof SavedWizardRequest>;

/** A wizard search: its id, what was asked, the budget's split and the recommendations saved with it. */
export const WizardSearch = v.object({
  searchId: v.string(),
  source: v.picklist(["search", "quiz"]),
  request: SavedWizardRequest,
  budget: WizardBudget,
  recommendations: v.array(Recommendation),
  /** A diamond search for stones like the recommended ones (`/diamond-search/s?…`). */
  moreLikeThese: v.string(),
  /** Whether the shopper left an email and comments for a gemologist (never echoed: the id may be shared). */
  hasNotes: v.boolean(),
  createdAt: v.number(),
});
export type WizardSearch = v.InferOutput<typeof WizardSearch>;

export const Accepted = v.object({ accepted: v.literal(true) });
