/**
 * The shop's page types for the accessibility and phone tests (tests/e2e/accessibility.test.ts, phone.test.ts): how
 * to reach an example of each from a fixed path, and what a phone shows in its first screen. Add a new page type here (a fixed path, or the links and actions that reach it).
 */
import type { Page } from "playwright-core";
import { url } from "./browser";
import { deliveredOrder, freshReviewEmail } from "./delivered-order";
import { linkFromOutbox } from "./outbox";
import { openMissingRingSizePage } from "./ring-size";
import { openChatOnHome } from "./chat";
import { operatorPage } from "./operator-login";
import { substituteOfNewOrder } from "./substitute";

/** What the browser sends with its own posts: the site's origin (the worker refuses a credentialed post without it). */
const sameSite = () => ({ origin: url("").replace(/\/$/, "") });

/** A step from a page to the next: a link to follow (a CSS selector: the first match's href is opened), or an action. */
export type Step = string | ((page: Page) => Promise<void>);

/** A page type and how to reach an example of it. */
export interface PageType {
  name: string;
  /** Where to start. */
  path: string;
  /** Steps from there to the example, in order. */
  via?: readonly Step[];
  /** The example's address (checked before axe runs, so a changed link cannot test the wrong page). */
  expect?: RegExp;
  /**
   * What a phone shows without scrolling (issue 24): CSS selectors whose first match's box must start inside the
   * first screen at 390 × 844 (0 ≤ top < 844, in the document, so a restored scroll position cannot help).
   * tests/e2e/phone.test.ts checks them; unset, nothing is checked.
   */
  firstScreen?: readonly string[];
}

/** CSS selectors of a detail page's four parts; each matches one element on every detail page (the first match is the one). */
export const DETAIL_PARTS = {
  title: "main h1",
  /** The diamond's or item's price; on the complete ring page, the total beside Add to cart. */
  price: "main .detail-main > .detail-price, main .cr-checkout [data-testid=complete-total]",
  picture: "main .diamond-figure img, main .sd-main-image, main .cr-setting img",
  /** Add to cart, Add the pair to cart, Choose this setting, Complete your ring, Choose a pair of diamonds. */
  button: "main .detail-main > .add-to-cart button, main .detail-main > .sd-buy button, main .detail-main > a.sd-button, main .cr-checkout button[type=submit]",
} as const;

/** What a detail page shows in its first screen on a phone (issue 24 point 3). */
const DETAIL_FIRST_SCREEN = Object.values(DETAIL_PARTS);
/** A search page's first screen on a phone (issue 24 point 1): the count, the Filters button and the first result. */
const searchFirstScreen = (card: string) => [".search-bar .result-count", "summary.filters-button", card];

const CARD = "main a.setting-card-link";
const DIAMOND_CARD = "main .diamond-grid a[href*='/diamond/']";

/** Adds the diamond whose page is open to the cart (the form post lands on /cart); by keyboard, as on any screen width. */
async function addToCart(page: Page): Promise<void> {
  await page
    .getByRole("button", { name: /^Add (the pair )?to cart$/ })
    .first()
    .press("Enter");
  await page.waitForURL(/\/cart$/);
}

/** Chooses the ring setting whose page is open: the ring builder goes on to the diamond search for its shapes. */
async function chooseSetting(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Choose this setting" }).first().press("Enter");
  await page.waitForURL(/\/diamond-search\/s\?/);
}

/** Answers the quiz's last step: its form post lands on the results. */
async function finishQuiz(page: Page): Promise<void> {
  await page.getByRole("radio", { name: "A balance of all three", exact: true }).check();
  await page.getByRole("button", { name: "See my diamonds" }).press("Enter");
  await page.waitForURL(/\/quiz\/results\?/);
}

/**
 * Signs a new confirmed account in and makes a report on a stone seen elsewhere from the landing's form (the
 * report page is a customer's own). Last in the list: the browser stays signed in.
 */
