/**
 * The services behind the page loaders (client/context.ts), set for each request by this middleware: the
 * visitor, the catalogue, the cart, the content store, the marketer view, the account, the orders and my stuff, as named modules in
 * worker/loaders/. The SSR handler only renders with them.
 */
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { RouterContextProvider } from "react-router";
import { cartContext, catalogueContext, visitorContext } from "#client/context.ts";
import { contentContext } from "#client/content-context.ts";
import { contentPagesContext } from "#client/content-pages-context.ts";
import { accountContext } from "#client/account-context.ts";
import { orderContext } from "#client/order-context.ts";
import { myStuffContext } from "#client/my-stuff-context.ts";
import { reportsContext } from "#client/reports-context.ts";
import { gemologistReviewsContext } from "#client/gemologist-reviews-context.ts";
import { operatorOrdersContext } from "#client/operator-orders-context.ts";
import { reviewsContext } from "#client/reviews-context.ts";
import { retailersContext } from "#client/retailers-context.ts";
import { landingContext } from "#client/landing-context.ts";
import { contentAdminContext, informationContext } from "#client/information-context.ts";
import { articlesContext } from "#client/articles-context.ts";
import { quizContext } from "#client/quiz-context.ts";
import { ringSizeContext } from "#client/ring-size-context.ts";
import { tdFinanceContext } from "#client/td-context.ts";
import { orderCareContext } from "#client/order-care-context.ts";
import { marketerContext } from "#client/experiments/marketer.ts";
import { orderReviewsContext } from "#client/order-reviews-context.ts";
import { operatorConversationsContext } from "#client/operator-conversations-context.ts";
import { renderedExperiments } from "#client/entry.server";
import { trafficAlert } from "../content/alerts";
import type { AppEnv } from "../env";
import { serverArticles } from "../loaders/articles";
import { serverCart } from "../loaders/cart";
import { serverCatalogue } from "../loaders/catalogue";
import { serverLanding } from "../loaders/landing";
import { serverMarketer } from "../loaders/marketer";
import { serverMyStuff } from "../loaders/my-stuff";
import { serverReports } from "../loaders/reports";
import { serverGemologistReviews } from "../loaders/gemologist-reviews";
import { serverOperatorOrders } from "../loaders/operator-orders";
import { serverContentAdmin, serverInformation } from "../loaders/information";
import { serverOrders } from "../loaders/orders";
import { serverReviews } from "../loaders/reviews";
import { serverRetailers } from "../loaders/retailers";
import { serverContentPages } from "../loaders/pages";
import { serverQuiz } from "../loaders/quiz";
import { serverRingSize } from "../loaders/ring-size";
import { serverOrderReviews } from "../loaders/order-reviews";
import { serverTdFinance } from "../loaders/td";
import { serverOrderCare } from "../loaders/order-care";
import { serverOperatorConversations } from "../loaders/operator-conversations";
import { orderAccess } from "./order-access";
import { accountServiceOf } from "./account";
import { isAdmin, operatorOf } from "./admin";
import { shopperOf } from "./shopper";
import { siteOrigin } from "../platform/config";

export interface LoaderVariables {
  /** The router context the page's loaders and actions read (React Router's RouterContextProvider). */
  loaderContext: RouterContextProvider;
  /** Only the variants this page renders differently (they also key its shared render). */
  pageVariants: Record<string, 0 | 1>;
}

