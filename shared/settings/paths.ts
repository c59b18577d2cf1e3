/**
 * The setting, band and jewelry search pages' addresses: one list, read by the route table
 * (client/routes.tsx, which must stay small: it is in every page's entry chunk) and by the page
 * definitions (pages.ts).
 */
export const SEARCH_PAGE_PATHS = {
  "setting-search": { base: "/setting-search", semantic: "/setting-search/s", slp: true },
  "pendant-search": { base: "/setting-search/pendants", semantic: "/setting-search/pendants/s" },
  earrings: { base: "/earrings", semantic: "/earrings-search/s", slp: true },
  "wedding-rings": { base: "/wedding-rings", semantic: "/wedding-rings/s" },
  "mens-wedding-bands": { base: "/mens-wedding-bands", semantic: "/mens-wedding-bands/s" },
  "eternity-rings": { base: "/eternity-rings-for-women", semantic: "/eternity-rings-for-women/s" },
  "jewelry-bracelets": { base: "/jewelry-search/bracelets", semantic: "/jewelry-search/bracelets/s" },
  "jewelry-necklaces": { base: "/jewelry-search/necklaces", semantic: "/jewelry-search/necklaces/s" },
  "jewelry-earrings": { base: "/jewelry-search/earrings", semantic: "/jewelry-search/earrings/s" },
  "jewelry-search": { base: "/jewelry-search", semantic: "/jewelry-search/s" },
} as const satisfies Record<string, { base: string; semantic: string; slp?: true }>;

export type SearchPageId = keyof typeof SEARCH_PAGE_PATHS;

/** The families whose collections have pages (`/{family}/collections/{name}`). */
export const COLLECTION_FAMILIES = ["setting-search", "engagement-rings", "jewelry-search"] as const;

/**
 * Every route path of the search pages (relative, React Router syntax): each page with an optional
 * searchId (and slp where the page has landing pages), its semantic `/s` URL, and each collection family.
 */
export function searchRoutePaths(): string[] {
  const pages = Object.values(SEARCH_PAGE_PATHS) as readonly { base: string; semantic: string; slp?: true }[];
  return [
    ...pages.flatMap((p) => [`${p.base.slice(1)}/:searchId?${p.slp ? "/:slp?" : ""}`, p.semantic.slice(1)]),
    ...COLLECTION_FAMILIES.map((family) => `${family}/collections/:collection`),
  ];
}
