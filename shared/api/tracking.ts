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

export const trackingOperations = {
  trackPageView: operation({
    method: "POST",
    path: "/tracking/pageview",
    operationId: "trackPageView",
    credentials: ["visitor"],
    summary: "A page view (date, url, referrer, visitor cookie id, utm_* of the landing URL) and its page_view event",
    body: PageViewRequest,
    responses: { 202: queued, 400: refusal("Not a page of this site") },
  }),
  trackViewContent: operation({
    method: "POST",
    path: "/tracking/view-content",
    operationId: "trackViewContent",
    credentials: ["visitor"],
    summary: "The visitor viewed a diamond or a setting: view_content built from the catalogue",
    body: ViewContentRequest,
    responses: { 202: queued, 404: refusal("No such product") },
  }),
  trackSearch: operation({
    method: "POST",
    path: "/tracking/search",
    operationId: "trackSearch",
    credentials: ["visitor"],
    summary: "The visitor searched: search with the diamonds shown (those that exist, in order)",
    body: SearchRequest,
    responses: { 202: queued },
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
    summary: "Keeps this browser's ad-click cookie (when well formed) for the email, hashed: another device of the shopper can attribute",
    body: SaveFbcRequest,
    responses: { 200: json("Kept, or not (no valid cookie, or no consent)", FbcSaved) },
  }),
} as const;
