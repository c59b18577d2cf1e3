/**
 * PLACEHOLDER (replaced by the writer's collection): every seed category, author and article.
 */
import type { ArticleSeed, AuthorSeed, CategorySeed } from "./types";

export const CATEGORIES: readonly CategorySeed[] = [
  { slug: "blog", name: "Blog", description: "News and stories from Loupe.", parent: null },
  { slug: "education", name: "Education", description: "Learn diamonds before you buy.", parent: null },
  { slug: "jewelry", name: "Jewelry", description: "Rings, metals and care.", parent: null },
  { slug: "diamond-4cs", name: "The 4Cs", description: "Cut, colour, clarity and carat explained.", parent: "education" },
  { slug: "buying-guides", name: "Buying guides", description: "How to buy a diamond online with confidence.", parent: "blog" },
  { slug: "rings", name: "Rings", description: "Settings, metals and sizes.", parent: "jewelry" },
];

export const AUTHORS: readonly AuthorSeed[] = [
  { id: "maya-okafor", name: "Maya Okafor", role: "GIA Graduate Gemologist", bio: "Maya grades diamonds for Loupe's gemologist reviews." },
];

export const ARTICLES: readonly ArticleSeed[] = [
  {
    slug: "diamond-cut-guide",
    title: "Diamond cut: the C that makes a diamond sparkle",
    description: "What cut grade measures, why it matters more than any other C, and how to read proportions on a certificate before you buy.",
    category: "education",
    subcategory: "diamond-4cs",
    author: "maya-okafor",
    published: "2026-03-02",
    body: "## What cut measures\n\nCut grades how well a diamond returns light.\n\n## Proportions\n\nDepth and table matter.",
    legacy: ["/education/diamond-cut"],
  },
  {
    slug: "buying-a-diamond-online",
    title: "Buying a diamond online safely",
    description: "Certificates, return policies, price locks and payment: a checklist for buying a diamond online without surprises from any retailer.",
    category: "blog",
    subcategory: "buying-guides",
    author: "maya-okafor",
    published: "2026-04-10",
    body: "## Check the certificate\n\nAsk for a GIA, AGS or IGI report.\n\n## Returns\n\nRead the return policy.",
    legacy: ["/blog/how-to-buy-a-diamond-online"],
  },
];
