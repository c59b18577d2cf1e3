/**
 * The route tree (React Router data routers), used by the server (static handler) and the browser
 * (browser router). Pages are lazy route modules — one chunk each — exporting `Component`, `loader` and
 * `handle`. Each alias of §2 (e.g. /product ≡ /diamond) is a second route to the same module.
 */
import { matchRoutes, type RouteObject } from "react-router";
import { ALIASES } from "#shared/redirects.ts";
import { CatchAll } from "./components/not-found";
import { Root, RootErrorBoundary, rootLoader, shouldRevalidateRoot } from "./root";

interface Page {
  id: string;
  path?: string;
  index?: true;
  /** Source file (the key of the Vite manifest), so the server can preload the page's chunk. */
  file: string;
  lazy: NonNullable<RouteObject["lazy"]>;
  /** Experiments whose variant changes this page's server-rendered HTML (see renderedExperiments). */
  experiments?: readonly string[];
}

/** Experiments whose variant changes the layout (header, banners) of every page. */
const LAYOUT_EXPERIMENTS: readonly string[] = ["Hide_Tariff_Alert_V2"];

const PAGES: Page[] = [
  { id: "home", index: true, file: "client/routes/home.tsx", lazy: () => import("./routes/home") },
  { id: "diamond-search", path: "diamond-search", file: "client/routes/diamond-search.tsx", lazy: () => import("./routes/diamond-search") },
  // §2: the semantic search URL, a saved search (searchId, with the optional slp and guid segments) and landing pages.
  { id: "diamond-search-s", path: "diamond-search/s", file: "client/routes/diamond-search.tsx", lazy: () => import("./routes/diamond-search") },
  { id: "diamond-search-saved", path: "diamond-search/:searchId/:slp?/:guid?", file: "client/routes/diamond-search.tsx", lazy: () => import("./routes/diamond-search") },
  { id: "diamond-landing", path: "diamonds/slp/:slp", file: "client/routes/diamond-search.tsx", lazy: () => import("./routes/diamond-search") },
  {
    id: "diamond",
    path: "diamond/:id/:slug?/:pairId?",
    file: "client/routes/diamond.tsx",
    lazy: () => import("./routes/diamond"),
    experiments: ["Sticky_Checkout_Button", "Similar_Rings_As_Grid", "Promocode_Variation_Global"],
  },
  // §2 /cart/{settingId?}/{variantId?}/{diamondId}: the cart, and a shared cart link (client/routes/cart.tsx).
  { id: "cart", path: "cart/:a?/:b?/:c?", file: "client/routes/cart.tsx", lazy: () => import("./routes/cart"), experiments: ["Lock_Price"] },
  // §2 /checkout/{settingId?}/{variantId?}/{diamondId}: checkout (client/routes/checkout.tsx).
  { id: "checkout", path: "checkout/:a?/:b?/:c?", file: "client/routes/checkout.tsx", lazy: () => import("./routes/checkout") },
  // The marketer view (admin token only; client/routes/experiments.tsx).
  { id: "experiments", path: "experiments", file: "client/routes/experiments.tsx", lazy: () => import("./routes/experiments") },
  { id: "compare", path: "compare", file: "client/routes/compare.tsx", lazy: () => import("./routes/compare") },
  { id: "not-found", path: "404", file: "client/routes/not-found.tsx", lazy: () => import("./routes/not-found") },
];

const ALIAS_PAGES: Page[] = PAGES.flatMap((p) =>
  ALIASES.filter((a) => p.path !== undefined && (`/${p.path}` === a.primary || `/${p.path}`.startsWith(`${a.primary}/`))).map((a) => ({
    ...p,
    id: `${p.id}-alias-${a.alias.slice(1)}`,
    path: a.alias.slice(1) + `/${p.path}`.slice(a.primary.length),
  })),
);

/** Id of the router's final catch-all route. */
export const CATCH_ALL_ID = "catch-all";

/** Route id → source file of its lazy module. */
export const ROUTE_FILES: Readonly<Record<string, string>> = Object.fromEntries([...PAGES, ...ALIAS_PAGES].map((p) => [p.id, p.file]));

const EXPERIMENTS_BY_PATH: { test: RouteObject[]; experiments: readonly string[] }[] = [...PAGES, ...ALIAS_PAGES]
  .filter((p) => p.experiments?.length)
  .map((p) => ({ test: [{ id: p.id, path: p.path, index: p.index }] as RouteObject[], experiments: p.experiments! }));

/**
 * The experiments a page at this path renders differently on the server: the layout's and the page's.
 * Only their variants go into the page (the root loader's data) and into the key of a shared render, so
 * a page shared across visitors shows each one the variants it would have rendered for them, and the
 * other experiments do not multiply the cached copies (docs/decisions/009-experiments.md).
 */
export function renderedExperiments(pathname: string): string[] {
  const out = new Set(LAYOUT_EXPERIMENTS);
  for (const p of EXPERIMENTS_BY_PATH) if (matchRoutes(p.test, pathname)) for (const e of p.experiments) out.add(e);
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
