/** Seed texts of the Company pages: about, mission, team, and listing inventory on Loupe (Loupe's own writing). */
import type { PageText } from "./pages-types";

export const COMPANY_PAGES: Readonly<Record<string, PageText>> = {
  about: {
    title: "About Loupe",
    description:
      "Loupe is a comparison marketplace for certified natural and lab-grown diamonds, engagement rings and fine jewelry from independent retailers.",
    body: `Loupe is a marketplace for people who want to see the whole market before they buy a diamond. We bring the inventory of many independent jewelers into one search, describe every stone the same way, and let you compare them side by side — then you can buy through one checkout.

## How Loupe works

Independent retailers send us their inventory as data feeds: each stone's shape, carat weight, colour, clarity, cut, polish, symmetry, fluorescence, measurements, grading lab and report number, price and shipping time. We check every row, translate each retailer's spelling of a grade into one scale, and set aside listings that are incomplete or impossible. What is left is searchable with the same filters whichever store it comes from, and the retailer's name is shown on every listing.

When prices change at the retailer, they change on Loupe with the next feed. If you are still deciding, you can **lock the price of your cart for 72 hours** (up to three locks a day), save a search and get an email when new stones match it, or keep favourites and hear when one of them drops in price.

## What we are not

Loupe is not a jeweler with a vault. The stones belong to the retailers who list them, and the retailer that lists an item prepares and ships it. We do not grade diamonds ourselves: grades come from the laboratory report each listing names. We do not buy jewelry from the public.

## How we earn our living

Shoppers pay nothing to use Loupe. When you buy through our checkout, the selling retailer pays Loupe a commission. Promotions such as our [welcome offer](/welcome-offer) are paid for by Loupe.

## Your data and our rules

We collect what we need to run your account and your orders, and nothing is sold. Our [privacy policy](/privacy) explains what we keep and why, the [terms of service](/terms-of-service) set out how buying through Loupe works, and every other policy is listed on the [policies page](/policies).

## Talk to us

Questions about a stone, an order or this site go to help@loupe.example. Our [gemologists](/team) answer questions about diamonds and settings, and you can read [our mission](/mission) to see what we are trying to change about buying a diamond.`,
  },
  mission: {
    title: "Our mission",
    description: "Why Loupe exists: to make buying a diamond as transparent as any other considered purchase, with like-for-like comparison and plain facts.",
    body: `Buying a diamond is one of the largest purchases many people make without knowing how to judge what they are paying for. Two stones described with the same four letters and numbers can differ in price by thousands of dollars, and a shop window shows only that shop's stock. Our mission is to make that purchase as transparent as buying anything else you research carefully.

## Comparison first

We believe a shopper should see the market, not one store's slice of it. That is why Loupe lists stones from many independent retailers in one place and describes them the same way. When you search for a one-carat oval, G colour, VS1 clarity, you should see every such stone we know of, with its price and who is selling it, and be able to put them side by side.

## Facts you can check

Every listing names its grading laboratory and report number, so you can check the report itself. We show measurements and proportions alongside the grades, because two stones with the same grades can look different. Where we explain something — on this site, in our guides or in an email from our gemologists — we try to give you the reason, not just the recommendation.

## Time to decide

Pressure sells diamonds; we would rather you decide well. You can lock a price for 72 hours while you think, save searches and be told when a better match appears, and follow the stones you like for price drops. You can ask our gemologists a question without being asked to buy.

## Independent jewelers

Many excellent jewelers are small. Loupe gives them a place beside the large online stores, judged by the same facts. We check the retailers we list and expect them to describe their stones honestly; when a listing is wrong we want to hear about it at help@loupe.example.

## What we measure ourselves by

Not how quickly you buy, but whether you would buy the same stone again knowing everything you know a year later. If something we do works against that, tell us. The [eight-step guide](/eight-step-guide) is a good place to start, and [about Loupe](/about) explains how the marketplace works.`,
  },
  team: {
    title: "Our gemologists",
    description: "Meet Loupe's gemologists: trained graders who answer shoppers' questions about diamonds, settings and care, by email and in our guides.",
    body: `Loupe's gemologists are trained diamond graders. They do not work on commission and they do not sell stones; their job is to help you understand what you are looking at and to keep the information on Loupe accurate.

## What they do

- **Answer your questions.** Ask about a particular listing, the difference between two stones, whether a setting suits a shape, or how to read a grading report. Write to gemologists@loupe.example with the links to the stones you are considering.
- **Look at listings.** When a stone has photos or video, a gemologist can look at it for visible inclusions, colour in daylight, or symmetry that the report's grades do not tell you, and say what they see. They cannot re-grade a stone they have not held, and they will say so.
- **Review retailers' data.** They check new retailers' feeds before they go live and follow up on listings shoppers report as wrong.
- **Write our guides.** The explanations across Loupe, from the [eight-step guide](/eight-step-guide) to [comparison shopping](/diamond-comparison-shopping), are written or checked by them.

## What they will not do

They will not tell you that you must buy today, and they will not recommend a stone because of who sells it. They cannot value jewelry for insurance from photos; for that you need an independent appraiser who examines the piece (see [jewelry insurance](/jewelry-insurance)).

## How to reach them

Email gemologists@loupe.example, Monday to Friday, 9 am to 6 pm Eastern. If you have a care plan question, the [jewelry care plan page](/jewelry-care-plan/chat) has a prepared email. The team is listed below.`,
  },
  sell: {
    title: "List your inventory on Loupe",
    description: "Independent jewelers: list certified diamonds, settings and jewelry on Loupe through a daily feed. Requirements, review and how to apply.",
    body: `Loupe lists the inventory of independent jewelers beside each other, described the same way, so shoppers can compare them fairly. If you are a retailer with certified diamonds, engagement ring settings, wedding bands or fine jewelry, you can apply to list them.

## Selling a piece you own?

Loupe does not buy diamonds or jewelry from individuals and does not run a resale market. If you want to sell a ring you own, an independent appraiser can tell you what it is, and a local jeweler or a specialist buyer can make you an offer.

## What we ask of retailers

- **Certified stones.** Every loose diamond needs a grading report from a recognised laboratory, with the report number in your feed.
- **A feed we can read.** A CSV or JSON export of your inventory, at least daily: shape, carat, colour, clarity, cut, polish, symmetry, fluorescence, measurements, depth and table percentages, lab and report number, price in US dollars, and shipping time. We match the usual column names and grade spellings; rows we cannot read are reported back to you with the reason.
- **Accurate prices and availability.** A stone sold elsewhere must leave your feed; a full feed marks anything missing from it as sold.
- **Clear policies.** A return window, shipping times and a contact for order questions, shown to shoppers before they buy.
- **US fulfilment.** You ship orders placed through Loupe, insured, with tracking.

## How it works

Shoppers find your stones through Loupe's search and buy through Loupe's checkout. We pass you the order; you prepare and ship it and tell us when it has shipped. Loupe collects payment and sales tax and pays you out, less our commission. There is no fee to list.

## Applying

Write to partners@loupe.example with your store's name, website, location, the laboratories your stones are graded by, and a sample of your feed. Our gemologists review the sample and a handful of listings against their reports before anything goes live, usually within two weeks. If you have questions about the feed format, ask in the same email.`,
  },
};
