/**
 * §7 Retailers and information (issue 20 point 6): the home data, `POST info/index`, customer service and help
 * pages, media mentions and the FAQs, read from the content store (docs/decisions/019-content-store.md). A block
 * whose content source failed answers null (§8) and is not cached by the browser.
 */
import * as v from "valibot";
import { FaqQuery, Faq, SectionedFaq } from "../content/faq";
import { HomeInfo, InfoIndex, MediaMentions } from "../content/home";
import { CustomerService, HelpPage } from "../content/items";
import { json, operation, refusal } from "./operation";

const HelpPageParam = v.object({
  id: v.pipe(v.string(), v.maxLength(6), v.regex(/^\d{1,6}$/, "id must be a number"), v.transform(Number)),
});

export const informationOperations = {
  homeInfo: operation({
    method: "GET",
    path: "/info/home",
    operationId: "homeInfo",
    summary: "The home data: banners with their experiments' items, popular rings' ids, media mentions and users (default '14 million'); null when unavailable",
    responses: { 200: json("The home data (cached 1 hour)", v.nullable(HomeInfo)) },
  }),
  infoIndex: operation({
    method: "POST",
    path: "/info/index",
    operationId: "infoIndex",
    summary: "The review count, the popular engagement rings' cards and the top reviews (cached 1 hour)",
    responses: { 200: json("reviewsCount, popularEngagementRings.settings, topReviews", InfoIndex) },
  }),
  customerService: operation({
    method: "GET",
    path: "/info/Customer-Service",
    operationId: "customerService",
    summary: "How to reach Loupe and the help pages; null when unavailable",
    responses: { 200: json("Customer service", v.nullable(CustomerService)) },
  }),
  helpPage: operation({
    method: "GET",
    path: "/sections/help/pages/{id}",
    operationId: "helpPage",
    summary: "A help page by id",
    params: HelpPageParam,
    responses: { 200: json("The help page", HelpPage), 404: refusal("No help page with this id") },
  }),
  mediaMentions: operation({
    method: "GET",
    path: "/media-mentions",
    operationId: "mediaMentions",
    summary: "Press mentions of Loupe (empty when unavailable)",
    responses: { 200: json("Media mentions", MediaMentions) },
  }),
  faqs: operation({
    method: "GET",
    path: "/faqs",
    operationId: "faqs",
    summary: "The FAQ shown on a page: displayOn NewMission or NewFAQ (anything else 400); null when unavailable",
    query: FaqQuery,
    responses: { 200: json("The FAQ: header and entries of header and description", v.nullable(Faq)) },
  }),
  faqSections: operation({
    method: "GET",
    path: "/faq-sections",
    operationId: "faqSections",
    summary: "The sectioned FAQ: sections with a questionList of question and answer; null when unavailable",
    responses: { 200: json("The sectioned FAQ", v.nullable(SectionedFaq)) },
  }),
} as const;
