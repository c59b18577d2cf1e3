/**
 * Loupe's own pages as the page route reads them (client/routes/content-page.tsx): the server's loader gets the
 * page, its body already rendered from Markdown, through this service (worker/loaders/pages.ts). Markdown never
 * reaches the browser; a client navigation to such a page is a document load (client/server-page.ts).
 */
import { createContext } from "react-router";
import type { ContentPageView } from "#shared/content/page-schemas.ts";

export interface ContentPagesService {
  /** The page with this slug, rendered, with the live facts it shows (gemologists, the welcome offer); null when it is not stored. */
  page(slug: string): Promise<ContentPageView | null>;
}

export const contentPagesContext = createContext<ContentPagesService>();