async function reportOfNewCustomer(page: Page): Promise<void> {
  const email = `a11y-report-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "reports for every screen";
  const res = await page
    .context()
    .request.post(url("/api/accounts/v1/register"), { headers: sameSite(), data: { firstName: "Ada", lastName: "Byron", email, password } });
  if (res.status() !== 200) throw new Error(`register: HTTP ${res.status()}`);
  await page.goto(url(await linkFromOutbox(page, email, "/register/confirm")));
  await page.goto(url("/login?returnUrl=%2Fdiamond-report"));
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password", { exact: true }).fill(password);
  await signIn.getByRole("button", { name: "Sign in" }).press("Enter");
  await page.waitForURL(/\/diamond-report$/);
  const form = page.getByRole("form", { name: "A stone seen elsewhere" });
  await form.getByLabel("Origin").selectOption("natural");
  await form.getByLabel("Shape").selectOption("1");
  await form.getByLabel("Carat").fill("1.00");
  await form.getByLabel("Colour").selectOption("4");
  await form.getByLabel("Clarity").selectOption("5");
  await form.getByLabel("Depth %").fill("61.5");
  await form.getByLabel("Table %").fill("57");
  await form.getByLabel("Price (USD)").fill("5200");
  await form.getByRole("button", { name: "Get my report" }).press("Enter");
  await page.waitForURL(/\/diamond-report\/\d+$/);
}

let reviewEmail: Promise<string> | undefined;
/** Opens a link of a delivered order's review invitation (one order, made the first time, for the three pages). */
function reviewLink(path: string): Step {
  return async (page: Page) => {
    reviewEmail ??= (async () => {
      const email = freshReviewEmail("a11y");
      await deliveredOrder(email);
      return email;
    })();
    await page.goto(url(await linkFromOutbox(page, await reviewEmail, path)));
  };
}

/**
 * Places an order from a browser context of its own (the checking browser's cart stays as it is; the order waits
 * for its payment) and opens it in the operator's view (the admin session comes from the step before).
 */
async function unpaidOrderInOperatorView(page: Page): Promise<void> {
  const shopper = await page.context().browser()!.newContext();
  try {
    const api = shopper.request;
    await api.get(url("/api/cart"));
    const found = await api.post(url("/api/diamonds2"), { data: { pageSize: 20, priceMin: 1000, priceMax: 8000 } });
    const { diamonds } = (await found.json()) as { diamonds: { id: number }[] };
    const email = `a11y-operator-${Date.now().toString(36)}@example.com`;
    const address = { name: "Ada Shopper", line1: "1 Congress Ave", city: "Austin", state: "TX", postalCode: "78701", countryCode: "US", email };
    for (const data of [
      { type: "add-diamond", diamondId: diamonds[Math.floor(Math.random() * diamonds.length)]!.id },
      { type: "set-addresses", shippingAddress: address, billingSameAsShipping: true },
      { type: "set-payment-method", paymentMethod: "wire" },
    ])
      await api.post(url("/api/cart"), { data });
    const placed = (await (await api.post(url("/api/orders"))).json()) as { order: { orderNumber: string } };
    await page.goto(url(`/operator/orders/${placed.order.orderNumber}`));
  } finally {
    await shopper.close();
  }
}

/**
 * Every page type of the shop (the experiments view is admin-only and not a shopper's page). They run in
 * order in one browser per mode: the cart pages come before the ring builder adds a setting.
 */
export const PAGE_TYPES: readonly PageType[] = [
  { name: "home", path: "/", firstScreen: ["header .header-cart", "header details.menu summary", "main h1"] },
  { name: "diamond search", path: "/diamond-search", firstScreen: searchFirstScreen(DIAMOND_CARD) },
  { name: "diamond", path: "/diamond-search", via: [DIAMOND_CARD], expect: /\/diamond\/\d+\//, firstScreen: DETAIL_FIRST_SCREEN },
  { name: "setting search", path: "/setting-search", firstScreen: searchFirstScreen(CARD) },
  { name: "wedding band search", path: "/wedding-rings", firstScreen: searchFirstScreen(CARD) },
  { name: "jewellery search", path: "/jewelry-search/bracelets", firstScreen: searchFirstScreen(CARD) },
  { name: "setting", path: "/setting-search", via: [CARD], expect: /\/setting\/\d+\/\d+$/, firstScreen: DETAIL_FIRST_SCREEN },
  { name: "wedding band", path: "/wedding-rings", via: [CARD], expect: /\/\d+\/\d+$/, firstScreen: DETAIL_FIRST_SCREEN },
  { name: "jewellery", path: "/jewelry-search/bracelets", via: [CARD], expect: /\/fine-jewelry\/\d+\/\d+$/, firstScreen: DETAIL_FIRST_SCREEN },
  { name: "empty cart", path: "/cart" },
  {
    name: "cart with an item",
    path: "/diamond-search",
    via: [DIAMOND_CARD, addToCart],
    expect: /\/cart$/,
    // Issue 24 point 4: the line, the total and Checkout in the first screen (the last two in the fixed bottom bar).
    firstScreen: ["main .cart-line", ".checkout-link .bar-total strong", ".checkout-link .button"],
  },
  { name: "checkout", path: "/checkout", expect: /\/checkout$/, firstScreen: ["main h1", ".order-bar .bar-total strong", ".order-bar button"] },
  { name: "compare", path: "/compare" },
  { name: "login", path: "/login" },
  { name: "register", path: "/register" },
  { name: "forgot password", path: "/forgot-password" },
  { name: "my stuff (signed out)", path: "/my-stuff" },
  { name: "not found", path: "/diamond/999999999" },
  { name: "ring viewer", path: "/viewer?style=halo&metal=6&shape=oval" },
  // Content (issue 20): the home page's data, FAQ, articles, authors, reviews, Loupe's own pages, landing and data pages, retailers.
  { name: "faq", path: "/faq" },
  { name: "article list", path: "/education" },
  { name: "article list, page 2", path: "/education?page=2" },
  { name: "article", path: "/education", via: ["main .article-card h2 a, main .article-card a"], expect: /\/education\/[a-z0-9-]+\/[a-z0-9-]+$/ },
  { name: "authors", path: "/authors" },
  { name: "author", path: "/authors", via: ["main a[href^='/author/']"], expect: /\/author\/[a-z-]+$/ },
  { name: "reviews", path: "/reviews" },
  { name: "content page", path: "/about" },
  { name: "policy", path: "/privacy" },
  { name: "gemologist contact", path: "/jewelry-care-plan/chat" },
  { name: "team", path: "/team" },
  { name: "landing", path: "/diamonds" },
  { name: "setting landing", path: "/settings/slp/halo-settings-in-rose-gold" },
  { name: "our data", path: "/our-data" },
  { name: "sitemap", path: "/sitemap" },
  { name: "active promotions", path: "/active-promotions" },
  { name: "retailers", path: "/our-retailers", expect: /\/our-retailers$/ },
  { name: "metro area", path: "/metro/new-york" },
  { name: "retailer", path: "/our-retailers", via: ["main a[href^='/our-retailers/']"], expect: /\/our-retailers\/[a-z0-9-]+$/ },
  // The quiz (issue 21): a step, a step with a problem beside its field, and the results (the last step's form post).
  { name: "quiz", path: "/quiz" },
  { name: "quiz step with a problem", path: "/quiz/shape?budget=6000&go=1" },
  {
    name: "quiz results",
    path: "/quiz/priority?budget=6000&shape=round&origin=natural&style=solitaire",
    via: [finishQuiz],
    expect: /\/quiz\/results\?searchId=/,
  },
  {
    name: "complete ring",
    path: "/setting-search",
    via: [CARD, chooseSetting, DIAMOND_CARD, "main a[href^='/complete-ring/']"],
    expect: /\/complete-ring\/\d+\/\d+\?setting=\d+$/,
    firstScreen: DETAIL_FIRST_SCREEN,
  },
  // After delivery (issue 22 point 5): the email's star link, the survey, leaving the review emails.
  { name: "product review", path: "/", via: [reviewLink("/orders/user-product-review/5/")], expect: /\/orders\/user-product-review\/5\/rr[0-9a-f]{16}\// },
  { name: "order survey", path: "/", via: [reviewLink("/orders/survey/")], expect: /\/orders\/survey\/LP\d{10}\?key=/ },
  { name: "unsubscribe review emails", path: "/", via: [reviewLink("/unsubscribe-user-review/")], expect: /\/unsubscribe-user-review\/LP\d{10}\// },
  // TD financing (issue 22): the lost account number's form.
  { name: "financing account lookup", path: "/financing-account-lookup" },
  // After the order (issue 22): an unavailable stone's substitutes (a paid order made through the API, its stone marked unavailable).
  { name: "substitute", path: "/", via: [substituteOfNewOrder], expect: /\/orders\/substitute\/LP\d{10}$/ },
  // The operators' orders (signed in through the local login form): the list, and an order waiting for its wire with its action forms.
  { name: "operator orders", path: "/", via: [operatorPage("/operator/orders")], expect: /\/operator\/orders$/ },
  {
    name: "operator order",
    path: "/",
    via: [operatorPage("/operator/orders"), unpaidOrderInOperatorView],
    expect: /\/operator\/orders\/LP\d{10}$/,
  },
  // Diamond reports (issue 21): the landing, then (signed in from here on) a report.
  { name: "diamond report landing", path: "/diamond-report" },
  { name: "diamond report", path: "/diamond-report", via: [reportOfNewCustomer], expect: /\/diamond-report\/\d+$/ },
  // Issue 22: a paid ring ordered without its size, opened from its email (the order empties the cart).
  { name: "missing ring size", path: "/", via: [openMissingRingSizePage], expect: /\/orders\/missing-ring-size\/LP\d{10}\?key=/ },
  // Issue 23: the operators' chat inbox (admin token), and the concierge chat's panel open on the home page (last: it
  // installs Playwright's clock to let the 10 s delay pass).
  { name: "operator conversations", path: "/", via: [operatorPage("/operator/conversations")], expect: /\/operator\/conversations$/ },
  { name: "concierge chat", path: "/", via: [openChatOnHome], expect: /\/$/ },
];
