/**
 * The route tree (React Router data routers), used by the server (static handler) and the browser
 * (browser router). Pages are lazy route modules — one chunk each — exporting `Component`, `loader` and
 * `handle`. Each alias of §2 (e.g. /product ≡ /diamond) is a second route to the same module.
 */
import { matchRoutes, type RouteObject } from "react-router";
import { ALIASES } from "#shared/redirects.ts";
import { contentPageRoutePaths } from "#shared/content/pages.ts";
import { searchRoutePaths } from "#shared/settings/paths.ts";
import { LANDING_ROUTE_PATHS } from "./landing/paths";
import { CatchAll } from "./components/not-found";
import { Root, RootErrorBoundary, rootLoader, shouldRevalidateRoot } from "./root";

interface Page {
  /** The route id: the path (the home page's is "home"). */
  id: string;
  path?: string;
  index?: true;
  /** The lazy route module's name: `client/routes/{module}.tsx` (the server preloads its chunk). */
  module: string;
  lazy: NonNullable<RouteObject["lazy"]>;
  /** Experiments whose variant changes this page's server-rendered HTML (see renderedExperiments). */
  experiments?: readonly string[];
}

/** Experiments whose variant changes the layout (header, banners) of every page. */
const LAYOUT_EXPERIMENTS: readonly string[] = ["Hide_Tariff_Alert_V2"];

/** Routes of one lazy module `client/routes/{module}.tsx` at several paths (each path is its route id). */
function pages(module: string, lazy: Page["lazy"], paths: string[], experiments?: readonly string[]): Page[] {
  return paths.map((path) => ({ id: path, path, module, lazy, experiments }));
}

