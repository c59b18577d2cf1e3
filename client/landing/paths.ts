/**
 * The landing pages' route paths, alone: client/routes.tsx is in every page's entry chunk, so it must not import
 * the pages' texts. tests/unit/landing/landing.test.ts holds this list equal to the definitions' paths.
 */
export const LANDING_ROUTE_PATHS: readonly string[] = [
  "diamonds",
  "lab-grown-diamonds",
  "engagement-rings",
  "settings",
  "fine-jewelry",
  "financing",
  "lab-created-diamonds",
  "shop-engagement-rings",
  "buy-engagement-rings",
  "diamond-earrings",
  "diamond-studs",
  "diamond-pendant",
  "most-popular-engagement-rings",
  "free-diamond-earrings",
];
