/** The site's header (navigation, the shopper's account, the theme switch); the footer is site-footer.tsx. */
import type { MouseEvent } from "react";
import { Link, NavLink } from "react-router";
import type { NavigationMode } from "#shared/flags.ts";
import { clearSession } from "../state/session";
import { isAccountPage, signInHref } from "./account-paths";

/** Every search area of the shop (§2 "Search pages"). */
export const SEARCH_AREAS = [
  { to: "/diamond-search", label: "Natural diamonds" },
  { to: "/diamond-search/s?origin=lab", label: "Lab-grown diamonds" },
  { to: "/setting-search", label: "Engagement ring settings" },
  { to: "/wedding-rings", label: "Wedding rings" },
  { to: "/mens-wedding-bands", label: "Men's wedding bands" },
  { to: "/earrings", label: "Earrings" },
  { to: "/jewelry-search", label: "Jewelry gifts" },
] as const;

/**
 * The shopper's account in the header: signed in, "Hi, {first name}" and a "Sign out" button (a document post
 * to /logout, so it works without JavaScript); signed out, a "Sign in" link that returns to this page (not on
 * the account pages themselves). Plain links and forms: signing in or out reloads the document.
 */
export function AccountMenu({ user, returnTo }: { user: { firstName: string } | null; returnTo: string }) {
  if (user) {
    return (
      <div className="account-menu">
        <span className="greeting">Hi, {user.firstName}</span>
        <form method="post" action="/logout" onSubmit={clearSession}>
          <button type="submit" className="link-button">
            Sign out
          </button>
        </form>
      </div>
    );
  }
  if (isAccountPage(returnTo.split("?")[0] ?? "")) return null;
  return (
    <div className="account-menu">
      <a href={signInHref(returnTo)}>Sign in</a>
    </div>
  );
}

/** The header's links (the wide screen's navigation and the narrow screen's menu, whose links close it). */
function MainLinks({ onClick }: { onClick?: (e: MouseEvent<HTMLAnchorElement>) => void }) {
  return (
    <>
      <NavLink to="/diamond-search" end onClick={onClick}>
        Diamonds
      </NavLink>
      <Link to="/setting-search" onClick={onClick}>
        Engagement rings
      </Link>
      <Link to="/wedding-rings" onClick={onClick}>
        Wedding rings
      </Link>
      <Link to="/jewelry-search" onClick={onClick}>
        Jewelry
      </Link>
      <NavLink to="/cart" onClick={onClick}>
        Cart
      </NavLink>
    </>
  );
}

/** A link chosen in the menu closes it (a client navigation keeps the header as it was). */
function closeMenu(e: MouseEvent<HTMLAnchorElement>): void {
  e.currentTarget.closest("details")?.removeAttribute("open");
}

export function SiteHeader({
  mode,
  darkTheme,
  theme,
  returnTo,
  user,
}: {
  mode: NavigationMode;
  darkTheme: boolean;
  theme: "light" | "dark";
  returnTo: string;
  user: { firstName: string } | null;
}) {
  const themeToggle = darkTheme ? (
    <form method="post" action="/api/preferences/theme" className="theme-toggle">
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="theme" value={theme === "dark" ? "light" : "dark"} />
      <button type="submit">{theme === "dark" ? "Light mode" : "Dark mode"}</button>
    </form>
  ) : null;
  const account = <AccountMenu user={user} returnTo={returnTo} />;
  return (
    <header className="site-header">
      <Link to="/" className="logo" aria-label="Loupe home">
        <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
          <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M18 18l7 7" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <span>Loupe</span>
      </Link>
      {mode === "full" ? (
        <>
          <nav aria-label="Main" className="main-nav">
            <MainLinks />
          </nav>
          {/* Narrow screens (≤ 800 px): the cart one tap away beside the Menu button; its icon is CSS (decision 049). */}
          <NavLink to="/cart" className="header-cart">
            Cart
          </NavLink>
          {/* Narrow screens: the links, the theme switch and the account behind a Menu button — a <details>, so it
              works without JavaScript; the copies after it are hidden there (styles-phone-chrome.css). */}
          <details className="menu">
            <summary>Menu</summary>
            <div className="menu-panel">
              <nav aria-label="Menu">
                <MainLinks onClick={closeMenu} />
                <Link to="/my-stuff" onClick={closeMenu}>
                  My stuff
                </Link>
              </nav>
              {themeToggle}
              {account}
            </div>
          </details>
        </>
      ) : null}
      {themeToggle}
      {account}
    </header>
  );
}
