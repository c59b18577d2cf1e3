/**
 * The seed's whole collection (the embedded blog CMS's default content): every category, author and article,
 * assembled from the topic files beside this one. All texts are Loupe's own.
 */
import { AUTHOR_SEEDS } from "./authors";
import { BLOG_EXTRA } from "./blog-extra";
import { BUYING } from "./buying";
import { CARE } from "./care";
import { CATEGORY_SEEDS } from "./categories";
import { FOUR_CS_A } from "./four-cs-a";
import { FOUR_CS_B } from "./four-cs-b";
import { GRADING } from "./grading";
import { METALS } from "./metals";
import { RINGS } from "./rings";
import { SHAPES_A } from "./shapes-a";
import { SHAPES_B } from "./shapes-b";
import type { ArticleSeed, AuthorSeed, CategorySeed } from "./types";

/** The three top categories (parent null) and their subcategories. */
export const CATEGORIES: readonly CategorySeed[] = CATEGORY_SEEDS;

/** Loupe's staff writers. */
export const AUTHORS: readonly AuthorSeed[] = AUTHOR_SEEDS;

/** Every seed article, education first (the 4Cs, grading, shapes), then the blog, then jewelry. */
export const ARTICLES: readonly ArticleSeed[] = [
  ...FOUR_CS_A,
  ...FOUR_CS_B,
  ...GRADING,
  ...SHAPES_A,
  ...SHAPES_B,
  ...BUYING,
  ...BLOG_EXTRA,
  ...RINGS,
  ...METALS,
  ...CARE,
];
