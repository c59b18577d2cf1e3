/**
 * The site's footer (§2: hidden on account, checkout, quiz and viewer pages by the route flags): the shop's
 * areas, what to read, the company and the policies. `/military-first-responder-discounts` is deliberately
 * not listed (§2 "hidden footer").
 */
import { Link } from "react-router";
import { SEARCH_AREAS } from "./chrome";

/** The footer's sections of links (the HTML sitemap and the sitemap files list the same public pages). */
export const FOOTER_SECTIONS: readonly { title: string; links: readonly { to: string; label: string }[] }[] = [
  { title: "Shop", links: SEARCH_AREAS },
  {
    title: "Learn",
    links: [
      { to: "/education", label: "Diamond education" },
      { to: "/blog", label: "Blog" },
      { to: "/jewelry", label: "Jewelry guides" },
      { to: "/faq", label: "FAQ" },
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

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer" className="footer-sections">
        {FOOTER_SECTIONS.map((s) => (
          <section key={s.title} aria-labelledby={`footer-${s.title.toLowerCase().replace(/\W+/g, "-")}`}>
            <h2 id={`footer-${s.title.toLowerCase().replace(/\W+/g, "-")}`}>{s.title}</h2>
            <ul>
              {s.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <p>Loupe compares certified diamonds and fine jewellery from independent retailers. Prices in US dollars.</p>
    </footer>
  );
}
