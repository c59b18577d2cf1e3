// First: the one-time local storage reset (§4, v3) runs before any state module reads localStorage.
import "./state/session";
import "./styles.css";
import "./styles-content.css";
import "./styles-quiz.css";
import "./styles-deal.css";
import "./styles-reports.css";
import "./styles-order-reviews.css";
import "./styles-order-care.css";
import "./styles-operator.css";
import "./styles-chat.css";
import "./styles-notifications.css";
import "./styles-search-phone.css";
import "./styles-phone-cart.css";
import "./styles-phone-detail.css";
import "./styles-phone-chrome.css";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { RouterContextProvider, createBrowserRouter, matchRoutes, type HydrationState } from "react-router";
import { RouterProvider } from "react-router/dom";
import { cartContext, catalogueContext, type CartService, type CatalogueService } from "./context";
import { createRoutes } from "./routes";

declare global {
  interface Window {
    /** Written by the server's StaticRouterProvider. */
    __staticRouterHydrationData?: HydrationState;
  }
}

/**
 * A service whose code loads with its first call: every method of the proxy awaits the module, then
 * calls the real method. The API clients (catalogue, cart) stay out of the entry chunk and out of the
 * pages' preloads; a page's first request loads them.
 */
function lazyService<T extends object>(load: () => Promise<T>): T {
  return new Proxy({} as T, {
    // Not a thenable: `then` stays undefined, so returning the service from an async function is safe.
    get: (_, method) =>
      method === "then" ? undefined : async (...args: unknown[]) => ((await load()) as Record<PropertyKey, (...a: unknown[]) => unknown>)[method]!(...args),
  });
}
const lazyCatalogue = lazyService<CatalogueService>(() => import("./catalogue-client").then((m) => m.clientCatalogue));
const lazyCart = lazyService<CartService>(() => import("./cart-client").then((m) => m.clientCart));

/** Lets the browser run (paint, handle input) before the next step: each step is a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Hydrates the server-rendered page: the matched lazy route modules are loaded first (their code is
 * already preloaded by the server's modulepreload links), so the first client render equals the server's.
 * Evaluating the entry, matching the routes, creating the router and hydrating are separate tasks, none long.
 */
async function hydrate() {
  await nextTask();
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
      context.set(catalogueContext, lazyCatalogue);
      context.set(cartContext, lazyCart);
      return context;
    },
  });
  await nextTask();
  // As a transition, hydration is time-sliced: React yields to the browser every few milliseconds instead
  // of hydrating the whole page in one long task (Lighthouse's Total Blocking Time; input stays responsive).
  startTransition(() => {
    hydrateRoot(
      document.getElementById("root")!,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

void hydrate();
