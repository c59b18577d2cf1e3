/**
 * Every public page by section, for the HTML sitemap (`/sitemap`) and the pages sitemap file: kept apart from
 * ./public-pages.ts so the footer (in every page's first load) does not carry the landing pages' and the article
 * topics' lists.
 */
import { CATEGORY_SEEDS } from "./content-seed/articles/categories";
import { type SitemapSection, sitemapSections } from "./landing/site";
import { FOOTER_SECTIONS, OTHER_PUBLIC_PAGES } from "./public-pages";

/**
 * The HTML sitemap's sections (`/sitemap`) and the pages sitemap file's paths: the landing pages' sections
 * (shared/landing/site.ts), then the footer's, then the article categories; each path listed once, where it first appears.
 */
export function siteSections(): SitemapSection[] {
  const learn = {
    title: "Learn",
    links: CATEGORY_SEEDS.filter((c) => c.parent !== null).map((c) => ({ path: `/${c.parent}/${c.slug}`, label: c.name })),
  };
  const footer = FOOTER_SECTIONS.map((s) => ({ title: s.title, links: s.links.map((l) => ({ path: l.to, label: l.label })) }));
  const seen = new Set<string>();
  return sitemapSections([...footer, learn, { title: "More", links: OTHER_PUBLIC_PAGES.map((l) => ({ path: l.to, label: l.label })) }])
    .map((s) => ({ title: s.title, links: s.links.filter((l) => !seen.has(l.path) && seen.add(l.path)) }))
    .filter((s) => s.links.length > 0);
}
