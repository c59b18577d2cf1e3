/**
 * The seed's categories: the three top categories of the blog layout (§2) and their subcategories.
 */
import type { CategorySeed } from "./types";

/** Top categories first (parent null), then each one's subcategories. */
export const CATEGORY_SEEDS: readonly CategorySeed[] = [
  { slug: "blog", name: "Blog", description: "Buying guides and notes from the Loupe team on how we compare diamonds across retailers.", parent: null },
  {
    slug: "education",
    name: "Education",
    description: "Learn how diamonds are graded before you buy: the 4Cs, every shape, certificates and lab-grown stones.",
    parent: null,
  },
  { slug: "jewelry", name: "Jewelry", description: "Ring settings, metals, sizing and care for the jewelry you wear every day.", parent: null },
  { slug: "diamond-4cs", name: "The 4Cs", description: "Cut, color, clarity and carat weight explained, plus fluorescence.", parent: "education" },
  {
    slug: "diamond-shapes",
    name: "Diamond shapes",
    description: "The ten shapes you can search on Loupe, what each does well and what to check.",
    parent: "education",
  },
  {
    slug: "lab-grown",
    name: "Lab-grown diamonds",
    description: "How laboratory-grown diamonds are made and how they compare with natural stones.",
    parent: "education",
  },
  { slug: "certificates", name: "Certificates", description: "Grading reports from GIA, AGS, IGI, HRD and GCAL, and how to read them.", parent: "education" },
  {
    slug: "buying-guides",
    name: "Buying guides",
    description: "How to buy a diamond online with confidence and compare offers across retailers.",
    parent: "blog",
  },
  { slug: "news", name: "News", description: "How Loupe works: where our listings and prices come from, and what changes.", parent: "blog" },
  { slug: "rings", name: "Rings", description: "Engagement ring settings, wedding bands that match and finding the right ring size.", parent: "jewelry" },
  { slug: "metals", name: "Metals", description: "Platinum, gold in every color, palladium and the alternative metals for bands.", parent: "jewelry" },
  { slug: "care", name: "Care", description: "Cleaning, checking and looking after diamond jewelry for the long run.", parent: "jewelry" },
];
