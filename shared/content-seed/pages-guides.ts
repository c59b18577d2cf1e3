/** Seed texts of the buying guides in the Help section: comparison shopping, the eight steps, peace of mind, the guarantee. */
import type { PageText } from "./pages-types";

export const GUIDE_PAGES: Readonly<Record<string, PageText>> = {
  "diamond-comparison-shopping": {
    title: "Diamond comparison shopping",
    description: "How to compare diamonds like for like across retailers on Loupe: the grades that matter, proportions, price per carat, shipping and locks.",
    body: `The same diamond can be offered at very different prices, and two diamonds with identical grades can look different. Comparing well means comparing like with like, then looking past the grades at the things they leave out.

## 1. Fix what you will not compromise on

Start the [diamond search](/diamond-search) with the shape you want and a carat range. Add the lowest colour and clarity you would accept rather than the highest you can afford: you will see many more stones, and the price differences between adjacent grades become visible.

## 2. Compare the same grading laboratory

Laboratories do not grade identically. Compare stones graded by the same lab, and treat a grade from a lab you do not know with caution. Every listing on Loupe names its lab and report number; open the report and check that the measurements match the listing.

## 3. Look at proportions, not only grades

For round diamonds, the cut grade summarises proportions well. For fancy shapes there is often no cut grade, so compare depth and table percentages and the length-to-width ratio: an oval of 1.35 looks very different from one of 1.55. The search filters cover depth, table and ratio.

## 4. Use price per carat

Price rises steeply at "magic" weights such as 1.00 and 1.50 carats. A 0.95-carat stone can look the same size as a 1.00 and cost noticeably less. Divide price by carat to see which stones are priced out of line with their neighbours.

## 5. Put them side by side

Add two to four stones to [compare](/compare) and read the differences row by row. Where the grades are the same, the differences in price usually come from proportions, fluorescence or the retailer.

## 6. Read the retailer's terms

Shipping time, return window and the retailer's name are part of the offer. A slightly cheaper stone that ships in three weeks may not be the better buy if you need it sooner.

## 7. Give yourself time

Save the search and turn on its email alert to hear about new matches, add favourites to follow their prices, and [lock your cart's price](/peace-of-mind) for 72 hours when you are close to a decision. If two stones still seem equal, ask [our gemologists](/team).`,
  },
  "eight-step-guide": {
    title: "The eight-step guide to buying a diamond",
    description: "Eight steps from budget to delivery: shape, cut, colour and clarity, carat, certificate, comparing retailers, and protecting your purchase.",
    body: `Buying a diamond is easier in order. These eight steps take you from a number to a ring on a hand.

## Step 1: Set a budget you are comfortable with

Decide the total you want to spend, including the setting, sales tax and any care plan. There is no rule that says what an engagement ring should cost; what matters is that the price does not overshadow the occasion.

## Step 2: Choose the shape

Shape affects the look more than any grade. Round brilliants return the most light; ovals, pears and marquises look larger for their weight; emerald and Asscher cuts show clarity more openly. Try shapes in the [diamond search](/diamond-search) to see their prices at your size.

## Step 3: Put cut first

A well-cut diamond looks brighter and often larger than a poorly cut one of the same weight. For rounds choose Excellent or Ideal; for other shapes, check depth, table and ratio.

## Step 4: Balance colour and clarity

Most people cannot tell G from F colour in a ring, or VS2 from VS1 clarity without magnification. Aim for a stone that is eye-clean and looks white in its setting (yellow gold forgives warmer colours), and spend the savings where you will see them.

## Step 5: Choose the carat weight last

With shape, cut, colour and clarity fixed, the weight your budget allows follows. Consider stones just under round numbers: they cost less and look the same.

## Step 6: Insist on a grading report

Buy a diamond with a report from a recognised laboratory, and check that the report number and measurements match the listing. Decide between natural and lab-grown knowing that both are real diamonds and that they hold value differently.

## Step 7: Compare across retailers

The same specification is offered by many jewelers at different prices. Compare stones side by side and read each retailer's shipping and return terms (see [comparison shopping](/diamond-comparison-shopping)).

## Step 8: Protect the purchase

Lock the price for 72 hours while you decide, pay through Loupe's checkout, and consider a [care plan](/jewelry-care-plan) for wear and tear and [insurance](/jewelry-insurance) for loss and theft. Keep the grading report and your order confirmation together: you will need both for insurance and for any future service.`,
  },
  "peace-of-mind": {
    title: "Peace of mind when you buy through Loupe",
    description:
      "What protects you when you buy a diamond through Loupe: graded stones, named retailers, 72-hour price locks, secure checkout and order tracking.",
    body: `Buying a diamond online should not feel like a leap. Here is what is in place when you buy through Loupe, and where to go when something is not right.

## You know what you are buying

Every diamond listing names its grading laboratory and report number, so you can read the report before you buy. The listing shows measurements and proportions as well as grades, and the selling retailer's name is on the page. Our [gemologists](/team) will answer questions about any listing.

## Your price holds while you decide

You can lock the pre-tax total of your cart for **72 hours**. A valid lock is honoured at checkout even if the retailer's price rises in the meantime. You can make up to three locks a day and hold up to four at once.

## Your payment is protected

You pay through Loupe's checkout with PayPal, a card (including Apple Pay and Google Pay), financing, or a bank wire, which saves 2%. Card details are entered into the payment provider's secure fields and never reach our servers. An order is only marked paid once the payment provider confirms it.

## You can follow your order

Your order confirmation email links to the order's page. You can also look an order up with its number and your email at [order tracking](/my-stuff/orders/login), or see all your orders in My stuff when you are signed in.

## Help when something goes wrong

If a stone arrives that does not match its report, if an order is cancelled by the retailer, or if something arrives damaged, [the Loupe guarantee](/loupe-guarantee) explains what we do. For questions, write to help@loupe.example with your order number.

## After it is yours

A [jewelry care plan](/jewelry-care-plan) covers wear and tear, and [jewelry insurance](/jewelry-insurance) covers loss and theft. The two do different jobs; many owners have both.`,
  },
  "loupe-guarantee": {
    title: "The Loupe guarantee",
    description:
      "What Loupe guarantees on orders placed through our checkout: the stone matches its report, locked prices are honoured, and problems are put right.",
    body: `Loupe brings many retailers together, and we stand behind the orders placed through our checkout. This guarantee applies to every order paid through Loupe, in addition to the selling retailer's own policies and your rights under the law.

## 1. The diamond matches its report

The loose diamond you receive will be the one described by the grading report named on its listing. If the report number, inscription or measurements do not match, tell us within 30 days of delivery. We arrange the return at no cost to you and refund the full amount you paid, including shipping and sales tax.

## 2. Locked prices are honoured

If you locked your cart's price and order the same items while the lock is valid (72 hours), you pay the locked pre-tax total, even if the retailer's price has gone up. If the price has gone down, you pay the lower price.

## 3. Cancelled orders are refunded in full

If a retailer cannot fulfil your order — the stone was sold elsewhere, or it cannot ship — we tell you, and refund every payment to the method you paid with. We never substitute a different stone without your agreement.

## 4. Damaged or lost in transit

Orders ship insured. If a parcel arrives damaged or does not arrive, write to us within 7 days of the expected delivery date and we will work with the retailer and the carrier to replace the item or refund you.

## What the guarantee does not cover

- Changing your mind: returns for other reasons follow the retailer's return window, shown on the listing and in your order confirmation.
- Wear, damage or loss after delivery: see our [care plan](/jewelry-care-plan) and [jewelry insurance](/jewelry-insurance).
- Differences of opinion about grades that are within the laboratory's stated tolerance.

## How to use it

Write to help@loupe.example with your order number and what went wrong, with photos if something is damaged. We reply within two business days. More about how buying through Loupe works is in the [terms of service](/terms-of-service).`,
  },
};
