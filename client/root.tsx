import { useEffect, useRef } from "react";
import {
  Outlet,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { effectiveTheme, resolveFlags, type RouteFlags } from "#shared/flags.ts";
import { accountContext, type AccountService, type SignedInUser, type SocialSignIn } from "./account-context";
import { visitorContext } from "./context";
import { contentContext } from "./content-context";
import { trafficAlertId } from "#shared/traffic-alerts.ts";
import { SiteHeader } from "./components/chrome";
import { SiteFooter } from "./components/site-footer";
import { CompareTray } from "./components/compare-tray";
import { NotFound } from "./components/not-found";
import { Offers } from "./components/offers";
import { pageMeta } from "./route-handle";
import { recordNavigation, restoreNavigation } from "./state/navigation";
import { favoritesNeedSync, syncSession } from "./state/session";

const NO_SOCIAL: SocialSignIn = { google: false, facebook: false };

/** The request's account service; null where none is provided (a render without accounts: signed out). */
function accountOf(context: LoaderFunctionArgs["context"]): AccountService | null {
  try {
    return context.get(accountContext);
  } catch {
    return null;
  }
}

/**
 * What every page needs from the edge: the theme preference, search-engine origin, the experiment
 * variants the page renders, the traffic alert (whose id follows Hide_Tariff_Alert_V2), the signed-in
 * shopper (the header greets them) and which social sign-ins are configured.
 */
export async function rootLoader({ context }: LoaderFunctionArgs) {
  const v = context.get(visitorContext);
  const account = accountOf(context);
  const [alert, user] = await Promise.all([
    context.get(contentContext).trafficAlert(trafficAlertId(v.variants.Hide_Tariff_Alert_V2 ?? 0)),
    account ? account.current() : null,
  ]);
  const social: SocialSignIn = account ? { google: account.social.google, facebook: account.social.facebook } : NO_SOCIAL;
  return { theme: v.theme, fromSearchEngine: v.fromSearchEngine, variants: v.variants, alert, user: user satisfies SignedInUser | null, social };
}
export type RootData = Awaited<ReturnType<typeof rootLoader>>;

/**
 * The root's data (theme, referral, experiment variants) comes from the visitor's request on the server and
 * only changes with a full page load (the theme switch is a plain form post): the browser never reloads it,
 * not even after a router form submission such as a cart change (its loader has no visitor context there).
 */
export function shouldRevalidateRoot(_args: ShouldRevalidateFunctionArgs) {
  return false;
}

/** The merged flags of the matched routes (deepest wins); an error page is never indexed. */
export function flagsFor(handles: readonly unknown[], hasError: boolean): RouteFlags {
  const flags = resolveFlags(handles);
  return hasError ? { ...flags, preventRobots: true } : flags;
}

/** Runs `fn` when the browser is idle (at most 2 s later), or shortly when it cannot tell (Safari). */
function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 50);
}

/**
 * After client-side navigation: the stored current/previous route, scroll reset for flagged routes, the
 * document title and the theme/flag attributes that live outside the React root (§2 "Navigation behaviour").
 */
