/** Seed texts of the Help section's offers and protection pages: welcome offer, care plan, insurance, service discounts. */
import type { PageText } from "./pages-types";

export const HELP_PAGES: Readonly<Record<string, PageText>> = {
  "welcome-offer": {
    title: "Welcome offer: $100 off your first order",
    description: "New to Loupe? Use code WELCOME100 for $100 off an order of $1,500 or more. How to get the code, how to use it and the full terms.",
    body: `New to Loupe? Take **$100 off** an order of $1,500 or more with the code **WELCOME100**. The box on this page shows the offer as it stands today.

## How to get it

- Leave your email address in the welcome offer window on our site, and we email you the code with a link back to the shop. Signing up also starts a Loupe account in your name, which you can complete later to save searches and follow your orders; every email we send has an unsubscribe link.
- Or simply type WELCOME100 in the promo code field of your cart.

## How to use it

1. Add what you want to your cart: a diamond, a setting, a ring you have built, wedding bands or jewelry.
2. Enter WELCOME100 in the promo code field and apply it.
3. The cart shows the $100 off in its discounts before you check out.

## Terms

- The order's subtotal must be at least $1,500 before tax and before the discount. If your cart is below that, the cart says so and takes nothing off.
- The discount is $100 off the order as a whole; it applies to anything sold through Loupe's checkout.
- One promo code per order: WELCOME100 cannot be combined with another code. If a different code would save you more, the cart keeps whichever one you apply last.
- The code has no cash value and cannot be exchanged for credit or a gift card.
- If you return part of an order and what you keep is under $1,500, the refund is reduced by the $100 discount.
- The offer is a welcome for new customers. Loupe may withdraw or change the offer; the box on this page always shows the current terms, and orders already placed keep their discount.

## Questions

Write to help@loupe.example. How promo codes work with price locks and returns is covered in the [terms of service](/terms-of-service).`,
  },
  "jewelry-care-plan": {
    title: "Loupe Care: the jewelry care plan",
    description:
      "Loupe Care protects rings and jewelry bought through Loupe against everyday wear for 1, 3 or 5 years. What it covers, prices and how to claim.",
    body: `Jewelry is worn every day, and everyday wear adds up: prongs loosen, plating wears, clasps give way. **Loupe Care** is a protection plan you can add to any item in your cart, for one, three or five years.

## What a plan covers

- Tightening and re-tipping of prongs, and resetting a stone that has come loose.
- Repairing a bent, cracked or broken ring shank, chain or clasp.
- Re-plating white gold with rhodium and professional cleaning and polishing.
- Replacing a diamond or gemstone lost from its setting because of a failure the plan covers (a damaged prong, for example), with one of like kind and quality.

Repairs are made by a professional jeweler chosen by the plan administrator, with insured shipping both ways. The plan document sent with your order confirmation sets out the full terms; where this summary and that document differ, the document applies.

## What a plan does not cover

Loss or theft of the whole piece, damage on purpose, cosmetic scratches that do not affect wear, and repairs made by someone else before a claim. For loss and theft, see [jewelry insurance](/jewelry-insurance).

## What it costs

The price depends on the item's price and the plan's length. For example:

| Item price | 1 year | 3 years | 5 years |
| --- | --- | --- | --- |
| up to $500 | $29 | $49 | $69 |
| up to $1,000 | $39 | $69 | $99 |
| up to $2,500 | $69 | $119 | $169 |
| up to $5,000 | $119 | $199 | $279 |
| up to $10,000 | $199 | $329 | $459 |
| up to $25,000 | $349 | $579 | $799 |

Above $25,000 a plan is priced as a share of the item's price; your cart shows the exact quote for each item. A plan bought with your order costs less than the same plan bought on its own later.

## How to make a claim

Write to care@loupe.example with your order number, photos of the problem and a short description. We reply within two business days with a prepaid, insured shipping label or the details of a jeweler near you.

## Questions before you buy

Our gemologists can tell you whether a plan makes sense for a particular piece: a thin pavé band is more likely to need it than a solid plain band.`,
  },
  "jewelry-insurance": {
    title: "Insuring your jewelry",
    description:
      "How to insure an engagement ring or fine jewelry bought through Loupe: the documents you need, the kinds of cover and what to ask an insurer.",
    body: `A care plan looks after wear and tear; insurance is what replaces a ring that is lost or stolen. Loupe does not sell insurance and is not paid by any insurer for this page. Here is how to arrange cover yourself.

## The documents you need

Insurers ask for proof of what you own and what it is worth. Keep these together from the day your order arrives:

- **Your order confirmation**, which shows the price you paid, item by item.
- **The grading report** of each diamond, which identifies the stone by its measurements and, often, a laser inscription.
- **Photos** of the piece, including a close-up of any inscription.
- **An appraisal**, if your insurer asks for one. An appraisal for insurance states a replacement value and is made by an independent appraiser who examines the piece; many insurers accept the purchase receipt instead for recent purchases.

## The kinds of cover

- **A rider on home or renters insurance** (often called a scheduled personal property endorsement). Jewelry is usually capped at a low amount in a standard policy unless it is listed on a rider with its value.
- **A standalone jewelry policy** from a specialist insurer. These often cover loss worldwide, mysterious disappearance and repairs with a jeweler of your choice.

## What to ask an insurer

1. Does the policy cover mysterious disappearance, or only theft?
2. Is the ring replaced with one of like kind and quality, or paid out in cash, and who chooses the jeweler?
3. Is there a deductible, and does it apply to repairs?
4. Is the ring covered when you travel abroad?
5. How often do they need the value updated?

## When to insure

From the moment the ring is yours: arrange cover before it arrives, using the order confirmation, so it is protected from day one. Review the value every few years.

## Care plan or insurance?

They do different jobs. A [Loupe Care plan](/jewelry-care-plan) pays for repairs from everyday wear, such as loose prongs, that insurers usually exclude; insurance pays when the whole piece is lost or stolen. Our [gemologists](/team) can help you read a grading report for an insurer.`,
  },
  "military-first-responder-discounts": {
    title: "Military and first responder discounts",
    description: "How service members, veterans and first responders can ask about discounts on diamonds and rings bought through Loupe, and how we verify.",
    body: `To the members of the armed forces, veterans, police officers, firefighters, paramedics and emergency medical technicians who shop with us: thank you. This page explains what is available to you on Loupe and how to ask for it.

## What is available

Loupe itself does not run a standing percentage discount for service members. Several independent retailers who list on Loupe offer their own military and first responder discounts on the stones and settings they sell. Those discounts vary by retailer and change over time, so rather than publish a list that may be out of date, we check for you.

## How to ask

1. Choose the stones or settings you are interested in and note their links, or save them as favourites.
2. Email thanks@loupe.example from the address you will order with. Include the links and tell us which group you belong to: active duty, reserve or National Guard, veteran, police, fire, or emergency medical services.
3. Attach one proof of eligibility: a military or veteran ID card with the number covered, a DD-214 with personal details covered, or a current department ID or pay stub. Never send a full Social Security number.
4. Within two business days we reply with the discounts the retailers of your items offer today, and how to apply them at checkout.

## The small print

- A retailer's discount applies only to that retailer's items, and cannot be combined with a Loupe promo code such as the [welcome offer](/welcome-offer) on the same order unless the retailer says so.
- We use your proof of eligibility only to answer your request, and delete it within 30 days. See our [privacy policy](/privacy).
- Spouses and families: some retailers extend their discount to immediate family. Ask, and we will tell you which.

If you have a question we have not answered, write to thanks@loupe.example.`,
  },
};
