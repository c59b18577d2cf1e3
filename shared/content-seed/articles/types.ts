/**
 * The seed articles' shape (the embedded blog CMS's default content): categories with parents, authors, articles
 * in Markdown, and the legacy paths (§2 legacy map) that now answer 301 to them.
 */

/** The three top categories of §2's blog layout: /{blog|education|jewelry}/{subcategorySlug}/{articleSlug}. */
export type TopCategory = "blog" | "education" | "jewelry";

export interface CategorySeed {
  /** URL slug, unique within its parent (e.g. "diamond-4cs" under "education"). */
  slug: string;
  name: string;
  /** One sentence for the list page's intro and description. */
  description: string;
  /** The parent's slug: a TopCategory for subcategories; null for the three top categories. */
  parent: TopCategory | null;
}

export interface AuthorSeed {
  /** URL id: /author/{id}, e.g. "maya-okafor". */
  id: string;
  name: string;
  /** e.g. "GIA Graduate Gemologist, senior editor". */
  role: string;
  /** Markdown, 60–150 words, Loupe's own text. */
  bio: string;
}

export interface ArticleSeed {
  /** URL slug, unique across all articles (e.g. "diamond-cut-guide"). */
  slug: string;
  title: string;
  /** 120–160 characters: the list card's summary and the meta description. */
  description: string;
  category: TopCategory;
  /** A CategorySeed slug whose parent is `category`. */
  subcategory: string;
  /** An AuthorSeed id. */
  author: string;
  /** ISO date (YYYY-MM-DD), 2025-01-01 … 2026-11-01. */
  published: string;
  /** Markdown body (## and ### headings, paragraphs, lists, tables allowed, links to site paths); 400–900 words. */
  body: string;
  /** Old paths (§2 legacy map: `/blog/{old-slug}` or `/education/diamond-{topic}`, lower-case) that 301 to this article. */
  legacy: string[];
}
