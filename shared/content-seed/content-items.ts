/**
 * Loupe's own texts for the smaller content items of the seed (content.ts): shipping options, banner strips,
 * pop-up cards, the timer, product pills, search ad cards, collections, site creatives, the cart notice, the
 * promotion transition, the marketing configuration, the survey, customer service and the help pages.
 * tests/unit/content checks every one against its schema (shared/content/items.ts).
 */

const card = (id: string, title: string, text: string, link: string | null, linkText: string | null, placement: string | null = null) => ({
  id,
  placement,
  title,
  text,
  link,
  linkText,
});

/** Smaller items by content-store name. */
export const SMALL_ITEMS: Record<string, unknown> = {
  "product-shippings-1": {
    id: 1,
    title: "Shipping",
    options: [
      { name: "Standard", businessDays: "3–5", price: 0, description: "Insured, signature on delivery. Free within the United States." },
      { name: "Express", businessDays: "1–2", price: 35, description: "Insured overnight courier for loose diamonds in stock." },
    ],
  },
  "banner-singles": {
    items: [
      card("ring-size", "Not sure of the size?", "Measure at home with our ring sizing guide before you choose.", "/faq", "Read the FAQ", "setting"),
      card(
        "lab-grown",
        "Lab-grown, same sparkle",
        "Compare lab-grown diamonds from every retailer we list.",
        "/diamond-search?origin=lab",
        "Search lab-grown",
        "search",
      ),
    ],
  },
  "pop-up-cards": {
    items: [
      card("welcome", "$100 off your first ring", "Leave your email and we'll send a code for $100 off a ring over $1,000.", null, null, "welcome-100-popup"),
      card("gemologist", "Ask a gemologist", "Send us any diamond and a gemologist will tell you what the certificate leaves out.", "/faq", "How it works"),
    ],
  },
  Timer: { active: false, label: "Holiday delivery: order by", endsAt: "2026-12-15T23:59:59Z", link: "/diamond-search" },
  Productpills: {
    pills: [
      { id: "ready-to-ship", label: "Ready to ship", itemTypeNames: ["PresetEngagementRing", "PresetEarrings"] },
      { id: "made-to-order", label: "Made to order", itemTypeNames: ["Setting"] },
      { id: "gift", label: "Gift-ready", itemTypeNames: ["Necklace", "Bracelet", "Pendant", "Stud"] },
    ],
  },
  SearchAdCards: {
    items: [
      card(
        "compare-tip",
        "Same grades, different prices",
        "Sort by price: the same grades can cost a third less at another retailer.",
        null,
        null,
        "diamond-search",
      ),
      card(
        "setting-tip",
        "Pair it with a setting",
        "Every diamond fits a setting we list: start with the stone, add the ring.",
        "/setting-search",
        "Browse settings",
        "diamond-search",
      ),
    ],
  },
  Collections: {
    items: [
      card("halo", "Halo", "A ring of small diamonds around the centre stone.", "/setting-search/collections/halo", "Shop halo settings"),
      card("solitaire", "Solitaire", "One diamond, nothing to distract from it.", "/setting-search/collections/solitaire", "Shop solitaires"),
      card("vintage", "Vintage-inspired", "Milgrain, filigree and Art Deco details.", "/setting-search/collections/vintage", "Shop vintage"),
    ],
  },
  sitecreatives: {
    items: [
      card("search-hero", "Every certified diamond", "Search stones from independent retailers in one place.", "/diamond-search", "Start searching", "home"),
    ],
  },
  cartnotice: { active: true, message: "Every order ships insured, with 30 days to return it.", link: "/faq" },
  promotransition: { active: false, message: "Our autumn offer has ended; the winter offer starts soon.", link: null },
  MarketingConfigurations: {
    couponPopup: { enabled: true, code: "WELCOME100", source: "welcome-100-popup", delaySeconds: 20, amount: 100 },
    offerLauncher: { enabled: true, text: "$100 off" },
    announcement: null,
  },
  SurveyQuestions: {
    title: "Tell us how it went",
    questions: [
      {
        id: "found-loupe",
        question: "How did you first hear of Loupe?",
        type: "single",
        options: ["Search engine", "A friend", "Social media", "An article", "Other"],
        when: null,
        children: [{ id: "found-loupe-other", question: "Where did you hear of us?", type: "text", options: [], when: "Other", children: [] }],
      },
      { id: "ease", question: "How easy was it to find your diamond?", type: "rating", options: ["1", "2", "3", "4", "5"], when: null, children: [] },
      {
        id: "deciding",
        question: "What decided your purchase?",
        type: "multiple",
        options: ["Price", "The certificate", "Shipping time", "Return policy", "Advice from a gemologist"],
        when: null,
        children: [],
      },
    ],
  },
  "Customer-Service": {
    email: "help@loupe.example",
    phone: "+1 (555) 014-2026",
    hours: [
      { days: "Monday to Friday", hours: "9 am – 8 pm Eastern" },
      { days: "Saturday and Sunday", hours: "10 am – 6 pm Eastern" },
    ],
    helpPages: [
      { id: 1, title: "Returns and exchanges" },
      { id: 2, title: "Shipping and insurance" },
      { id: 3, title: "Paying for your order" },
    ],
  },
  "help-page-1": {
    id: 1,
    title: "Returns and exchanges",
    sections: [
      { heading: "30 days to decide", text: "Return an unworn ring or loose diamond within 30 days of delivery for a full refund, shipping included." },
      { heading: "How to return", text: "Write to help@loupe.example with your order number; we email a prepaid, insured label within a business day." },
    ],
  },
  "help-page-2": {
    id: 2,
    title: "Shipping and insurance",
    sections: [
      { heading: "Insured to your door", text: "Every parcel is insured for its full value until you sign for it." },
      { heading: "Discreet packaging", text: "Boxes carry no jewellery brand or hint of what is inside." },
    ],
  },
  "help-page-3": {
    id: 3,
    title: "Paying for your order",
    sections: [
      { heading: "Ways to pay", text: "Cards, PayPal, Apple Pay, Google Pay and wire transfer. Paying by wire earns a lower price on most diamonds." },
      { heading: "Security", text: "Card details go straight to the payment provider; Loupe never sees or stores them." },
    ],
  },
};
