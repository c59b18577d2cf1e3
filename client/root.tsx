import { useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { effectiveTheme, resolveFlags, type RouteFlags } from "#shared/flags.ts";
import { visitorContext } from "./context";
import { useNonce } from "./components/nonce";
import { SiteFooter, SiteHeader } from "./components/chrome";
import { NotFound } from "./components/not-found";
import { recordNavigation, restoreNavigation } from "./state/navigation";
import stylesHref from "./styles.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** What every page needs from the edge: the theme preference, search-engine origin and experiment variants. */
export function loader({ context }: Route.LoaderArgs) {
  const v = context.get(visitorContext);
  return { theme: v.theme, fromSearchEngine: v.fromSearchEngine, variants: v.variants };
}

/** Route loaders always re-run on navigation; the root's data only changes with the visitor's cookies. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: { formMethod?: string; defaultShouldRevalidate: boolean }) {
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

/** The merged flags of the matched routes; an error page is never indexed. */
function useRouteFlags(): RouteFlags {
  const flags = resolveFlags(useMatches().map((m) => m.handle));
  return useRouteError() ? { ...flags, preventRobots: true } : flags;
}

/** Scroll reset for flagged routes, and the stored current/previous route (§2 "Navigation behaviour"). */
function NavigationEffects({ flags }: { flags: RouteFlags }) {
  const location = useLocation();
  const matches = useMatches();
  const routeName = matches[matches.length - 1]?.id ?? "";
  useEffect(() => {
    restoreNavigation();
    // Lets browser tests (and people debugging) see that the client has taken over.
    document.body.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    recordNavigation(location.pathname + location.search, routeName);
    if (flags.scrollToTop) window.scrollTo(0, 0);
  }, [location.pathname, location.search, routeName, flags.scrollToTop]);
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const flags = useRouteFlags();
  const root = useRouteLoaderData<typeof loader>("root");
  const theme = effectiveTheme(root?.theme ?? "light", flags, root?.fromSearchEngine ?? false);
  const nonce = useNonce();
  const location = useLocation();
  return (
    <html lang="en" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {flags.preventRobots ? <meta name="robots" content="noindex" /> : null}
        <Meta />
        <Links />
      </head>
      {/* Flags without a widget of their own yet are published on <body> for the widgets that will read them. */}
      <body
        data-nav={flags.navigation}
        data-coupon-popup={flags.preventCouponPopup ? "off" : "on"}
        data-offer-launcher={flags.hideOfferLauncher ? "hidden" : "shown"}
        data-google-sign-in={flags.preventGoogleSignIn ? "off" : "on"}
      >
        {flags.announcement ? (
          <div className="announcement" role="note">
            Compare certified diamonds from 20+ independent retailers — prices checked daily.
          </div>
        ) : null}
        {flags.navigation !== "none" ? (
          <SiteHeader mode={flags.navigation} darkTheme={flags.darkTheme} theme={root?.theme ?? "light"} returnTo={location.pathname + location.search} />
        ) : null}
        {flags.buyingFlow ? (
          <ol className="buying-flow" aria-label="Buying steps">
            <li>Choose a diamond</li>
            <li>Choose a setting</li>
            <li>Review your ring</li>
          </ol>
        ) : null}
        <main id="main">{children}</main>
        {flags.footer ? <SiteFooter /> : null}
        <NavigationEffects flags={flags} />
        <ScrollRestoration nonce={nonce} getKey={(loc) => (flags.preserveScroll ? loc.pathname : loc.key)} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Not-found responses render the not-found page (status 404); other failures a short apology, never a stack. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="page narrow">
      <h1>Something went wrong</h1>
      <p>
        We could not show this page (error {status}). Please try again, or <a href="/">return to the home page</a>.
      </p>
    </section>
  );
}
