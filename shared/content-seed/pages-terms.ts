/** Seed text of the terms of service (plain-language terms of a US online marketplace). */
import type { PageText } from "./pages-types";

export const TERMS_PAGES: Readonly<Record<string, PageText>> = {
  "terms-of-service": {
    title: "Terms of service",
    description:
      "The terms for using Loupe and buying through our checkout: listings, price locks, promo codes, orders, payment, returns and disputes. Effective November 1, 2026.",
    body: `**Effective November 1, 2026.** These terms are an agreement between you and Loupe Marketplace, Inc. ("Loupe", "we") about using loupe.example and buying through our checkout. By using the site you accept them. Please read them; where a term matters most we have said so in bold.

## 1. What Loupe is

Loupe is a marketplace. **Items listed on Loupe are owned and sold by independent retailers**, whose names appear on their listings. We publish their listings, take your order and payment on their behalf, and pass the order to the retailer, who prepares and ships it. We are responsible to you for the checkout, for payments and refunds, and for the promises in [the Loupe guarantee](/loupe-guarantee).

## 2. Your account

You need to be at least 18 to buy through Loupe. Keep your password to yourself; you are responsible for what is done with your account. You may sign in with Google or Facebook. We may suspend an account used for fraud or abuse of the site, and we will tell you why unless the law prevents it.

## 3. Listings and prices

Retailers describe their items and set their prices, which may change at any time. Grades of diamonds come from the laboratory reports named on their listings; Loupe does not grade stones. We check retailers' data, but listings can contain errors. **If a listing has an obvious error, such as a price far below the item's value, we may cancel the order and refund you in full**, even after payment. Pictures of diamonds and settings may be drawings or representative images unless the listing says they show the actual item.

## 4. Price locks

You can lock the pre-tax total of your cart for 72 hours. **A lock is honoured only for the same items, ordered while it is valid.** You can make up to three locks a day and hold up to four at once. A lock does not reserve the item: if the retailer sells it elsewhere before you order, the lock ends with it.

## 5. Promo codes

One promo code can be used per order. Codes have the terms shown with them (for example, a minimum order), no cash value, and may be withdrawn; an order already placed keeps its discount. If you return part of an order and what you keep no longer meets the code's minimum, the refund is reduced by the discount.

## 6. Placing an order

Your order is an offer to buy. It is accepted when the retailer confirms it, and we email you when that happens. Until then we may decline it — for example if the item has sold, the price was an obvious error, or we suspect fraud — and we refund any payment in full. Title and risk of loss pass to you when the item is delivered.

## 7. Payment

You can pay with PayPal, a card (including Apple Pay and Google Pay), financing where offered, or a bank wire, which is 2% less. Prices are in US dollars. An order is paid only when the payment provider confirms it; an unpaid order expires. Sales tax is charged as described on our [sales tax](/sales-tax) page.

## 8. Shipping

Retailers ship orders insured and with tracking to the address you give. Shipping times on listings are estimates. Someone over 18 may need to sign for delivery.

## 9. Returns and cancellations

You can cancel an order before it ships by writing to help@loupe.example. **Returns follow the selling retailer's return window, which is shown on the listing and in your order confirmation**; items must come back unworn, in their original condition, with their grading reports. Engraved, resized or custom-made items may not be returnable; the listing says so. Refunds go to the original payment method within 10 business days of the retailer receiving the return.

## 10. Care plans

Loupe Care plans are governed by the plan document sent with your order. They can be cancelled within 30 days for a full refund if no claim has been made.

## 11. Using the site

Do not misuse the site: no scraping listings in bulk, no attempts to break our security, no false orders, no reviews you were paid for or that are not about your own experience. The site's text, design and software belong to Loupe or our licensors; retailers' listings belong to them.

## 12. Disclaimers and limits

We provide the site as it is. Except for the promises we make in these terms and in the Loupe guarantee, and to the extent the law allows, we are not liable for indirect or consequential losses, and our total liability for any order is limited to the amount you paid for it. Nothing in these terms limits rights you have by law that cannot be limited.

## 13. Disputes

Tell us first: most problems are solved by an email to help@loupe.example. These terms are governed by the laws of the State of New York. Either of us may bring a claim in small claims court; otherwise, claims are heard in the state or federal courts in New York County, New York, unless the law where you live gives you the right to bring them there.

## 14. Changes to these terms

We may update these terms; the date at the top changes when we do. Changes apply to orders placed after they take effect.

## 15. Contact

Loupe Marketplace, Inc., 500 Example Avenue, Suite 12, New York, NY 10001. Legal notices: legal@loupe.example. Orders and questions: help@loupe.example. How we handle personal information is covered by our [privacy policy](/privacy).`,
  },
};
