/**
 * §7 "Tracking POSTs" (issue 23 point 2; docs/decisions/041-tracking-surface.md). The browser reports what only
 * it sees — a page view, a product viewed, a search — by reference; the server builds each event from D1 and
 * puts it on the tracking queue after the consent gate. Cart, checkout and shipping events are emitted by the
 * calls that perform them (POST /cart, POST /orders/draft); purchase by the payment's approval, and here once
 * more for the shopper's own paid order (the same event id: sent once per order).
 */
import {
  EmailQuery,
  FbcAnswer,
  FbcSaved,
  PageViewRequest,
  PurchaseRequest,
  Queued,
  SaveFbcRequest,
  SearchRequest,
  ViewContentRequest,
} from "../tracking/schemas";
import { json, operation, refusal } from "./operation";

const queued = json("Accepted: queued, or held back (no consent)", Queued);
/** The page events' limits (worker/tracking/throttle.ts): 120 per visitor and 600 per client address a minute. */
const limited = refusal("Too many events from this visitor or address; try again after Retry-After seconds");

export const trackingOperations = {
  trackPageView: operation({
    method: "POST",
    path: "/tracking/pageview",
    operationId: "trackPageView",
    credentials: ["visitor"],
    summary: "A page view (date, url, referrer, visitor cookie id, utm_* of the landing URL) and its page_view event",
    body: PageViewRequest,
    responses: { 202: queued, 400: refusal("Not a page of this site"), 429: limited },
  }),
  trackViewContent: operation({
    method: "POST",
    path: "/tracking/view-content",
    operationId: "trackViewContent",
    credentials: ["visitor"],
    summary: "The visitor viewed a diamond or a setting: view_content built from the catalogue",
    body: ViewContentRequest,
    responses: { 202: queued, 404: refusal("No such product"), 429: limited },
  }),
  trackSearch: operation({
    method: "POST",
    path: "/tracking/search",
    operationId: "trackSearch",
    credentials: ["visitor"],
    summary: "The visitor searched: search with the diamonds shown (those that exist, in order)",
    body: SearchRequest,
    responses: { 202: queued, 429: limited },
  }),
  trackPurchase: operation({
    method: "POST",
    path: "/tracking/purchase",
    operationId: "trackPurchase",
    credentials: ["visitor", "session"],
    summary: "The shopper's own paid order: purchase, once per order (event id from the order number; the approval sends the same)",
    body: PurchaseRequest,
    responses: {
      202: queued,
      404: refusal("No such order of this shopper"),
      409: refusal("The order is not paid"),
      429: limited,
    },
  }),
  getFbc: operation({
    method: "GET",
    path: "/tracking/getfbc",
    operationId: "getFbc",
    credentials: ["visitor", "session"],
    summary: "The ad-click id kept for the email (its SHA-256), when the email is the shopper's own (signed in, or the cart's)",
    query: EmailQuery,
    responses: { 200: json("The kept ad-click cookie value, or null", FbcAnswer) },
  }),
  saveFbc: operation({
    method: "POST",
    path: "/tracking/savefbc",
    operationId: "saveFbc",
    summary: "Keeps this browser's ad-click cookie (when well formed) for the shopper's own email, hashed: another device of the shopper can attribute",
    description:
      "The email must be the shopper's own: the signed-in customer's, the cart's contact or shipping email, or one this visitor left in a popup or form (404 otherwise, nothing kept).",
    body: SaveFbcRequest,
    responses: {
      200: json("Kept, or not (no valid cookie, or no consent)", FbcSaved),
      404: refusal("Not an email of this shopper"),
      429: limited,
    },
  }),
} as const;
