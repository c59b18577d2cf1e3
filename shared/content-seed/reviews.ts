/**
 * The reviews' seed (issue 20 point 4): Loupe's reviews from both providers (reviews-text.ts) and a few
 * embedded third-party product reviews by store and sku (the default of worker/reviews/products.ts). Ids are
 * fixed so `INSERT OR IGNORE` keeps an operator's edits on a re-seed.
 */
import { insertStatements } from "../catalogue/sql";
import { REVIEW_SEEDS } from "./reviews-text";

/** The embedded product reviews' store (a business unit id in the reviews service's terms). */
export const EMBEDDED_REVIEWS_STORE = "loupe";

const PRODUCT_REVIEWS: readonly [sku: string, author: string, rating: number, body: string, date: string][] = [
  ["setting-1", "Alicia P.", 5, "The band is slimmer than I expected in the best way; it makes the stone look bigger.", "2026-09-18"],
  ["setting-1", "Jordan K.", 4, "Comfortable to wear all day. The prongs caught on a sweater once in the first week.", "2026-07-02"],
  ["setting-1", "Mina S.", 5, "Polished beautifully and sits low enough for gloves.", "2026-03-22"],
  ["setting-2", "Theo B.", 5, "The hidden halo only shows from the side. Subtle and lovely.", "2026-08-09"],
  ["setting-2", "Ruby L.", 3, "Pretty, but the halo needs more cleaning than a plain solitaire.", "2026-02-11"],
  ["studs-1", "Nadia F.", 5, "The pair matches perfectly and the screw backs feel secure.", "2026-10-05"],
];

/** The reviews' seed statements (INSERT OR IGNORE). */
export function reviewsSeedStatements(): string[] {
  const reviews = REVIEW_SEEDS.map(([provider, author, rating, title, body, date, location], i) => ({
    id: i + 1,
    provider,
    author,
    rating,
    title,
    body,
    date,
    location,
    status: 1,
  }));
  const products = PRODUCT_REVIEWS.map(([sku, author, rating, body, date], i) => ({
    id: `embedded-${i + 1}`,
    store: EMBEDDED_REVIEWS_STORE,
    sku,
    author,
    rating,
    body,
    date,
  }));
  return [...insertStatements("reviews", reviews, 50, "INSERT OR IGNORE"), ...insertStatements("product_reviews", products, 50, "INSERT OR IGNORE")];
}
