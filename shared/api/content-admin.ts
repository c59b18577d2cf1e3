/**
 * The content admin calls behind `/content` (issue 20 point 1; admin token, like the experiment overrides): an
 * operator adds, edits and removes FAQ entries and edits banners (text, link, experiment names, active). Edits are
 * written to the D1 content store; when an upstream content service is configured the store is read-only here (409).
 */
import * as v from "valibot";
import { FAQ_DISPLAY_ON, Faq, FaqEntryInput } from "../content/faq";
import { BannerEdit, HomeBanner } from "../content/home";
import { json, operation, refusal } from "./operation";

const DisplayOn = v.picklist(FAQ_DISPLAY_ON, "displayOn must be NewMission or NewFAQ");
const EntryId = v.pipe(v.string(), v.maxLength(64), v.regex(/^[a-z0-9-]{1,64}$/, "id must be lower-case letters, digits and -"));
const upstream = refusal("An upstream content service is configured: edit the content there");

/** What the admin view shows: both FAQs and the banners (null when the store cannot be read). */
export const ContentAdminView = v.object({
  source: v.picklist(["d1", "upstream"]),
  faqs: v.object({ NewFAQ: v.nullable(Faq), NewMission: v.nullable(Faq) }),
  banners: v.nullable(v.array(HomeBanner)),
});
export type ContentAdminView = v.InferOutput<typeof ContentAdminView>;

export const contentAdminOperations = {
  contentAdminView: operation({
    method: "GET",
    path: "/content/admin",
    operationId: "contentAdminView",
    summary: "The FAQs and banners an operator edits",
    admin: true,
    responses: { 200: json("The editable content", ContentAdminView) },
  }),
  addFaqEntry: operation({
    method: "POST",
    path: "/content/admin/faqs/{displayOn}/entries",
    operationId: "addFaqEntry",
    summary: "Adds an entry at the end of an FAQ",
    admin: true,
    params: v.object({ displayOn: DisplayOn }),
    body: FaqEntryInput,
    responses: { 200: json("The FAQ", Faq), 404: refusal("The FAQ is not in the store"), 409: upstream },
  }),
  editFaqEntry: operation({
    method: "PUT",
    path: "/content/admin/faqs/{displayOn}/entries/{id}",
    operationId: "editFaqEntry",
    summary: "Replaces an FAQ entry's question and answer",
    admin: true,
    params: v.object({ displayOn: DisplayOn, id: EntryId }),
    body: FaqEntryInput,
    responses: { 200: json("The FAQ", Faq), 404: refusal("No such entry"), 409: upstream },
  }),
  removeFaqEntry: operation({
    method: "DELETE",
    path: "/content/admin/faqs/{displayOn}/entries/{id}",
    operationId: "removeFaqEntry",
    summary: "Removes an FAQ entry",
    admin: true,
    params: v.object({ displayOn: DisplayOn, id: EntryId }),
    responses: { 200: json("The FAQ", Faq), 404: refusal("No such entry"), 409: upstream },
  }),
  editBanner: operation({
    method: "PUT",
    path: "/content/admin/banners/{id}",
    operationId: "editBanner",
    summary: "Edits a home banner: text, link, link text, active, and the experiment name of its items",
    admin: true,
    params: v.object({ id: EntryId }),
    body: BannerEdit,
    responses: { 200: json("The banner", HomeBanner), 404: refusal("No such banner, or an item id it does not have"), 409: upstream },
  }),
} as const;