function NavigationEffects({ flags, theme, hasError, user }: { flags: RouteFlags; theme: "light" | "dark"; hasError: boolean; user: SignedInUser | null }) {
  const location = useLocation();
  const matches = useMatches();
  const routeName = matches[matches.length - 1]?.id ?? "";
  useEffect(() => {
    restoreNavigation();
    // Lets browser tests (and people debugging) see that the client has taken over.
    document.body.dataset.hydrated = "true";
    // Experiment assignments, consent and events: their own chunk, once the page is interactive and the
    // browser idle (the page's own loading and hydration come first).
    whenIdle(() => import("./experiments/tracking").then((m) => m.startTracking()).catch((err: unknown) => console.warn("tracking unavailable", err)));
    // §4 version check and service worker (decision 042): their own chunk too.
    whenIdle(() => import("./version/version-check").then((m) => m.startVersion()).catch((err: unknown) => console.warn("version check unavailable", err)));
    // The concierge chat's scheduler (its own chunk; a failed import's error names it): the §9 delays count from now.
    const hydratedAt = Date.now();
    whenIdle(() => import("./chat/start").then((m) => m.start(hydratedAt), console.warn));
    // The toasts' live region and store (decision 043): their own chunk, there before a toast is likely.
    whenIdle(() => import("./notifications/mount").then((m) => m.mountNotifications()).catch((err: unknown) => console.warn("notifications unavailable", err)));
  }, []);
  // §4 login state: the signed-in user of this document (signing in or out reloads the document).
  useEffect(() => {
    syncSession(user);
    // Favourites follow the customer (pushed at sign-in, fetched otherwise, cleared at sign-out): their own
    // chunk once the browser is idle, and only when there is a customer now or before.
    if (favoritesNeedSync(user)) {
      whenIdle(() =>
        import("./state/favorites-sync").then((m) => m.syncFavorites(user)).catch((err: unknown) => console.error("favourites sync unavailable", err)),
      );
    }
  }, [user]);
  const firstPage = useRef(true);
  useEffect(() => {
    recordNavigation(location.pathname + location.search, routeName);
    if (flags.scrollToTop) window.scrollTo(0, 0);
  }, [location.pathname, location.search, routeName, flags.scrollToTop]);
  // A client navigation to another page moves focus to its heading (a screen reader announces the new page);
  // the document's first page, and a page changing only its query (filters), keep focus where it is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the path changes, reading the new page's heading.
  useEffect(() => {
    if (firstPage.current) return void (firstPage.current = false);
    const heading = document.querySelector<HTMLElement>("main h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [location.pathname]);
  useEffect(() => {
    const loaderData = Object.fromEntries(matches.map((m) => [m.id, m.data]));
    document.title = hasError
      ? "Page not found — Loupe"
      : pageMeta(
          matches.map((m) => ({ route: { id: m.id, handle: m.handle } })),
          loaderData,
        ).title;
    document.documentElement.dataset.theme = theme;
    Object.assign(document.body.dataset, bodyData(flags));
  });
  return null;
}

/** Flags published on <body> (navigation mode, and flags for widgets that will read them). */
export function bodyData(flags: RouteFlags): Record<string, string> {
  return {
    nav: flags.navigation,
    couponPopup: flags.preventCouponPopup ? "off" : "on",
    offerLauncher: flags.hideOfferLauncher ? "hidden" : "shown",
    googleSignIn: flags.preventGoogleSignIn ? "off" : "on",
  };
}

function Layout({ children, root, hasError }: { children: React.ReactNode; root: RootData | undefined; hasError: boolean }) {
  const flags = flagsFor(
    useMatches().map((m) => m.handle),
    hasError,
  );
  const theme = effectiveTheme(root?.theme ?? "light", flags, root?.fromSearchEngine ?? false);
  const location = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {flags.announcement ? (
        <div className="announcement" role="note">
          {/* The .wide-words give way on phones, where the bar is one line (decision 049). */}
          Compare <span className="wide-words">certified </span>diamonds from 20+ <span className="wide-words">independent </span>retailers
          <span className="wide-words"> — prices checked daily</span>.
        </div>
      ) : null}
      {flags.announcement && root?.alert ? (
        <p className="traffic-alert" data-alert-id={root.alert.id}>
          {/* Its own box: on phones the message is cut to one line with an ellipsis, the link stays whole. */}
          <span className="traffic-alert-message">{root.alert.message}</span>{" "}
          {root.alert.link ? <a href={root.alert.link.href}>{root.alert.link.text}</a> : null}
        </p>
      ) : null}
      {flags.navigation !== "none" ? (
        <SiteHeader
          mode={flags.navigation}
          darkTheme={flags.darkTheme}
          theme={root?.theme ?? "light"}
          returnTo={location.pathname + location.search}
          user={root?.user ?? null}
        />
      ) : null}
      {flags.buyingFlow ? (
        <ol className="buying-flow" aria-label="Buying steps">
          {/* Phones show the nouns only ("1. Diamond 2. Setting 3. Ring"); the verbs stay for screen readers. */}
          <li>
            <span className="step-verb">Choose a </span>diamond
          </li>
          <li>
            <span className="step-verb">Choose a </span>setting
          </li>
          <li>
            <span className="step-verb">Review your </span>ring
          </li>
        </ol>
      ) : null}
      <main id="main">{children}</main>
      {flags.navigation !== "none" ? <CompareTray /> : null}
      {flags.footer ? <SiteFooter /> : null}
      <Offers flags={flags} />
      <NavigationEffects flags={flags} theme={theme} hasError={hasError} user={root?.user ?? null} />
      <ScrollRestoration getKey={(loc) => (flags.preserveScroll ? loc.pathname : loc.key)} />
    </>
  );
}

export function Root() {
  return (
    <Layout root={useLoaderData<RootData>()} hasError={false}>
      <Outlet />
    </Layout>
  );
}

/** Not-found responses render the not-found page (status 404); other failures a short apology, never a stack. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<RootData>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Layout root={root} hasError>
      {status === 404 ? (
        <NotFound />
      ) : (
        <section className="page narrow">
          <h1>Something went wrong</h1>
          <p>
            We could not show this page (error {status}). Please try again, or <a href="/">return to the home page</a>.
          </p>
        </section>
      )}
    </Layout>
  );
}
