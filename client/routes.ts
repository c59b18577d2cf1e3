import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { ALIASES } from "../shared/redirects";

/** Page routes. Each alias of §2 (e.g. /product ≡ /diamond) is registered as a second route to the same module. */
const pages = [
  { path: "diamond-search", file: "routes/diamond-search.tsx", id: "diamond-search" },
  { path: "diamond/:id/:slug?/:pairId?", file: "routes/diamond.tsx", id: "diamond" },
  { path: "404", file: "routes/not-found.tsx", id: "not-found" },
];

const aliasRoutes = pages.flatMap((p) =>
  ALIASES.filter((a) => `/${p.path}` === a.primary || `/${p.path}`.startsWith(`${a.primary}/`)).map((a) =>
    route(a.alias.slice(1) + `/${p.path}`.slice(a.primary.length), p.file, { id: `${p.id}-alias-${a.alias.slice(1)}` }),
  ),
);

export default [
  index("routes/home.tsx", { id: "home" }),
  ...pages.map((p) => route(p.path, p.file, { id: p.id })),
  ...aliasRoutes,
  // The router's final catch-all (client-side navigation to an unknown path) renders the not-found page.
  route("*", "routes/catch-all.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
