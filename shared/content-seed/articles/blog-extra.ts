/**
 * Seed articles for the blog (more): saved searches and price alerts (news) and setting a ring budget (buying guides).
 */
import type { ArticleSeed } from "./types";

/** Alerts explainer (blog / news) and the budget guide (blog / buying-guides). */
export const BLOG_EXTRA: readonly ArticleSeed[] = [
  {
    slug: "saved-searches-and-price-alerts",
    title: "Saved searches and price alerts: let the stones come to you",
    description:
      "Save any diamond search and Loupe emails you when new stones match it or a favorite's price drops. How alerts work, how often and how to stop them.",
    category: "blog",
    subcategory: "news",
    author: "samuel-achebe",
    published: "2026-06-15",
    legacy: ["/blog/diamond-price-alerts", "/blog/save-your-diamond-search"],
    body: `## Why alerts help

Finding the right diamond can take weeks. New stones are listed by retailers all the time, and prices move, so the perfect match for your search may not exist today but may appear next Tuesday. Rather than running the same search every morning, you can ask Loupe to watch for you.

## Save a search

Any search on [diamond search](/diamond-search) can be kept with **Save search & alert me**. The saved search remembers your filters: shape, carat range, color, clarity, cut, origin, price and the rest. You can save several, for example one for natural ovals and one for lab-grown ovals, and switch each alert on or off separately in [my stuff](/my-stuff/alerts).

You do not need an account to start: you can ask for an alert with just an email address, and create a full account later if you want to keep favorites across devices.

## What you are told about

### New stones that match

About once an hour, Loupe checks newly listed stones against every saved search with its alert switched on. Each matching stone is recorded once for that search, so you are not told about the same diamond twice.

### Price drops on favorites

Tap the heart on a diamond to make it a favorite (settings and jewelry have hearts too). If the retailer's price for a favorite diamond falls meaningfully (a drop of at least 2% or $100 counts), it appears among your price drops. Small day-to-day wobbles are not reported.

## How often you hear from us

However many searches and favorites you have, you receive **at most one digest email per hourly run**, and only when there is something new to report. Each email links straight to the stones, so you can look at them without signing in. Every email has a one-click unsubscribe link, and you can switch individual alerts off at any time.

## What an alert does not do

An alert tells you that a stone exists or that a price has changed. It does not reserve the stone or hold its price: diamonds sell, and retailers update prices. If you find the one, add it to your cart and use a [price lock](/blog/buying-guides/price-locks-and-comparing-retailers) to hold your cart's total for 72 hours while you decide.

## When a favorite sells

If a favorite diamond sells, it stays in your list marked as sold, so you know what happened, and Loupe suggests up to five similar stones that are still available. Our explainer on [how Loupe gathers its data](/blog/news/how-loupe-gathers-diamond-data) describes how we learn that a stone has sold.

## Tips for useful alerts

1. **Be specific, but not too specific.** A search for one exact carat weight and grade may rarely match; a sensible range brings more candidates.
2. **Use the grades that matter to you.** Our [4Cs guides](/education/diamond-4cs) explain where you can relax a grade without seeing a difference.
3. **Keep separate searches for natural and lab-grown** if you are still deciding between them; see [lab-grown or natural](/education/lab-grown/lab-grown-vs-natural-diamonds).
4. **Prune old searches** once you have bought, so your inbox stays quiet.

Questions about accounts, emails and privacy are answered in the [FAQ](/faq).`,
  },
  {
    slug: "setting-an-engagement-ring-budget",
    title: "Setting an engagement ring budget you are comfortable with",
    description:
      "Forget salary rules of thumb. A practical way to set an engagement ring budget, split it between diamond and setting and get the most from every dollar.",
    category: "blog",
    subcategory: "buying-guides",
    author: "samuel-achebe",
    published: "2026-08-03",
    legacy: ["/blog/how-much-to-spend-on-an-engagement-ring", "/blog/engagement-ring-budget"],
    body: `## Start with your own numbers

You may have heard that an engagement ring should cost a certain number of months' salary. Those rules of thumb came from advertising, not from any sound financial reasoning. The right budget is the one you can pay without strain, ideally without carrying debt into the next stage of life. Decide the number first, before you start browsing, and write it down.

## What the budget needs to cover

The diamond is the largest part, but not the only one. Plan for:

- **The center diamond.**
- **The setting**, including any accent stones.
- **Sales tax**, which depends on where the ring is shipped.
- **Shipping and insurance in transit**, which vary by retailer and order.
- **Resizing** later, if the size turns out to be wrong.
- **Insurance or a care plan** after purchase, if you want one.
- **A wedding band**, if you want to buy it at the same time.

## Splitting it between diamond and setting

There is no correct ratio. A simple solitaire in 14k gold leaves most of the budget for the diamond; a halo or pavé setting in platinum takes a larger share. Choose the style first from our [settings guide](/jewelry/rings/engagement-ring-settings), look at the price of that setting in the metal you want on [setting search](/setting-search), and give the rest to the diamond.

Remember that metal affects the price of the setting: platinum usually costs more than gold for the same design, while rose, white and yellow gold of the same karat cost the same. See [platinum or gold](/jewelry/metals/platinum-and-gold).

## Getting more diamond for the money

Once the diamond's budget is fixed, a few choices make a visible difference for less:

1. **Prioritize cut.** A well-cut diamond looks brighter and often larger than a poorly cut one of higher grades. Read our [cut guide](/education/diamond-4cs/diamond-cut-guide).
2. **Choose eye-clean, not flawless.** Many VS2 and SI1 diamonds look clean without magnification; see [clarity](/education/diamond-4cs/diamond-clarity-guide).
3. **Go near-colorless.** G to I often looks white when set, especially in yellow or rose gold; see [color](/education/diamond-4cs/diamond-color-guide).
4. **Buy just under round weights.** A 0.95 carat stone looks almost identical to a 1.00 carat one and is often priced lower; see [carat weight](/education/diamond-4cs/diamond-carat-weight-guide).
5. **Consider the shape.** Elongated shapes such as ovals look larger per carat, and fancy shapes often cost less per carat than rounds.
6. **Consider lab-grown.** For the same size and grades, a lab-grown diamond usually costs much less; see [lab-grown or natural](/education/lab-grown/lab-grown-vs-natural-diamonds).

## Comparing prices

The same diamond grades can be priced quite differently by different retailers. On [diamond search](/diamond-search), set your filters and your maximum price, then compare the stones that fit. Prices shown are the retailers' current listings and change over time, so anything we say here about savings is indicative, not a promise.

## Taking the pressure off

Set a price alert if nothing fits your budget yet (see [saved searches and price alerts](/blog/news/saved-searches-and-price-alerts)), and when you find the right stone, a price lock holds your cart's total for 72 hours while you think it over. If you pay in instalments, read the financing terms carefully and make sure the monthly amount fits your budget, not just the total.`,
  },
];
