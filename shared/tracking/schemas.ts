/**
 * The tracking calls' wire schemas (shared/api/tracking.ts). The browser sends references only (a page's
 * URL, a product id, an order number): every value an event carries is read by the server.
 */
import * as v from "valibot";
import { Email } from "../accounts/schemas";
import { OrderNumber } from "../orders/schemas";
import { httpUrl } from "../url-schemas";

/** A page's address: absolute http(s) only (shared/url-schemas.ts), at most 2,048 characters. */
const Url = httpUrl("url");
const Id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2 ** 31 - 1));

export const PageViewRequest = v.strictObject({
  /** The page viewed: an absolute URL of this site. */
  url: Url,
  /** document.referrer: where the visitor came from (null or absent when unknown). */
  referrer: v.optional(v.nullable(v.union([Url, v.literal("")]))),
  /** The session's landing URL (this site): its utm_* parameters are the record's. Default: `url`. */
  landingUrl: v.optional(Url),
});
export type PageViewRequest = v.InferOutput<typeof PageViewRequest>;

export const ViewContentRequest = v.strictObject({
  /** What is viewed: a diamond, or a setting (ring, band, jewellery) by its id. */
  product: v.picklist(["diamond", "setting"]),
  id: Id,
  /** The page (this site); default the Referer. */
  url: v.optional(Url),
});
export type ViewContentRequest = v.InferOutput<typeof ViewContentRequest>;

export const SearchRequest = v.strictObject({
  /** What the visitor searched for (the search box's text, or the search page's filters as text). */
  query: v.pipe(v.string(), v.trim(), v.maxLength(200, "a search is at most 200 characters")),
  /** The diamonds shown, in order (ids that are not diamonds are dropped). */
  resultIds: v.optional(v.pipe(v.array(Id), v.maxLength(100, "at most 100 results")), []),
  url: v.optional(Url),
});
export type SearchRequest = v.InferOutput<typeof SearchRequest>;

export const PurchaseRequest = v.strictObject({ orderNumber: OrderNumber });

export const Queued = v.object({
  /** True when the event went onto the tracking queue; false when consent holds it back, or it was already sent. */
  queued: v.boolean(),
});

export const EmailQuery = v.object({ email: Email });
export const SaveFbcRequest = v.strictObject({ email: Email });
export const FbcAnswer = v.object({ fbc: v.nullable(v.string()) });
export const FbcSaved = v.object({ saved: v.boolean() });
