/**
 * Search landing pages (`/diamonds/slp/{slp}`): named filter sets with their own heading and intro, for
 * shoppers and search engines ("1 carat lab-grown oval diamonds"). The filters are ordinary search
 * filters, so the page is the search page with these applied and every filter still adjustable.
 */
import { FILTER_DEFAULTS } from "./search-constants";
import type { DiamondFilters } from "./schemas";

export interface LandingPage {
  slug: string;
  title: string;
  intro: string;
  filters: DiamondFilters;
}

/** A landing page; its filters are the defaults plus these (tests/unit/search/search-url.test.ts validates every set). */
const page = (slug: string, title: string, intro: string, filters: Partial<DiamondFilters>): LandingPage => ({
  slug,
  title,
  intro,
  filters: { ...FILTER_DEFAULTS, ...filters },
});

export const LANDING_PAGES: readonly LandingPage[] = [
  page(
    "1-carat-lab-grown-oval-diamonds",
    "1 Carat Lab-Grown Oval Diamonds",
    "Certified lab-grown ovals from 1.00 to 1.19 carats, compared across every retailer.",
    {
      isLabGrown: true,
      diamondShapes: [6],
      caratMin: 1,
      caratMax: 1.19,
    },
  ),
  page(
    "1-carat-natural-round-diamonds",
    "1 Carat Natural Round Diamonds",
    "Natural round brilliants from 1.00 to 1.19 carats in the near-colourless range, Ideal and Excellent cuts.",
    {
      isLabGrown: false,
      diamondShapes: [1],
      caratMin: 1,
      caratMax: 1.19,
      colors: [1, 2, 3, 4, 5, 6],
      cuts: [0, 1],
    },
  ),
  page("2-carat-lab-grown-diamonds", "2 Carat Lab-Grown Diamonds", "Lab-grown diamonds of every shape from 2.00 to 2.49 carats.", {
    isLabGrown: true,
    caratMin: 2,
    caratMax: 2.49,
  }),
  page(
    "loupe-ideal-round-diamonds",
    "Loupe Ideal Round Diamonds",
    "Round diamonds inside the Loupe Ideal proportions: depth 59–62.6 %, table 53–58 %, ratio up to 1.01.",
    {
      isLabGrown: null,
      diamondShapes: [1],
      loupeIdeal: true,
    },
  ),
  page("eye-clean-diamonds-under-3000", "Eye-Clean Diamonds Under $3,000", "Natural diamonds that look flawless to the eye, priced under $3,000.", {
    isLabGrown: false,
    eyeClean: true,
    priceMin: 650,
    priceMax: 3000,
  }),
  page("emerald-cut-diamonds", "Emerald Cut Diamonds", "Natural and lab-grown emerald cuts in classic 1.30–1.50 proportions.", {
    isLabGrown: null,
    diamondShapes: [4],
    ratioMin: 1.3,
    ratioMax: 1.5,
  }),
  page("diamonds-that-ship-fast", "Diamonds That Ship Within 3 Days", "Every diamond a retailer can ship within three days.", {
    isLabGrown: null,
    shippingDays: 3,
  }),
];

export function landingPage(slug: string): LandingPage | undefined {
  return LANDING_PAGES.find((p) => p.slug === slug.toLowerCase());
}
