/**
 * Loupe's A/B experiments (§3 Experiment, §4 Experiments): typed configuration with every §3 field. The
 * worker buckets every visitor into variant 0 (control) or 1 (test) of each (shared/experiments/bucketing.ts);
 * a marketer forces a variant with `?exc={cookie}&exv={0|1}`. Operators override any of these fields from
 * the content store (D1 `experiment_overrides`) without a deploy.
 */
import type { DevicePlatform } from "../bots";

export type ExperimentCategory = "search" | "product" | "cart" | "checkout" | "promotions" | "site" | "home";

/** How a variant is determined when not by the 50/50 split: by the visitor's country (US) or state (California). */
export type VariantMethod = "location-us" | "state-ca";

export interface Experiment {
  id: number;
  /** Also the name the code reads (`variantOf(variants, "Lock_Price")`). */
  name: string;
  /** The cookie holding the visitor's variant (365 days); `exc` names experiments by it. */
  cookie: string;
  category: ExperimentCategory;
  /** A variant fixed on the experiment: it replaces the random choice. */
  variant: 0 | 1 | null;
  labelControl: string;
  labelTest: string;
  /** Its analytics event does not count as an interaction (bounce rate). */
  nonInteraction: boolean;
  /** No event on the first page view; the feature sends it when the visitor meets it. */
  noInitialTrack: boolean;
  active: boolean;
  disabled: boolean;
  platform: DevicePlatform | "all";
  /** Only the browser acts on it (no server-rendered difference). */
  clientOnly: boolean;
  /** Reported to GA4 as well. */
  ga4: boolean;
  newUsersOnly: boolean;
  /** ISO date-time; before it the experiment is off. */
  startsAt: string | null;
  /** The test variant won. */
  success: boolean;
  /** Visitors without a cookie get no new one (they see the fixed variant, else the control). */
  stopNewCookies: boolean;
  /** A visitor who already has a cookie keeps that variant even where the experiment is off for them (platform, new users only, start). */
  enableForAlreadyGeneratedCookies: boolean;
  variantMethod: VariantMethod | null;
}

type Spec = Pick<Experiment, "name" | "category" | "labelControl" | "labelTest"> & Partial<Omit<Experiment, "id" | "cookie">>;

const DEFAULTS: Omit<Experiment, "id" | "name" | "cookie" | "category" | "labelControl" | "labelTest"> = {
  variant: null,
  nonInteraction: true,
  noInitialTrack: false,
  active: true,
  disabled: false,
  platform: "all",
  clientOnly: false,
  ga4: true,
  newUsersOnly: false,
  startsAt: null,
  success: false,
  stopNewCookies: false,
  enableForAlreadyGeneratedCookies: false,
  variantMethod: null,
};

