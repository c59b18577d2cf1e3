/**
 * The site's footer (§2: hidden on account, checkout, quiz and viewer pages by the route flags): the shop's
 * areas, what to read, the company and the policies. `/military-first-responder-discounts` is deliberately
 * not listed (§2 "hidden footer").
 */
import { Link } from "react-router";
import { FOOTER_SECTIONS } from "#shared/public-pages.ts";
import { SEARCH_AREAS } from "./chrome";

/** The shop's areas, then the content sections (#shared/public-pages.ts). */
const SECTIONS = [{ title: "Shop", links: SEARCH_AREAS }, ...FOOTER_SECTIONS];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer" className="footer-sections">
        {SECTIONS.map((s) => (
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
