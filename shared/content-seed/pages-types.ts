/** The seed texts of Loupe's own pages (shared/content/pages.ts lists where each appears). */

/** One page's text: its h1 and title, its meta description, and its Markdown body (links to site paths). */
export interface PageText {
  title: string;
  /** 50–300 characters. */
  description: string;
  /** Markdown: ## and ### headings, paragraphs, lists, tables; at least 200 words. */
  body: string;
}