const PAGES: Page[] = [
  { id: "home", index: true, module: "home", lazy: () => import("./routes/home") },
  // §2: the search, its semantic URL, a saved search (searchId with the optional slp and guid segments), landing pages.
  ...pages(
    "diamond-search",
    () => import("./routes/diamond-search"),
    ["diamond-search", "diamond-search/s", "diamond-search/:searchId/:slp?/:guid?", "diamonds/slp/:slp"],
    ["Deal_Score_Badge"],
  ),
  ...pages(
    "diamond",
    () => import("./routes/diamond"),
    ["diamond/:id/:slug?/:pairId?"],
    ["Sticky_Checkout_Button", "Similar_Rings_As_Grid", "Promocode_Variation_Global"],
  ),
  // §2 /cart/{settingId?}/{variantId?}/{diamondId} (a shared cart link) and /checkout/… with the same segments.
  ...pages("cart", () => import("./routes/cart"), ["cart/:a?/:b?/:c?"], ["Lock_Price"]),
  ...pages("checkout", () => import("./routes/checkout"), ["checkout/:a?/:b?/:c?"]),
  // The marketer view (admin token only).
  ...pages("experiments", () => import("./routes/experiments"), ["experiments"]),
  ...pages("compare", () => import("./routes/compare"), ["compare"]),
  // Issue 20: the FAQ and the operator's content view (admin token only).
  ...pages("faq", () => import("./routes/faq"), ["faq"]),
  ...pages("content-admin", () => import("./routes/content-admin"), ["content"]),
  ...pages("gemologist-reviews", () => import("./routes/gemologist-reviews"), ["gemologist-reviews"]),
  // Issue 22: the operators' orders (admin token only).
  ...pages("operator-orders", () => import("./routes/operator-orders"), ["operator/orders"]),
  ...pages("operator-order", () => import("./routes/operator-order"), ["operator/orders/:n"]),
  // Issue 23: the operators' chat inbox (admin token only).
  ...pages("operator-conversations", () => import("./routes/operator-conversations"), ["operator/conversations"]),
  ...pages("not-found", () => import("./routes/not-found"), ["404"]),
  // §2 search pages of settings, bands and jewellery: each page, its semantic /s URL (filters in the query),
  // a saved searchId; collections (shared/settings/paths.ts lists them once).
  ...pages("setting-search", () => import("./routes/setting-search"), searchRoutePaths(), ["Promocode_Variation_Global"]),
  // §2 detail pages: settings, preset engagement rings, bands and fine jewellery.
  ...pages(
    "setting",
    () => import("./routes/setting"),
    ["setting/:id/:metalId?/:rt?", "fine-jewelry/:id/:metalId", "engagement-ring/:id/:metalId", "wedding-ring/:id/:metalId"],
    ["Sticky_Checkout_Button", "Similar_Rings_As_Grid", "Promocode_Variation_Global"],
  ),
  ...pages("complete-ring", () => import("./routes/complete-ring"), ["complete-ring/:metalId/:diamondId", "complete-earrings/:metalId/:diamondId"]),
  ...pages("viewer", () => import("./routes/viewer"), ["viewer"]),
  // §2 Accounts (issue 17): each page a module of its own; the email links' pages at the addresses emailed.
  ...pages("account-login", () => import("./routes/account-login"), ["login"]),
  ...pages("account-logout", () => import("./routes/account-logout"), ["logout"]),
  ...pages("account-sessions", () => import("./routes/account-sessions"), ["account"]),
  ...pages("account-link-facebook", () => import("./routes/account-link-facebook"), ["login/facebook/link"]),
  ...pages("account-register", () => import("./routes/account-register"), ["register"]),
  ...pages("account-confirm", () => import("./routes/account-confirm"), ["register/confirm"]),
  ...pages("account-forgot-password", () => import("./routes/account-forgot-password"), ["forgot-password"]),
  ...pages("account-reset", () => import("./routes/account-reset"), ["reset"]),
  ...pages("account-unsubscribe", () => import("./routes/account-unsubscribe"), ["unsubscribe"]),
  ...pages("account-unsubscribe-email", () => import("./routes/account-unsubscribe-email"), ["Home/UnsubscribeEmailAction"]),
  // §2 orders (issue 18): the return from payment, re-payment, custom payment requests and the email landing
  // (/orders/{slugUrl}: static segments rank first); My stuff's orders and the lookup without an account.
  ...pages("order-success", () => import("./routes/order-success"), ["orders/:n/success", "orders/:n/cart-success"]),
  ...pages("order-pay", () => import("./routes/order-pay"), ["orders/:n/pay"]),
  ...pages("order-re-payment", () => import("./routes/order-re-payment"), ["orders/re-payment/:n"]),
  ...pages("order-approve-payment", () => import("./routes/order-approve-payment"), ["orders/approve-payment/:n", "cart/approve-payment/:n"]),
  ...pages("order-missing-ring-size", () => import("./routes/order-missing-ring-size"), ["orders/missing-ring-size/:n"]),
  ...pages("order-landing", () => import("./routes/order-landing"), ["orders/:slugUrl"]),
  // Issue 22: an unavailable stone's substitutes (the emailed link's key, or the owner).
  ...pages("order-substitute", () => import("./routes/order-substitute"), ["orders/substitute/:n"]),
  ...pages("my-orders", () => import("./routes/my-orders"), ["my-stuff/orders"]),
  // §2 My stuff (issue 19): the wishlist, favourites, alerts (and an alert email's stones), recently viewed, reports.
  ...pages("my-stuff-wishlist", () => import("./routes/my-stuff-wishlist"), ["my-stuff"]),
  ...pages("my-stuff-favorite", () => import("./routes/my-stuff-favorite"), ["my-stuff/favorite"]),
  ...pages("my-stuff-items", () => import("./routes/my-stuff-items"), ["my-stuff/favorite-settings", "my-stuff/favorite-jewelry", "my-stuff/items"]),
  ...pages("my-stuff-alerts", () => import("./routes/my-stuff-alerts"), ["my-stuff/alerts"]),
  ...pages("my-stuff-recently-viewed", () => import("./routes/my-stuff-recently-viewed"), ["my-stuff/recently-viewed"]),
  ...pages("my-stuff-reports", () => import("./routes/my-stuff-reports"), ["my-stuff/reports"]),
  ...pages("my-orders-tracking", () => import("./routes/my-orders-tracking"), ["my-stuff/orders/login", "my-stuff/orders/tracking/:email?/:orderNumber?"]),
  // §2 Reports (issue 21): the landing with the report form, and the customer's report.
  ...pages("diamond-report", () => import("./routes/diamond-report"), ["diamond-report"]),
  ...pages("diamond-report-view", () => import("./routes/diamond-report-view"), ["diamond-report/:id"]),
  ...pages("reviews", () => import("./routes/reviews"), ["reviews"]),
  // §2 the retailer directory and metro pages (issue 20 point 5).
  ...pages("our-retailers", () => import("./routes/our-retailers"), ["our-retailers"]),
  ...pages("our-retailer", () => import("./routes/our-retailer"), ["our-retailers/:name"]),
  ...pages("metro", () => import("./routes/metro"), ["metro/:name"]),
  // §2 Main layout: Loupe's own pages (issue 20 point 3), texts in the content store (shared/content/pages.ts lists them).
  ...pages("content-page", () => import("./routes/content-page"), contentPageRoutePaths()),
  // §2 landing and shopping pages (issue 20): one data-driven module; setting and jewellery landing pages; site information.
  ...pages("landing", () => import("./routes/landing"), [...LANDING_ROUTE_PATHS]),
  ...pages("landing-slp", () => import("./routes/landing-slp"), ["settings/slp/:slp", "fine-jewelry/slp/:slp"]),
  ...pages("site-info", () => import("./routes/site-info"), ["our-data", "version", "active-promotions", "sitemap"]),
  ...pages("injector-test", () => import("./routes/injector-test"), ["injector-test"]),
  // §2 blog layout (issue 20): the three categories' lists and articles, the authors; the operator's article editor.
  ...pages("article-list", () => import("./routes/article-list"), ["blog/:sub?", "education/:sub?", "jewelry/:sub?"]),
  ...pages("article", () => import("./routes/article"), ["blog/:sub/:slug", "education/:sub/:slug", "jewelry/:sub/:slug"]),
  ...pages("authors", () => import("./routes/authors"), ["authors"]),
  ...pages("author", () => import("./routes/author"), ["author/:id"]),
  ...pages("content-articles", () => import("./routes/content-articles"), ["content/articles/:slug?"]),
  // §2 /quiz/{step?} (issue 21): the first step (indexed, a shared render) and the rest with the results.
  ...pages("quiz", () => import("./routes/quiz"), ["quiz"]),
  ...pages("quiz-step", () => import("./routes/quiz-step"), ["quiz/:step"]),
  // §2 after delivery (issue 22 point 5): the email's star links, the survey and leaving the review emails.
  ...pages("order-product-review", () => import("./routes/order-product-review"), ["orders/user-product-review/:rating/:reviewId/:key"]),
  ...pages("order-survey", () => import("./routes/order-survey"), ["orders/survey/:orderNumber"]),
  ...pages("order-review-unsubscribe", () => import("./routes/order-review-unsubscribe"), ["unsubscribe-user-review/:orderNumber/:orderKey"]),
  // §2 TD financing (issue 22): the lender's four return pages are one page; the lost account number's form (alias /recover).
  ...pages("order-td", () => import("./routes/order-td"), ["order/td/:outcome"]),
  ...pages("financing-account-lookup", () => import("./routes/financing-account-lookup"), ["financing-account-lookup"]),
];

