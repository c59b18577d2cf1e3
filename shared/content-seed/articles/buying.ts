/**
 * Seed articles for the blog: buying a diamond online, price locks and comparing retailers, and how Loupe's data works.
 */
import type { ArticleSeed } from "./types";

/** Buying guides (blog / buying-guides) and the "our data" explainer (blog / news). */
export const BUYING: readonly ArticleSeed[] = [
  {
    slug: "buying-a-diamond-online",
    title: "Buying a diamond online safely: a checklist",
    description:
      "Certificates, return policies, price locks and payment: a checklist for buying a diamond online without surprises, whichever retailer you choose.",
    category: "blog",
    subcategory: "buying-guides",
    author: "samuel-achebe",
    published: "2025-01-28",
    legacy: ["/blog/how-to-buy-a-diamond-online", "/blog/is-it-safe-to-buy-a-diamond-online", "/blog/diamond-buying-guide"],
    body: `## Why buy online at all

Online, you can see thousands of diamonds with their certificates and videos, compare the same grades from several retailers, and take your time. The risks are real but manageable: you cannot hold the stone before paying, and policies differ between shops. This checklist is what we would go through ourselves.

## 1. Start with a report from a recognized laboratory

A grading report lets you compare stones on equal terms. Look for a report from a laboratory such as GIA, IGI, AGS, HRD or GCAL, and make sure it states whether the diamond is natural or lab-grown and whether it has been treated. Our guide to [certificates](/education/certificates/diamond-certificates-explained) explains what each laboratory's report includes.

- Check the report number on the laboratory's own website where it offers a lookup.
- Ask for a photo of the girdle inscription, where there is one.
- Compare the measurements in millimeters with what the retailer states.

## 2. Look at the stone, not only the grades

Grades narrow the field; images decide. Ask for a video in ordinary lighting, and for elongated shapes check the bow-tie. If a retailer offers a gemologist's opinion on whether a stone is eye-clean, use it. Our [4Cs guides](/education/diamond-4cs) explain what to look for.

## 3. Read the return policy before you pay

This is the step most people skip. Check:

- **How long** you have to return the item, and from when (delivery or order date).
- **What is excluded**: engraved, resized or custom pieces often cannot be returned.
- **Who pays return shipping and insurance**, and whether there is a restocking fee.
- **How the refund is made**: to the original payment method, or as store credit.

Shipping costs and terms vary by retailer and by order, so read them on the item rather than assuming.

## 4. Pay in a way that protects you

Credit cards and established payment providers give you routes to dispute a charge if something goes wrong. Be wary of anyone who asks for a bank transfer to an account that does not match the business you are buying from, or who pressures you to pay quickly. Keep your receipt, the listing and the report together.

## 5. Check delivery and insurance

A diamond should travel insured and require a signature. Ask how it is shipped, when it is insured until, and what happens if a parcel is lost. Once it arrives, consider adding it to your home insurance or a specialist jewelry policy.

## 6. Inspect it when it arrives

Within the return window:

1. Compare the report number with the girdle inscription (a jeweler can show you).
2. Check the measurements and the shape against the report.
3. Look at the diamond in different lighting, and have an independent appraiser look at it if you want a second opinion.

## 7. Do not let a timer rush you

Countdown banners and "only one left" messages create pressure. If you need time, use a [price lock](/blog/buying-guides/price-locks-and-comparing-retailers): on Loupe a lock holds your cart's total for 72 hours, and you can lock up to 3 times a day.

## How Loupe fits in

Loupe is a comparison marketplace: we list diamonds and settings from independent retailers side by side, so you can compare the same grades across shops on [diamond search](/diamond-search). Each listing shows its certificate details, and [our data page](/blog/news/how-loupe-gathers-diamond-data) explains where the listings and prices come from. Questions we hear often are answered in the [FAQ](/faq).`,
  },
  {
    slug: "price-locks-and-comparing-retailers",
    title: "Price locks and comparing retailers without the rush",
    description:
      "How a 72-hour price lock works on Loupe, the limits that apply, and a calm way to compare the same diamond across several independent retailers.",
    category: "blog",
    subcategory: "buying-guides",
    author: "samuel-achebe",
    published: "2025-07-22",
    legacy: ["/blog/diamond-price-comparison", "/blog/how-price-lock-works", "/blog/compare-diamond-prices"],
    body: `## Why prices move

Diamond prices online are not fixed. Retailers update their listings as their costs change, as stones sell and as they run promotions. For lab-grown diamonds in particular, prices have shifted considerably over the last few years. That is good for shoppers overall, but it can be unsettling when the stone you have been looking at changes price while you are still deciding.

## What a price lock does

On Loupe, a price lock holds the total of your cart, before tax, for **72 hours**. If you check out within that time, the locked total is honored even if a retailer's listed price has gone up. If the price has fallen, you simply pay the current, lower price.

A few limits keep the system fair:

- You can create **up to 3 price locks a day**; after that you will see "Daily limit of 3 price locks reached" until the day resets at midnight UTC.
- Up to **4 locks** can be stored at once; older ones need to expire or be used first.
- A new lock is only added when your cart total differs from a lock you already hold.
- A lock belongs to the items it was made for. Change the contents of the cart and that lock no longer applies to it.
- A lock covers a price, not availability. If the stone sells at the retailer in the meantime, the lock cannot bring it back.

You will find the lock button in your [cart](/cart), and the [FAQ](/faq) answers the most common questions about it.

## Comparing retailers calmly

The same grades can carry quite different prices from one retailer to the next. A method we recommend:

### 1. Fix what matters to you

Choose the shape, a cut grade, and a color and clarity range you are happy with. Our [4Cs guides](/education/diamond-4cs) help you set sensible ranges.

### 2. Compare like with like

On [diamond search](/diamond-search), sort by price within those filters. Then check that the stones you are comparing share:

- The **same grading laboratory**, because grading standards can differ between laboratories.
- Similar **proportions and measurements**, which affect how large and bright the stone looks.
- The same **origin**: natural or lab-grown.
- Comparable **fluorescence**, which can affect price.

### 3. Compare the offer, not just the price

| Check | Why it matters |
|---|---|
| Return window and conditions | Your safety net if the stone disappoints |
| Shipping cost and insurance | Varies by retailer and order |
| Resizing and warranty terms | Matters for the whole ring |
| Payment and financing options | Affects the real cost |
| Reviews of the retailer | How problems are handled |

### 4. Lock, then decide

Once you have a shortlist, lock the price of the best candidate and use the 72 hours to ask questions: is it eye-clean, is a video available, when would it ship?

## What Loupe does and does not do

Loupe lists stones and settings from independent retailers and refreshes prices from their feeds; it does not set those prices. We do not promise free shipping: costs depend on the retailer and the order, and they are shown before you pay. To see how listings reach us, read [how Loupe gathers its data](/blog/news/how-loupe-gathers-diamond-data). For the rest of the process, our [online buying checklist](/blog/buying-guides/buying-a-diamond-online) covers certificates, returns and payment.`,
  },
  {
    slug: "how-loupe-gathers-diamond-data",
    title: "Our data: how listings and prices reach Loupe",
    description:
      "Where Loupe's diamond listings come from, how often prices are refreshed, what happens when a stone sells and what we check before a listing appears.",
    category: "blog",
    subcategory: "news",
    author: "samuel-achebe",
    published: "2026-10-05",
    legacy: ["/blog/how-we-collect-diamond-prices", "/blog/where-our-diamonds-come-from", "/blog/loupe-data-explained"],
    body: `## Why we explain this

A comparison site is only as good as its data. If listings are stale, prices wrong or sold stones still showing, comparing them wastes your time. This article explains, in plain terms, how diamonds and prices reach Loupe and what we do with them. For the current numbers (how many stones, how many retailers, how recently things changed) see the live figures on [our data page](/our-data).

## Where listings come from

Loupe does not own diamonds. The stones and settings you see are listed by **independent retailers**, each of which sends us a feed of its inventory: one row per diamond, with its shape, carat weight, grades, certificate laboratory and number, measurements, origin (natural or lab-grown) and price.

Feeds arrive in different formats and with different spellings ("VS-1" or "VS1", "colour" or "color"). We match columns and grade names to one consistent scale, so that a VS1 from one retailer is filtered the same way as a VS1 from another.

## What we check

Before a row becomes a listing, we check it. A row is set aside rather than guessed when:

- A required value is missing, such as the price or the carat weight.
- A value is impossible, for example a negative measurement.
- A grade falls outside the scales our search covers.

Each set-aside row is recorded with its reason, so it can be corrected and sent again. We would rather show fewer stones than show ones we cannot describe properly.

### Certificates as identity

Wherever a certificate exists, a diamond is identified by its **grading laboratory and report number**. When a retailer sends the same stone again, we update that listing instead of creating a duplicate. The report number is shown on the listing so you can look it up yourself; our [certificates guide](/education/certificates/diamond-certificates-explained) explains how.

## Prices and price history

The price you see is the retailer's current price from its latest feed. When a retailer changes a price, we record the change in a **price history**. That history powers the price-drop emails you can ask for on a favorite stone, and it lets us tell you when a price has moved.

We do not set or adjust retailers' prices. Shipping costs and terms are set by each retailer and are shown before you pay; we do not promise free shipping.

## When a stone sells

Diamonds sell, often quickly. When a retailer sends its full inventory and a stone is missing from it, we mark that stone **sold** and remove it from search. If it was one of your favorites, it stays in your list marked as sold so you know what happened. Because there can be a short delay between a sale at the retailer and the next feed, the cart and checkout read prices and availability afresh before you pay.

## How search uses the data

Every filter on [diamond search](/diamond-search) works on the same cleaned-up data: shape, carat, cut, color, clarity, fluorescence, laboratory, origin, price, proportions and the retailer's shipping time. The counts next to each filter are live, so you can see how many stones match before you narrow further.

## Price locks

Because prices move, Loupe lets you lock your cart's total for 72 hours, up to 3 times a day. Read [how price locks work](/blog/buying-guides/price-locks-and-comparing-retailers) for the details.

## What we are still improving

We keep working on faster updates after a sale, more complete measurements from every retailer, and clearer labels when a feed leaves something out. If you spot a listing that looks wrong, tell us: the [FAQ](/faq) explains how to reach the team.`,
  },
];
