/**
 * The seed of Loupe's own pages and gemologists (issue 20 points 3 and 6): every page of shared/content/pages.ts
 * with its text (pages-*.ts), and the team. `INSERT OR IGNORE`, so an operator's edit survives a re-seed.
 */
import { insertStatements } from "../catalogue/sql";
import { CONTENT_PAGES } from "../content/pages";
import { COMPANY_PAGES } from "./pages-company";
import { GUIDE_PAGES } from "./pages-guides";
import { HELP_PAGES } from "./pages-help";
import { POLICY_PAGES } from "./pages-policies";
import { PRIVACY_PAGES } from "./pages-privacy";
import { TERMS_PAGES } from "./pages-terms";
import { GEMOLOGISTS } from "./pages-team";
import type { PageText } from "./pages-types";

/** The date the seeded texts take effect (the policies' "last updated"): November 1, 2026. */
export const PAGES_EFFECTIVE_AT = Date.UTC(2026, 10, 1);

/** Every page's seed text by slug. */
export const PAGE_TEXTS: Readonly<Record<string, PageText>> = {
  ...COMPANY_PAGES,
  ...GUIDE_PAGES,
  ...HELP_PAGES,
  ...POLICY_PAGES,
  ...PRIVACY_PAGES,
  ...TERMS_PAGES,
};

/** The content pages' and gemologists' seed statements (one page per statement: each stays far under 100 KB). */
export function pagesSeedStatements(): string[] {
  const pages = CONTENT_PAGES.map((p, position) => {
    const text = PAGE_TEXTS[p.slug];
    if (!text) throw new Error(`no seed text for the content page ${p.slug}`);
    return {
      slug: p.slug,
      title: text.title,
      description: text.description,
      body: text.body,
      section: p.section,
      in_footer: p.inFooter,
      position,
      updated_at: PAGES_EFFECTIVE_AT,
    };
  });
  const team = GEMOLOGISTS.map((g, position) => ({
    id: g.id,
    name: g.name,
    role: g.role,
    credentials: JSON.stringify(g.credentials),
    bio: g.bio,
    specialties: JSON.stringify(g.specialties),
    languages: JSON.stringify(g.languages),
    position,
  }));
  return [...insertStatements("content_pages", pages, 1, "INSERT OR IGNORE"), ...insertStatements("gemologists", team, 100, "INSERT OR IGNORE")];
}
