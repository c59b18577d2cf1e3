/**
 * §7 analytics and click logging (issue 20 point 6): the site's own views and clicks as public aggregates
 * (`GET analytics/clicks?metric=`, `analytics/clicks/{id}`, `analytics/about/`, `analytics/faq`), the two click
 * logs (`POST logging/diamonds/clicks`, `POST logging/settings/click`), and the app's version (`GET /api/version`, declared in version.ts).
 * Aggregates are counts per diamond, setting or shape: nothing about who viewed or clicked is kept or answered.
 */
import * as v from "valibot";
import { empty, json, operation, refusal } from "./operation";

/** The aggregates `GET analytics/clicks?metric=` answers. */
export const CLICK_METRICS = ["shapes", "viewed-diamonds", "clicked-diamonds", "settings", "origins"] as const;
export type ClickMetric = (typeof CLICK_METRICS)[number];

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const PositiveId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));
const IdText = v.pipe(v.string(), v.maxLength(16), v.regex(/^[1-9]\d{0,15}$/, "id must be a positive whole number"), v.transform(Number));

export const ClickMetricQuery = v.object({
  metric: v.optional(v.picklist(CLICK_METRICS, `metric must be one of ${CLICK_METRICS.join(", ")}`), "shapes"),
});

/** One line of an aggregate: what was counted (a shape, a diamond, a setting, an origin), its count and its page. */
export const AggregateItem = v.object({
  key: v.string(),
  label: v.string(),
  count: Count,
  path: v.nullable(v.pipe(v.string(), v.description("Site-relative page of the counted thing, when it has one"))),
});
export type AggregateItem = v.InferOutput<typeof AggregateItem>;

export const ClickAggregate = v.object({
  metric: v.picklist(CLICK_METRICS),
  items: v.pipe(v.array(AggregateItem), v.description("Largest count first, at most 10")),
  total: v.pipe(Count, v.description("Every view or click the metric counts")),
  generatedAt: v.pipe(v.number(), v.description("epoch ms; aggregates are cached for 300 s")),
});
export type ClickAggregate = v.InferOutput<typeof ClickAggregate>;

export const DiamondInterest = v.object({ diamondId: v.number(), views: Count, clicks: Count });
export type DiamondInterest = v.InferOutput<typeof DiamondInterest>;

export const AnalyticsAbout = v.object({
  diamondsViewed: v.pipe(Count, v.description("Distinct diamonds opened at least once")),
  views: Count,
  diamondClicks: Count,
  settingClicks: Count,
  topShape: v.nullable(v.string()),
  generatedAt: v.number(),
});
export type AnalyticsAbout = v.InferOutput<typeof AnalyticsAbout>;

/** Figures the FAQ quotes: what shoppers compare most. */
export const AnalyticsFaq = v.object({
  labGrownShareOfClicks: v.pipe(v.nullable(v.number()), v.description("0-1 share of diamond clicks on lab-grown stones; null before any click")),
  mostClickedShape: v.nullable(v.string()),
  medianClickedPrice: v.pipe(v.nullable(v.number()), v.description("Whole USD, of the clicked diamonds (each diamond once)")),
  generatedAt: v.number(),
});
export type AnalyticsFaq = v.InferOutput<typeof AnalyticsFaq>;

export const DiamondClickRequest = v.object({
  diamondId: PositiveId,
  /** Where the click happened (search results, similar diamonds…); free text is not accepted. */
  source: v.optional(v.picklist(["search", "similar", "landing", "compare", "other"]), "other"),
});
export const SettingClickRequest = v.object({ settingId: PositiveId, metal: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999))) });

const limited = refusal("More than 60 clicks from this visitor within a minute; try again after Retry-After seconds");

export const analyticsOperations = {
  clicks: operation({
    method: "GET",
    path: "/analytics/clicks",
    operationId: "clickAggregates",
    summary: "A public aggregate of the site's own views and clicks: shapes, most viewed or clicked diamonds, settings, origins",
    query: ClickMetricQuery,
    responses: { 200: json("The aggregate", ClickAggregate) },
  }),
  diamondClicks: operation({
    method: "GET",
    path: "/analytics/clicks/{id}",
    operationId: "diamondInterest",
    summary: "Views and clicks of one diamond",
    params: v.object({ id: IdText }),
    responses: { 200: json("Its counts", DiamondInterest), 404: refusal("No such diamond") },
  }),
  about: operation({
    method: "GET",
    path: "/analytics/about/",
    operationId: "analyticsAbout",
    summary: "The site's totals of views and clicks",
    responses: { 200: json("Totals", AnalyticsAbout) },
  }),
  faq: operation({
    method: "GET",
    path: "/analytics/faq",
    operationId: "analyticsFaq",
    summary: "Figures the FAQ quotes (share of lab-grown clicks, most clicked shape, median clicked price)",
    responses: { 200: json("Figures", AnalyticsFaq) },
  }),
  logDiamondClick: operation({
    method: "POST",
    path: "/logging/diamonds/clicks",
    operationId: "logDiamondClick",
    summary: "Counts a click on a diamond (from a result list to its page); 60 per visitor per minute",
    auth: "optional",
    body: DiamondClickRequest,
    responses: { 204: empty("Counted"), 404: refusal("No such diamond"), 429: limited },
  }),
  logSettingClick: operation({
    method: "POST",
    path: "/logging/settings/click",
    operationId: "logSettingClick",
    summary: "Counts a click on a setting or piece of jewellery; 60 per visitor per minute",
    auth: "optional",
    body: SettingClickRequest,
    responses: { 204: empty("Counted"), 404: refusal("No such setting"), 429: limited },
  }),
} as const;

/** §7 `GET /api/version` and the release announcements: shared/api/version.ts (issue 23). */
export { AppVersion, versionOperations } from "./version";