const SPECS: Spec[] = [
  // The experiments §3 names.
  {
    name: "Promocode_Variation_Global",
    category: "promotions",
    labelControl: "Running promo code",
    labelTest: "Alternative promo code",
    nonInteraction: false,
  },
  {
    name: "Lock_Price",
    category: "cart",
    labelControl: "No price lock",
    labelTest: "Price-lock button in the cart",
    nonInteraction: false,
    noInitialTrack: true,
  },
  {
    name: "Combine_Promotions_V2",
    category: "promotions",
    labelControl: "One promotion per order",
    labelTest: "Promotions combine",
    variant: 1,
    success: true,
    stopNewCookies: true,
  },
  { name: "Hide_Tariff_Alert_V2", category: "site", labelControl: "Tariff alert shown", labelTest: "Tariff alert hidden" },
  { name: "One_Trust_Script", category: "site", labelControl: "No consent banner", labelTest: "Consent banner before any tracking", clientOnly: true },
  {
    name: "Sticky_Checkout_Button",
    category: "product",
    labelControl: "Inline add-to-cart",
    labelTest: "Sticky add-to-cart bar",
    nonInteraction: false,
    noInitialTrack: true,
  },
  {
    name: "Similar_Rings_As_Grid",
    category: "product",
    labelControl: "6 similar rings in a row",
    labelTest: "12 similar rings in a grid",
    noInitialTrack: true,
  },
  // Named after Loupe's own features.
  { name: "Loupe_Ideal_Default", category: "search", labelControl: "All diamonds", labelTest: "Loupe Ideal preset on" },
  { name: "Search_Facet_Counts", category: "search", labelControl: "Filters without counts", labelTest: "Live counts on filters" },
  { name: "Price_Histogram_Slider", category: "search", labelControl: "Plain price slider", labelTest: "Price slider over the histogram" },
  { name: "Compare_Tray_Sticky", category: "search", labelControl: "Compare tray in the page", labelTest: "Sticky compare tray" },
  { name: "Deal_Score_Badge", category: "search", labelControl: "No deal badge", labelTest: "Deal-score badge on cards" },
  {
    name: "Lab_Grown_First",
    category: "search",
    labelControl: "Natural first",
    labelTest: "Lab-grown first",
    newUsersOnly: true,
    enableForAlreadyGeneratedCookies: true,
  },
  { name: "Shipping_Date_On_Cards", category: "search", labelControl: "No date", labelTest: "Delivery date on result cards" },
  { name: "Retailer_Rating_Stars", category: "search", labelControl: "Retailer name", labelTest: "Retailer name with its rating" },
  {
    name: "Saved_Search_Alerts_Prompt",
    category: "search",
    labelControl: "No prompt",
    labelTest: "Prompt to save the search with an alert",
    newUsersOnly: true,
  },
  { name: "Mobile_Filter_Drawer", category: "search", labelControl: "Filters above results", labelTest: "Filters in a drawer", platform: "mobile" },
  { name: "Recently_Viewed_Carousel", category: "product", labelControl: "List", labelTest: "Carousel" },
  { name: "Price_History_Chart_Open", category: "product", labelControl: "Chart collapsed", labelTest: "Chart open" },
  { name: "Concierge_Notice_Threshold", category: "product", labelControl: "Concierge from $15,000", labelTest: "Concierge from $10,000" },
  { name: "Affirm_Monthly_Price", category: "product", labelControl: "Price only", labelTest: "Price with a monthly figure", variantMethod: "location-us" },
  { name: "Ring_Viewer_360", category: "product", labelControl: "Photos", labelTest: "Rotatable ring viewer", startsAt: "2027-01-15T00:00:00Z" },
  { name: "Price_Alert_Signup", category: "product", labelControl: "No alert box", labelTest: "Price-alert box on detail pages" },
  { name: "Free_Studs_Banner", category: "cart", labelControl: "Line of text", labelTest: "Free-studs progress bar", success: true },
  { name: "Care_Plan_Preselect", category: "cart", labelControl: "No plan chosen", labelTest: "3-year plan chosen" },
  { name: "Engraving_Preview", category: "cart", labelControl: "Text field", labelTest: "Text field with a preview" },
  { name: "Ring_Size_Guide_Modal", category: "cart", labelControl: "Link to the guide", labelTest: "Guide in a dialog" },
  { name: "Share_Cart_Link", category: "cart", labelControl: "Link at the bottom", labelTest: "Share button by the total" },
  { name: "Matching_Band_Upsell", category: "cart", labelControl: "No suggestion", labelTest: "Matching band suggested" },
  {
    name: "Tax_Estimate_By_Location",
    category: "cart",
    labelControl: "Tax at checkout",
    labelTest: "Tax estimated from location",
    variantMethod: "location-us",
  },
  { name: "Wire_Discount_Highlight", category: "checkout", labelControl: "Wire price in small print", labelTest: "Wire saving highlighted" },
  { name: "Express_Checkout_PayPal", category: "checkout", labelControl: "PayPal in the list", labelTest: "PayPal express button" },
  { name: "Checkout_Address_Autocomplete", category: "checkout", labelControl: "Plain fields", labelTest: "Address autocomplete" },
  { name: "CA_Prop65_Notice", category: "checkout", labelControl: "No notice", labelTest: "California Prop 65 notice", variantMethod: "state-ca" },
  { name: "Coupon_Popup_Exit_Intent", category: "promotions", labelControl: "Popup on a timer", labelTest: "Popup on exit intent", platform: "desktop" },
  { name: "Announcement_Bar_Countdown", category: "promotions", labelControl: "Static bar", labelTest: "Bar with a countdown", stopNewCookies: true },
  { name: "Dark_Mode_Toggle", category: "site", labelControl: "Toggle in the menu", labelTest: "Toggle in the header", disabled: true, active: false },
  { name: "Gemologist_Chat_Launcher", category: "site", labelControl: "Chat link in the footer", labelTest: "Floating chat launcher", clientOnly: true },
  { name: "Home_Shape_Grid", category: "home", labelControl: "Shape row", labelTest: "Shape grid" },
  { name: "Reviews_Snippet_Home", category: "home", labelControl: "No reviews", labelTest: "Review snippets on the home page" },
];

/** An experiment's cookie is named as the experiment (so `?exc=Sticky_Checkout_Button&exv=1` reads as it says). */
export const EXPERIMENTS: readonly Experiment[] = SPECS.map((s, i) => ({ ...DEFAULTS, ...s, id: i + 1, cookie: s.name }));
