import "./styles.css";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { RouterContextProvider, createBrowserRouter, matchRoutes, type HydrationState } from "react-router";
import { RouterProvider } from "react-router/dom";
import { cartContext, catalogueContext, type CartService } from "./context";
import { clientCatalogue } from "./catalogue-client";
import { createRoutes } from "./routes";

declare global {
  interface Window {
    /** Written by the server's StaticRouterProvider. */
    __staticRouterHydrationData?: HydrationState;
  }
}

/**
 * Hydrates the server-rendered page: the matched lazy route modules are loaded first (their code is
 * already preloaded by the server's modulepreload links), so the first client render equals the server's.
 */
/** The cart calls, loaded with the first page that uses them (the cart page's chunk), not with every page. */
const cart = () => import("./cart-client").then((m) => m.clientCart);
const lazyCart: CartService = {
  get: async () => (await cart()).get(),
  change: async (intent) => (await cart()).change(intent),
  lockPrice: async () => (await cart()).lockPrice(),
  draftOrder: async () => (await cart()).draftOrder(),
};

async function hydrate() {
  const routes = createRoutes();
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const routeModule = await (m.route.lazy as () => Promise<object>)();
      Object.assign(m.route, { ...routeModule, lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes, {
    hydrationData: window.__staticRouterHydrationData,
    getContext: () => {
      const context = new RouterContextProvider();
      context.set(catalogueContext, clientCatalogue);
      context.set(cartContext, lazyCart);
      return context;
    },
  });
  hydrateRoot(
    document.getElementById("root")!,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void hydrate();
