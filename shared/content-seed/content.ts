/**
 * The content store's seed (issue 20 point 1): the home data (banners with their experiments' items, popular
 * engagement rings, media mentions, the users text), the FAQs (content-faq.ts) and the smaller items
 * (content-items.ts), as `INSERT OR IGNORE` rows of `content_items` (migration 0016), one per statement.
 */
import { insertStatements } from "../catalogue/sql";
import { DEFAULT_USERS_TEXT, type HomeData } from "../content/home";
import { itemKind } from "../content/items";
import { CHECKOUT_FAQ, FAQ_SECTIONS, MISSION_FAQ, NEW_FAQ } from "./content-faq";
import { SMALL_ITEMS } from "./content-items";
import { EXPERIMENTS } from "../experiments/definitions";

/** When the seeded rows say they were written (1 Nov 2026, the catalogue seed's clock). */
const SEEDED_AT = Date.UTC(2026, 10, 1);

/** `home`: Loupe's home data. Setting ids 1-180 are the catalogue's engagement ring settings (shared/catalogue/generate-settings.ts). */
export const HOME_DATA: HomeData = {
  banners: [
    {
      id: "compare-first",
      active: true,
      text: "Compare before you buy: one search across every retailer we list.",
      link: "/diamond-search",
      linkText: "Search diamonds",
      abData: {
        affectedItems: [
          {
            id: "compare-first-grid",
            experimentName: "Home_Shape_Grid",
            variant: 1,
            text: "Pick a shape and see every certified stone in it, from every retailer.",
            link: "/diamond-search",
            linkText: "Start with a shape",
          },
        ],
      },
    },
    {
      id: "reviews",
      active: true,
      text: "Settings from $340, in 14K or 18K gold and platinum.",
      link: "/setting-search",
      linkText: "Browse settings",
      abData: {
        affectedItems: [
          {
            id: "reviews-snippet",
            experimentName: "Reviews_Snippet_Home",
            variant: 1,
            text: "Shoppers rate Loupe highly for honest prices. Read what they say.",
            link: "/faq",
            linkText: "Questions and answers",
          },
        ],
      },
    },
    {
      id: "holiday",
      active: false,
      text: "Order by 15 December for delivery before the holidays.",
      link: "/diamond-search",
      linkText: "Shop now",
      abData: { affectedItems: [] },
    },
  ],
  popularEngagementRings: { title: "Popular engagement rings", settingIds: [1, 2, 3, 4, 5, 6, 7, 8] },
  mediaMentions: [
    {
      id: "gem-weekly",
      outlet: "Gem Trade Weekly",
      quote: "Loupe puts every retailer's stones on one page, certificates first.",
      link: null,
      date: "2026-05-14",
    },
    {
      id: "money-desk",
      outlet: "The Money Desk",
      quote: "The easiest way we found to check a diamond's price before buying.",
      link: null,
      date: "2026-08-02",
    },
    { id: "city-wedding", outlet: "City Wedding Journal", quote: "A calm, clear place to shop for a ring.", link: null, date: "2026-09-21" },
  ],
  users: DEFAULT_USERS_TEXT,
};

/** Every seeded item by name. */
export function seededContentItems(): Record<string, unknown> {
  return {
    home: HOME_DATA,
    "faqs-NewFAQ": NEW_FAQ,
    "faqs-NewMission": MISSION_FAQ,
    checkoutfaq: CHECKOUT_FAQ,
    "faq-sections": FAQ_SECTIONS,
    ...SMALL_ITEMS,
    Experiments: { experiments: EXPERIMENTS.map(({ name, category, labelControl, labelTest }) => ({ name, category, labelControl, labelTest })) },
  };
}

/** The seed statements: one `INSERT OR IGNORE` per item (an operator's edit is never overwritten). */
export function contentItemSeedStatements(): string[] {
  const rows = Object.entries(seededContentItems()).map(([name, data]) => ({ name, kind: itemKind(name), data: JSON.stringify(data), updated_at: SEEDED_AT }));
  return insertStatements("content_items", rows, 1, "INSERT OR IGNORE");
}