/** Sets `loaderContext` and `pageVariants` for the page render that follows. */
export function loaderServices() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const all = c.get("variants");
    const variants = Object.fromEntries(renderedExperiments(url.pathname).map((name) => [name, all[name] ?? 0]));
    const waitUntil = (p: Promise<unknown>) => c.executionCtx.waitUntil(p);
    const context = new RouterContextProvider();
    context.set(visitorContext, {
      requestId: c.get("requestId"),
      visitorId: c.get("visitorId"),
      isNewUser: c.get("isNewUser"),
      fromSearchEngine: c.get("fromSearchEngine"),
      theme: c.get("theme"),
      platform: c.get("platform"),
      countryCode: c.get("geo").countryCode,
      regionCode: c.get("geo").regionCode,
      variants,
    });
    context.set(catalogueContext, serverCatalogue({ env: c.env, variants: all, waitUntil }));
    context.set(contentContext, { trafficAlert: (id) => trafficAlert(c.env.DB, id) });
    context.set(
      marketerContext,
      serverMarketer(c.env, c.get("assignments"), siteOrigin(c.env), () => isAdmin(c)),
    );
    context.set(cartContext, serverCart(c.env, await shopperOf(c)));
    context.set(accountContext, accountServiceOf(c));
    context.set(
      orderContext,
      serverOrders({
        env: c.env,
        shopper: () => shopperOf(c),
        user: async () => (await c.get("session")())?.user ?? null,
        origin: siteOrigin(c.env),
        ip: c.req.header("cf-connecting-ip") ?? "unknown",
        now: Date.now,
        waitUntil,
      }),
    );
    context.set(myStuffContext, serverMyStuff({ env: c.env, user: async () => (await c.get("session")())?.user ?? null, now: Date.now }));
    context.set(reportsContext, serverReports({ env: c.env, user: async () => (await c.get("session")())?.user ?? null, now: Date.now }));
    context.set(reviewsContext, serverReviews(c.env.DB));
    context.set(retailersContext, serverRetailers(c.env));
    context.set(contentPagesContext, serverContentPages({ db: c.env.DB, now: Date.now }));
    context.set(landingContext, serverLanding(c.env));
    context.set(informationContext, serverInformation(c.env, all, Date.now));
    context.set(
      contentAdminContext,
      serverContentAdmin(c.env, () => isAdmin(c), Date.now),
    );
    context.set(
      gemologistReviewsContext,
      serverGemologistReviews(c.env, () => isAdmin(c), { origin: siteOrigin(c.env), now: Date.now, waitUntil: (p) => c.executionCtx.waitUntil(p) }),
    );
    context.set(
      operatorOrdersContext,
      serverOperatorOrders(c.env, () => operatorOf(c), {
        origin: siteOrigin(c.env),
        now: Date.now,
        waitUntil,
        cookie: (name) => getCookie(c, name),
        setCookie: (header) => c.get("sessionCookies").push(header),
      }),
    );
    context.set(
      articlesContext,
      serverArticles(c.env, () => isAdmin(c)),
    );
    context.set(
      quizContext,
      serverQuiz({
        env: c.env,
        now: Date.now,
        userId: async () => (await c.get("session")())?.user.id ?? null,
        cookie: (name) => getCookie(c, name),
        setCookie: (header) => c.get("sessionCookies").push(header),
        origin: siteOrigin(c.env),
        ip: c.req.header("cf-connecting-ip") ?? "unknown",
        waitUntil,
      }),
    );
    context.set(ringSizeContext, serverRingSize(c.env, Date.now));
    context.set(orderReviewsContext, serverOrderReviews({ env: c.env, now: Date.now }));
    context.set(
      tdFinanceContext,
      serverTdFinance({
        env: c.env,
        origin: siteOrigin(c.env),
        ip: c.req.header("cf-connecting-ip") ?? "unknown",
        now: Date.now,
        waitUntil,
        // The account number lookup's order: its key or its own shopper (docs/decisions/052-order-ownership.md).
        lookupOrder: (orderNumber, key) => orderAccess(c, orderNumber, { key, operator: false }),
        userId: async () => (await c.get("session")())?.user.id ?? null,
      }),
    );
    context.set(
      orderCareContext,
      serverOrderCare({
        env: c.env,
        caller: async () => {
          const [who, session] = await Promise.all([shopperOf(c), c.get("session")()]);
          return { visitorId: who.visitorId, userGuid: session?.user.userGuid ?? null, userId: session?.user.id ?? null };
        },
        origin: siteOrigin(c.env),
        now: Date.now,
        waitUntil,
      }),
    );
    context.set(
      operatorConversationsContext,
      serverOperatorConversations(c.env, () => isAdmin(c), {
        origin: siteOrigin(c.env),
        now: Date.now,
        waitUntil,
        cookie: (name) => getCookie(c, name),
        setCookie: (header) => c.get("sessionCookies").push(header),
        ip: c.req.header("cf-connecting-ip") ?? "unknown",
      }),
    );
    c.set("loaderContext", context);
    c.set("pageVariants", variants);
    await next();
  });
}