// Each alias of §2 (e.g. /product ≡ /diamond) is a second route to the same module.
const ALIAS_PAGES: Page[] = PAGES.flatMap((p) =>
  ALIASES.filter((a) => p.path !== undefined && (`/${p.path}` === a.primary || `/${p.path}`.startsWith(`${a.primary}/`))).map((a) => ({
    ...p,
    id: `${p.id}-alias-${a.alias.slice(1)}`,
    path: a.alias.slice(1) + `/${p.path}`.slice(a.primary.length),
  })),
);

/** Id of the router's final catch-all route. */
export const CATCH_ALL_ID = "catch-all";

/** The source file (the Vite manifest's key) of a route's lazy module; server only. */
export function routeFile(id: string): string | undefined {
  const page = [...PAGES, ...ALIAS_PAGES].find((p) => p.id === id);
  return page && `client/routes/${page.module}.tsx`;
}

let experimentsByPath: { test: RouteObject[]; experiments: readonly string[] }[] | null = null;

/**
 * The experiments a page at this path renders differently on the server: the layout's and the page's.
 * Only their variants go into the page (the root loader's data) and into the key of a shared render, so
 * a page shared across visitors shows each one the variants it would have rendered for them, and the
 * other experiments do not multiply the cached copies (docs/decisions/009-experiments.md). Server only.
 */
export function renderedExperiments(pathname: string): string[] {
  experimentsByPath ??= [...PAGES, ...ALIAS_PAGES]
    .filter((p) => p.experiments?.length)
    .map((p) => ({ test: [{ id: p.id, path: p.path, index: p.index }] as RouteObject[], experiments: p.experiments! }));
  const out = new Set(LAYOUT_EXPERIMENTS);
  for (const p of experimentsByPath) if (matchRoutes(p.test, pathname)) for (const e of p.experiments) out.add(e);
  return [...out];
}

/** A fresh route tree (the browser router mutates lazy routes as they load). */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: "root",
      path: "/",
      Component: Root,
      ErrorBoundary: RootErrorBoundary,
      loader: rootLoader,
      shouldRevalidate: shouldRevalidateRoot,
      children: [
        ...[...PAGES, ...ALIAS_PAGES].map(({ id, path, index, lazy }): RouteObject => (index ? { id, index, lazy } : { id, path, lazy })),
        // The router's final catch-all: the server answers unknown page paths with a 301 to / (§2) before the
        // router runs, so this renders during client-side navigation only.
        { id: CATCH_ALL_ID, path: "*", Component: CatchAll, handle: { flags: { preventRobots: true }, meta: () => ({ title: "Page not found — Loupe" }) } },
      ],
    },
  ];
}
