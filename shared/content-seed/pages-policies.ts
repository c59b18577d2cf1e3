/** Seed texts of the Policies section: the policies index, accessibility and sales tax. */
import type { PageText } from "./pages-types";

export const POLICY_PAGES: Readonly<Record<string, PageText>> = {
  policies: {
    title: "Policies",
    description: "Every Loupe policy in one place: privacy, terms of service, accessibility, sales tax, the Loupe guarantee, offers and care plans.",
    body: `These are the rules Loupe works by, written to be read. Each policy says when it last changed. If a policy and a conversation with our team ever disagree, the policy applies — and please tell us, so we can fix whichever is wrong.

## Using Loupe

- [Terms of service](/terms-of-service): how the marketplace works, what happens when you place an order, price locks, promo codes, returns and cancellations, and how disputes are settled.
- [Privacy policy](/privacy): what we collect, why, who we share it with, how long we keep it, and how to see, correct or delete your data. Requests go to privacy@loupe.example.
- [Accessibility](/accessibility): our commitment to WCAG 2.2 level AA and how to report a barrier.

## Paying

- [Sales tax](/sales-tax): how we estimate tax in your cart and calculate it at checkout, and what to do if your purchase is exempt.
- [Welcome offer](/welcome-offer): the terms of WELCOME100.

## Protection

- [The Loupe guarantee](/loupe-guarantee): a stone that matches its report, locked prices honoured, and refunds when an order cannot be fulfilled.
- [Jewelry care plan](/jewelry-care-plan): what Loupe Care covers and how to claim.
- [Jewelry insurance](/jewelry-insurance): how to insure what you buy.

## Returns and cancellations in short

Each retailer sets its return window; it is shown on the listing and in your order confirmation. To start a return or to cancel an order that has not shipped, write to help@loupe.example with your order number. Refunds go back to the payment method you used, including the sales tax you paid on the returned items.

## Contact

- Orders and general questions: help@loupe.example
- Privacy: privacy@loupe.example
- Accessibility: accessibility@loupe.example
- Legal notices: legal@loupe.example

Loupe Marketplace, Inc., 500 Example Avenue, Suite 12, New York, NY 10001, United States.`,
  },
  accessibility: {
    title: "Accessibility",
    description: "Loupe's accessibility commitment: our WCAG 2.2 AA target, what we have done, known limitations and how to report a barrier you meet.",
    body: `Everyone should be able to research and buy a diamond on Loupe, whether they use a screen reader, a keyboard, voice control, magnification or a phone in bright sunlight. This statement describes what we aim for, where we are, and how to tell us when we fall short.

## Our target

We aim to meet the **Web Content Accessibility Guidelines (WCAG) 2.2 at level AA** on every page of loupe.example, including search, product pages, the cart and checkout.

## What we do

- **Built to work without JavaScript.** Pages are rendered on our servers, links are real links and forms post normally, so they work with assistive technology and in browsers with scripts turned off.
- **Keyboard access.** Every control can be reached and used with a keyboard; a "Skip to content" link is the first stop on every page; on narrow screens a Menu button reaches every header link, the cart included.
- **Focus and announcements.** When you move to a new page, focus moves to its main heading. Search results announce only their count when filters change, rather than reading every result again.
- **Labels and structure.** Form fields have visible labels, pages use headings and landmarks in order, and images that carry meaning have text alternatives.
- **Automated checks.** Every kind of page is tested with an automated accessibility checker before each release, and serious or critical findings block the release.
- **Display.** Text can be enlarged to 200% without loss of content, and a dark theme is available on most pages.

## Known limitations

- Diamond and setting pictures are drawings or photos supplied by retailers; the facts they show are always also given as text, but some retailer photos lack descriptions.
- Card payment fields are provided by our payment providers inside our checkout. We choose providers whose fields support assistive technology, but we do not control their code.
- Automated tests catch only part of what matters; we also test by hand with a screen reader and keyboard, and we will not have found everything.

## Report a barrier

If something on Loupe is hard or impossible for you to use, email **accessibility@loupe.example**. It helps to include the page's address, what you were trying to do, what happened, and the browser and assistive technology you use — but send what you can. We reply within five business days and tell you what we will do and when.

If you need to complete a purchase while we fix a problem, our team will help you by email so that you are not held up.

This statement was last reviewed on the date shown above.`,
  },
  "sales-tax": {
    title: "Sales tax",
    description:
      "How Loupe estimates sales tax in your cart and calculates it at checkout, which states charge none, and what to do if your purchase is exempt.",
    body: `Loupe collects sales tax on orders placed through our checkout and pays it to the states where it is due. This page explains how the amount you see is worked out.

## Why Loupe charges tax

Most US states treat an online marketplace that takes payment for its sellers as a **marketplace facilitator**: the marketplace, rather than each seller, must collect and pay the tax on sales to that state. Loupe takes payment for the retailers that list with us, so we collect tax on their behalf.

## In your cart: an estimate

Before you give a shipping address, your cart shows an estimate based on the **state base rate** of the state you choose in the cart, or of your approximate location if you have not chosen one. Many states add county and city taxes on top of the state rate, so the estimate can be lower than the final figure.

## At checkout: the tax for your address

Once you enter the shipping address, checkout calculates the tax for that address and shows it before you pay. The amount on your order confirmation is the amount charged. The tax is worked out on what you actually pay: after promo codes, with a locked price honoured, and on the reduced price when you pay by bank wire.

## States without a general sales tax

Delaware, Montana, New Hampshire and Oregon have no statewide sales tax. Alaska has none at state level, but some Alaskan towns and boroughs charge a local sales tax.

## What is taxed

Diamonds, settings, rings and jewelry are taxable in every state with a sales tax. Whether care plans and engraving are taxed depends on the state; checkout shows the tax on your whole order before you pay.

## Exempt purchases

If you are buying for resale or your organisation is exempt, email help@loupe.example **before** you order, with your exemption or resale certificate and the state it is issued by. Once we have confirmed it, we will tell you how to place the order without tax.

## Refunds

When you return an item, the sales tax you paid on it is refunded with it.

## Questions

Write to help@loupe.example with your order number. This page explains our practice; it is not tax advice.`,
  },
};
