/**
 * The landing pages as data (issue 20 point 3): each page is its head, its place in the site and an ordered body
 * of text sections and live blocks (figures, results and links from the catalogue). One route module renders
 * them all (client/routes/landing.tsx); the texts live in catalogue-pages.ts and shopping-pages.ts.
 */

/** A text section: a heading and its paragraphs (Loupe's own writing). */
export interface TextSection {
  kind: "text";
  heading: string;
  paragraphs: readonly string[];
  /** Optional list of points after the paragraphs. */
  points?: readonly string[];
}

/** Live blocks: what the loader reads for them is in client/routes/landing.tsx. */
export type LiveBlock =
  /** Every shape of one origin: how many are listed and from what price, each a link into the diamond search. */
  | { kind: "shapes"; origin: "natural" | "lab"; heading: string }
  /** Natural and lab-grown side by side: counts and price ranges. */
  | { kind: "origins"; heading: string }
  /** The shapes shoppers click most (the site's own click counts). */
  | { kind: "shape-interest"; heading: string }
  /** The diamond, setting or jewellery landing pages (`/diamonds/slp/…`, `/settings/slp/…`, `/fine-jewelry/slp/…`). */
  | { kind: "landings"; of: "diamonds" | "settings" | "jewelry"; heading: string }
  /** The first results of a setting or jewellery search page with a query, and a link to it. */
  | { kind: "results"; pageId: string; query: string; heading: string; count: number }
  /** §7 settings/best-selling. */
  | { kind: "best-selling"; heading: string; count: number }
  /** §9 free studs threshold (998 USD) and how the cart applies it. */
  | { kind: "free-studs"; heading: string }
  /** Plain links. */
  | { kind: "links"; heading: string; links: readonly { to: string; label: string }[] };

export type Block = TextSection | LiveBlock;

export interface LandingDef {
  path: string;
  /** The document title and the page's name in breadcrumbs. */
  title: string;
  name: string;
  description: string;
  h1: string;
  lead: string;
  /** The pages above this one (home excluded), outermost first. */
  parents: readonly { name: string; path: string }[];
  body: readonly Block[];
}

/** A text section. */
export const text = (heading: string, paragraphs: readonly string[], points?: readonly string[]): TextSection => ({
  kind: "text",
  heading,
  paragraphs,
  points,
});
