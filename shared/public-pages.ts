/**
 * The site's public content pages (§2 "Content and other pages") in one list: the footer's sections
 * (client/components/site-footer.tsx adds the shop's search areas), the pages that are public but not in the
 * footer, and so the sitemap (worker/seo) and the HTML sitemap list every one of them.
 */

export interface PageLink {
  to: string;
  label: string;
}

/** The footer's sections after "Shop". `/military-first-responder-discounts` is deliberately absent (§2 hidden footer). */
export const FOOTER_SECTIONS: readonly { title: string; links: readonly PageLink[] }[] = [
  {
    title: "Learn",
    links: [
      { to: "/education", label: "Diamond education" },
      { to: "/blog", label: "Blog" },
      { to: "/jewelry", label: "Jewelry guides" },
      { to: "/faq", label: "FAQ" },
      { to: "/diamond-report", label: "Diamond report and deal score" },
      { to: "/quiz", label: "Find your diamond: the quiz" },
      { to: "/eight-step-guide", label: "Eight-step buying guide" },
      { to: "/diamond-comparison-shopping", label: "Comparison shopping" },
      { to: "/our-data", label: "Our data" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About Loupe" },
      { to: "/mission", label: "Our mission" },
      { to: "/team", label: "Our gemologists" },
      { to: "/authors", label: "Authors" },
      { to: "/reviews", label: "Reviews" },
      { to: "/our-retailers", label: "Our retailers" },
      { to: "/sell", label: "Sell on Loupe" },
    ],
  },
  {
    title: "Help and policies",
    links: [
      { to: "/policies", label: "Policies" },
      { to: "/loupe-guarantee", label: "The Loupe guarantee" },
      { to: "/peace-of-mind", label: "Peace of mind" },
      { to: "/active-promotions", label: "Active promotions" },
      { to: "/sales-tax", label: "Sales tax" },
      { to: "/privacy", label: "Privacy" },
      { to: "/terms-of-service", label: "Terms of service" },
      { to: "/accessibility", label: "Accessibility" },
      { to: "/sitemap", label: "Sitemap" },
    ],
  },
];

/** Public landing and offer pages that are not in the footer (the header, home page and articles link them). */
export const OTHER_PUBLIC_PAGES: readonly PageLink[] = [
  { to: "/diamonds", label: "Natural diamonds" },
  { to: "/lab-grown-diamonds", label: "Lab-grown diamonds" },
  { to: "/lab-created-diamonds", label: "Lab-created diamonds" },
  { to: "/engagement-rings", label: "Engagement rings" },
  { to: "/shop-engagement-rings", label: "Shop engagement rings" },
  { to: "/buy-engagement-rings", label: "Buy engagement rings" },
  { to: "/most-popular-engagement-rings", label: "Most popular engagement rings" },
  { to: "/settings", label: "Ring settings" },
  { to: "/fine-jewelry", label: "Fine jewelry" },
  { to: "/diamond-earrings", label: "Diamond earrings" },
  { to: "/diamond-studs", label: "Diamond studs" },
  { to: "/diamond-pendant", label: "Diamond pendants" },
  { to: "/free-diamond-earrings", label: "Free diamond earrings" },
  { to: "/financing", label: "Financing" },
  { to: "/welcome-offer", label: "Welcome offer" },
  { to: "/jewelry-insurance", label: "Jewelry insurance" },
  { to: "/jewelry-care-plan", label: "Jewelry care plan" },
  { to: "/military-first-responder-discounts", label: "Military and first responder discounts" },
];

/** Every public content page's path, footer first. */
export function publicContentPaths(): string[] {
  return [...FOOTER_SECTIONS.flatMap((s) => s.links.map((l) => l.to)), ...OTHER_PUBLIC_PAGES.map((l) => l.to)];
}
