/**
 * The content store's items (§7 content services, docs/decisions/019-content-store.md): each addressed by the
 * name `GET content/item/{name}` reads, each kind with the valibot schema its JSON must meet. A stored item that
 * does not validate counts as missing (the worker logs it), so a page never renders a malformed block.
 */
import * as v from "valibot";
import { linkOrPath } from "../url-schemas";
import { Faq, SectionedFaq } from "./faq";
import { HomeData } from "./home";

const Id = v.pipe(v.string(), v.maxLength(64), v.regex(/^[a-z0-9-]{1,64}$/));
/** A safe path of this site or an https address (shared/url-schemas.ts). */
const Link = linkOrPath("a site path or an https address", { httpsOnly: true });

/** Cards and strips of text with a link: banner-singles, pop-up-cards, SearchAdCards, Collections, sitecreatives. */
export const ContentCards = v.object({
  items: v.array(
    v.object({
      id: Id,
      /** Where it shows (a page or slot name), when that matters. */
      placement: v.nullable(v.string()),
      title: v.string(),
      text: v.string(),
      link: v.nullable(Link),
      linkText: v.nullable(v.string()),
    }),
  ),
});

/** `GET product-shippings/1`: the shipping options a product page lists. */
export const ProductShipping = v.object({
  id: v.number(),
  title: v.string(),
  options: v.array(v.object({ name: v.string(), businessDays: v.string(), price: v.number(), description: v.string() })),
});

/** `Timer`: the countdown of a running offer (endsAt ISO instant). */
export const Timer = v.object({ active: v.boolean(), label: v.string(), endsAt: v.pipe(v.string(), v.isoTimestamp()), link: v.nullable(Link) });

/** `Productpills`: short labels shown on products of some types. */
export const ProductPills = v.object({ pills: v.array(v.object({ id: Id, label: v.string(), itemTypeNames: v.array(v.string()) })) });

/** `cartnotice` and `promotransition`: one message shown in the cart, or while one promotion gives way to the next. */
export const Notice = v.object({ active: v.boolean(), message: v.string(), link: v.nullable(Link) });

/** `MarketingConfigurations` (5 s timeout, cached 300 s): the coupon popup and offer launcher settings. */
export const MarketingConfigurations = v.object({
  couponPopup: v.object({ enabled: v.boolean(), code: v.string(), source: v.string(), delaySeconds: v.number(), amount: v.number() }),
  offerLauncher: v.object({ enabled: v.boolean(), text: v.string() }),
  announcement: v.nullable(v.string()),
});

const SurveyQuestion = {
  id: Id,
  question: v.string(),
  type: v.picklist(["single", "multiple", "text", "rating"]),
  options: v.array(v.string()),
  /** Asked when the parent's answer is this option (null at the top). */
  when: v.nullable(v.string()),
};
/**
 * A survey question with the follow-up questions asked for some of its answers (two levels: the tree `?tree=1` returns;
 * a follow-up's `children` is always empty: an array of nothing, which JSON Schema says as `items: {not: {}}`).
 */
const SurveyNode = v.object({ ...SurveyQuestion, children: v.array(v.object({ ...SurveyQuestion, children: v.array(v.never()) })) });
/** `GET content/tree/SurveyQuestions?tree=1`: the post-purchase survey. */
export const SurveyQuestions = v.object({ title: v.string(), questions: v.array(SurveyNode) });

/**
 * `GET content/item/Experiments` (§7 "Experiments content"): the experiments' names and their two variants' labels
 * as the CMS describes them to marketers and the tracking (the running state is the experiments feature's, in D1).
 */
export const ExperimentsContent = v.object({
  experiments: v.array(v.object({ name: v.string(), category: v.string(), labelControl: v.string(), labelTest: v.string() })),
});

/** `GET info/Customer-Service`: how to reach Loupe, and the help pages. */
export const CustomerService = v.object({
  email: v.string(),
  phone: v.string(),
  hours: v.array(v.object({ days: v.string(), hours: v.string() })),
  helpPages: v.array(v.object({ id: v.number(), title: v.string() })),
});

/** `GET sections/help/pages/{id}` (item `help-page-{id}`). */
export const HelpPage = v.object({ id: v.number(), title: v.string(), sections: v.array(v.object({ heading: v.string(), text: v.string() })) });

/** `GET content/item/dynamicsearchpageheadingsubheading`: the search pages' headings (D1 `search_headings`). */
export const SearchHeadings = v.object({ headings: v.array(v.object({ pageId: v.string(), heading: v.string(), subheading: v.string() })) });

/** Every stored item by name and its schema. */
export const CONTENT_ITEMS = {
  home: HomeData,
  "faqs-NewFAQ": Faq,
  "faqs-NewMission": Faq,
  "faq-sections": SectionedFaq,
  checkoutfaq: Faq,
  "product-shippings-1": ProductShipping,
  "banner-singles": ContentCards,
  "pop-up-cards": ContentCards,
  Timer,
  Productpills: ProductPills,
  SearchAdCards: ContentCards,
  Collections: ContentCards,
  sitecreatives: ContentCards,
  cartnotice: Notice,
  promotransition: Notice,
  MarketingConfigurations,
  SurveyQuestions,
  "Customer-Service": CustomerService,
  Experiments: ExperimentsContent,
} as const;
export type StoredItemName = keyof typeof CONTENT_ITEMS;

/** The item names `GET content/item/{name}` serves (every stored item, and the search headings read from their own table). */
export const PUBLIC_ITEM_NAMES = [...(Object.keys(CONTENT_ITEMS) as StoredItemName[]), "dynamicsearchpageheadingsubheading"] as const;

/** Items read as a tree (`GET content/tree/{name}?tree=1`). */
export const TREE_ITEMS = ["SurveyQuestions"] as const;

/** A help page's item name. */
export const helpPageName = (id: number) => `help-page-${id}`;

/** The schema of a stored item by name (help pages included), or undefined for a name the store does not keep. */
export function itemSchema(name: string): v.GenericSchema | undefined {
  if (/^help-page-\d{1,6}$/.test(name)) return HelpPage;
  return Object.hasOwn(CONTENT_ITEMS, name) ? CONTENT_ITEMS[name as StoredItemName] : undefined;
}

/** The kind recorded beside an item (the schema's family; shown to operators). */
export function itemKind(name: string): string {
  if (name.startsWith("help-page-")) return "help-page";
  if (name.startsWith("faqs-") || name === "checkoutfaq") return "faq";
  return name;
}

/** Any item `GET content/item/{name}` answers (null: a known item the content source does not have or could not give, §8). */
export const AnyContentItem = v.nullable(
  v.union([
    HomeData,
    Faq,
    SectionedFaq,
    ProductShipping,
    ContentCards,
    Timer,
    ProductPills,
    Notice,
    MarketingConfigurations,
    SurveyQuestions,
    CustomerService,
    SearchHeadings,
    ExperimentsContent,
  ]),
);
