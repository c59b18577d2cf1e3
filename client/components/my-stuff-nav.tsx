/** The small navigation between the my-stuff pages (§2 My stuff), shared by them and the orders page. */
import { Link, useLocation } from "react-router";

/** The pages of my stuff, in the navigation's order. */
export const MY_STUFF_PAGES: readonly { path: string; label: string }[] = [
  { path: "/my-stuff", label: "Wishlist" },
  { path: "/my-stuff/favorite", label: "Diamonds" },
  { path: "/my-stuff/items", label: "Settings & jewelry" },
  { path: "/my-stuff/alerts", label: "Alerts" },
  { path: "/my-stuff/recently-viewed", label: "Recently viewed" },
  { path: "/my-stuff/orders", label: "Orders" },
  { path: "/my-stuff/reports", label: "Reports" },
];

/** The small navigation between the my-stuff pages (the current one marked). */
export function MyStuffNav() {
  const { pathname } = useLocation();
  const here = pathname.replace(/\/+$/, "") || "/";
  return (
    <nav className="my-stuff-nav" aria-label="My stuff">
      <ul>
        {MY_STUFF_PAGES.map((p) => (
          <li key={p.path}>
            <Link to={p.path} reloadDocument aria-current={p.path === here ? "page" : undefined}>
              {p.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
