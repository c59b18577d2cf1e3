/**
 * Loupe's own pages (issue 20 point 3: about, mission, team, policies, guarantees, guides): their addresses and
 * where each sits in the footer. The texts live in the content store (D1 `content_pages`, seeded from
 * shared/content-seed/pages*.ts, editable by operators); this list is code so the route table and the footer are
 * built without a database read. One route module renders every one (client/routes/content-page.tsx).
 */

/** The footer's columns, in order. */
export type PageSection = "company" | "help" | "policies";

export const SECTION_TITLES: Readonly<Record<PageSection, string>> = { company: "Company", help: "Help", policies: "Policies" };

export interface ContentPageDef {
  /** The store's key and the first path segment (`/privacy`). */
  slug: string;
  /** The link text in the footer and in the page's "more in this section" list. */
  label: string;
  section: PageSection;
  /** False for pages reached only from elsewhere (§2: military-first-responder-discounts is a hidden footer page). */
  inFooter: boolean;
  /** An optional second segment the route accepts (§2 `jewelry-care-plan/{chatGemologist?}`). */
  optionalSegment?: string;
}

/** Every content page, in footer order within its section. */
export const CONTENT_PAGES: readonly ContentPageDef[] = [
  { slug: "about", label: "About Loupe", section: "company", inFooter: true },
  { slug: "mission", label: "Our mission", section: "company", inFooter: true },
  { slug: "team", label: "Our gemologists", section: "company", inFooter: true },
  { slug: "sell", label: "List your inventory", section: "company", inFooter: true },
  { slug: "diamond-comparison-shopping", label: "Comparison shopping", section: "help", inFooter: true },
  { slug: "eight-step-guide", label: "Eight-step buying guide", section: "help", inFooter: true },
  { slug: "peace-of-mind", label: "Peace of mind", section: "help", inFooter: true },
  { slug: "loupe-guarantee", label: "The Loupe guarantee", section: "help", inFooter: true },
  { slug: "welcome-offer", label: "Welcome offer", section: "help", inFooter: true },
  { slug: "jewelry-care-plan", label: "Jewelry care plan", section: "help", inFooter: true, optionalSegment: "chatGemologist" },
  { slug: "jewelry-insurance", label: "Jewelry insurance", section: "help", inFooter: true },
  { slug: "military-first-responder-discounts", label: "Military and first responders", section: "help", inFooter: false },
  { slug: "policies", label: "All policies", section: "policies", inFooter: true },
  { slug: "privacy", label: "Privacy policy", section: "policies", inFooter: true },
  { slug: "terms-of-service", label: "Terms of service", section: "policies", inFooter: true },
  { slug: "accessibility", label: "Accessibility", section: "policies", inFooter: true },
  { slug: "sales-tax", label: "Sales tax", section: "policies", inFooter: true },
];

/** The public path of a content page (`/privacy`). */
export const contentPagePath = (slug: string) => `/${slug}`;

/** The router paths of every content page (React Router syntax: `jewelry-care-plan/:chatGemologist?`). */
export function contentPageRoutePaths(): string[] {
  return CONTENT_PAGES.map((p) => (p.optionalSegment ? `${p.slug}/:${p.optionalSegment}?` : p.slug));
}

/** The content page a path shows (case-insensitive, optional segment allowed where declared), or null. */
export function contentPageOf(pathname: string): ContentPageDef | null {
  const [first, second, ...rest] = pathname
    .toLowerCase()
    .replace(/^\/+|\/+$/g, "")
    .split("/");
  const page = CONTENT_PAGES.find((p) => p.slug === first);
  if (!page || rest.length > 0 || (second !== undefined && !page.optionalSegment)) return null;
  return page;
}
