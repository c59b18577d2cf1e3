/**
 * Setting and jewellery landing pages (`/settings/slp/{slp}`, `/fine-jewelry/slp/{slp}`; issue 20 point 3): named
 * filter sets, like the diamond landing pages of shared/landing-pages.ts. Each is a search page (its id in
 * shared/settings/pages.ts) and that page's semantic query; the landing shows the first results and links to the
 * search with the same filters, every filter still adjustable. tests/unit/landing validates every query.
 */

export interface SettingLanding {
  slug: string;
  title: string;
  intro: string;
  /** The search page (SEARCH_PAGES id) whose filters the query sets. */
  pageId: string;
  /** The page's semantic query (shared/settings/url.ts), e.g. `style=halo&metal=14k-rose-gold`. */
  query: string;
}

/** `/settings/slp/{slp}`: engagement ring settings. */
export const SETTING_LANDINGS: readonly SettingLanding[] = [
  {
    slug: "halo-settings-in-rose-gold",
    title: "Halo Settings in Rose Gold",
    intro: "A ring of small diamonds around the centre stone makes it look larger; warm rose gold softens the sparkle.",
    pageId: "setting-search",
    query: "style=halo&metal=14k-rose-gold,18k-rose-gold",
  },
  {
    slug: "platinum-solitaire-settings",
    title: "Platinum Solitaire Settings",
    intro: "One stone, nothing to distract from it, in the densest and most hard-wearing of the ring metals.",
    pageId: "setting-search",
    query: "style=solitaire&metal=platinum",
  },
  {
    slug: "three-stone-settings",
    title: "Three Stone Settings",
    intro: "A centre diamond flanked by two side stones, in every metal: a classic that suits ovals and rounds alike.",
    pageId: "setting-search",
    query: "style=three-stone",
  },
  {
    slug: "settings-under-1000",
    title: "Engagement Ring Settings Under $1,000",
    intro: "Settings from every retailer priced up to $1,000 before the diamond, so more of the budget goes to the stone.",
    pageId: "setting-search",
    query: "price=0-1000",
  },
  {
    slug: "oval-engagement-ring-settings",
    title: "Settings for Oval Diamonds",
    intro: "Settings whose heads are made to hold an oval centre stone securely, from solitaires to halos.",
    pageId: "setting-search",
    query: "shape=oval",
  },
];

/** `/fine-jewelry/slp/{slp}`: finished jewellery. */
export const JEWELRY_LANDINGS: readonly SettingLanding[] = [
  {
    slug: "diamond-tennis-bracelets",
    title: "Diamond Bracelets",
    intro: "Bracelets set with diamonds along their length, compared across retailers by metal and price.",
    pageId: "jewelry-bracelets",
    query: "",
  },
  {
    slug: "diamond-necklaces-under-2000",
    title: "Diamond Necklaces Under $2,000",
    intro: "Finished diamond necklaces and pendants on a chain, each priced at $2,000 or less.",
    pageId: "jewelry-necklaces",
    query: "price=0-2000",
  },
  {
    slug: "yellow-gold-diamond-earrings",
    title: "Yellow Gold Diamond Earrings",
    intro: "Ready-to-wear diamond earrings in 14 or 18 karat yellow gold.",
    pageId: "jewelry-earrings",
    query: "metal=14k-yellow-gold,18k-yellow-gold",
  },
  {
    slug: "platinum-jewelry",
    title: "Platinum Diamond Jewellery",
    intro: "Bracelets, necklaces and earrings in platinum: naturally white, it never needs replating.",
    pageId: "jewelry-search",
    query: "metal=platinum",
  },
];

/** A setting landing page by slug (case-insensitive), or undefined. */
export function settingLanding(slug: string): SettingLanding | undefined {
  return SETTING_LANDINGS.find((p) => p.slug === slug.toLowerCase());
}

/** A jewellery landing page by slug (case-insensitive), or undefined. */
export function jewelryLanding(slug: string): SettingLanding | undefined {
  return JEWELRY_LANDINGS.find((p) => p.slug === slug.toLowerCase());
}
