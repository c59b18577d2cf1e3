/** Seed text of the privacy policy (a plain-language policy of a US online marketplace). */
import type { PageText } from "./pages-types";

export const PRIVACY_PAGES: Readonly<Record<string, PageText>> = {
  privacy: {
    title: "Privacy policy",
    description:
      "What personal information Loupe collects, why, who we share it with, how long we keep it, and your choices and rights. Effective November 1, 2026.",
    body: `**Effective November 1, 2026.** This policy explains how Loupe Marketplace, Inc. ("Loupe", "we") handles personal information when you visit loupe.example, create an account, place an order or read our emails. We have written it to be read in full; the headings let you jump to what you need.

## The short version

- We collect what we need to show you the site, run your account and deliver your orders.
- We share your order details with the retailer who fulfils it, and with the companies that process payments and send our email. We do not sell your personal information for money.
- Advertising and analytics cookies are used only as described below, and you can turn them off.
- You can see, correct, download or delete your information by writing to **privacy@loupe.example**.

## What we collect

**What you give us.** Your name, email address and password when you register (we store only a salted hash of the password); your shipping and billing addresses and phone number when you check out; the notes you add to favourites; the questions you send our team; and, if you ask about a service discount, the proof of eligibility you attach.

**What happens when you shop.** Your cart, price locks, saved searches and their alert settings, favourites, recently viewed items and orders. If you sign in with Google or Facebook, we receive your name, email address and an account identifier from them — never your password.

**What your browser tells us.** Your IP address, browser and device type, the pages you visit and the page that sent you, and your approximate location (country and region) derived from the IP address, which we use for tax estimates. We set a visitor cookie to keep your cart and preferences, a cookie for each site experiment you take part in (so you see the same version each visit), and a theme cookie. These last up to 365 days.

**Payments.** Card details are entered directly into our payment providers' fields (Braintree, Stripe or PayPal). We receive a confirmation and, for cards, the brand and last four digits — never the full number or security code.

## Why we use it

To run the marketplace and your account; to take payment and pass your order to the retailer who ships it; to email you about your orders and account; to send alerts and price-drop emails you switch on; to send marketing emails if you signed up for them; to prevent fraud and abuse (for example, limits on failed sign-ins); to understand how the site is used and improve it; and to meet legal duties such as tax records.

## Who we share it with

- **The retailer** that fulfils your order: your name, shipping address, phone number and what you bought.
- **Service providers** that work for us under contract: payment processors, our email delivery provider, hosting and security providers, and analytics providers. They may use the information only to provide their service to us.
- **Advertising partners**, through cookies and pixels, only where you have not opted out (see below).
- **Authorities**, when the law requires it, and a buyer of our business, who would have to honour this policy.

## Cookies, advertising and your choices

Where a consent banner is shown, advertising and analytics cookies stay off until you accept them. You can withdraw your consent at any time by clearing this site's cookies (the banner then asks again) or by writing to privacy@loupe.example. Some of these cookies may count as "sharing" personal information for cross-context advertising under California law; declining them, or asking us by email, opts you out.

Every marketing and alert email has an unsubscribe link that works with one click, and you can switch alerts off in My stuff.

## How long we keep it

Account information while your account is open, and for up to 30 days after you close it. Order records for seven years, because tax and accounting law requires it. Proof of eligibility for service discounts is deleted within 30 days. Site logs and failed sign-in records for up to 90 days.

## Your rights

Wherever you live, you can ask us to tell you what we hold about you, give you a copy, correct it, or delete it (except what we must keep by law), and to stop marketing. Residents of California, Colorado, Connecticut, Virginia and other states with privacy laws have these rights by law, and the right not to be treated differently for using them. Email privacy@loupe.example from the address on your account; we may ask you to confirm it is you, and we answer within 45 days. An authorised agent may ask on your behalf with your signed permission. If we decline a request, you can appeal by replying to our answer.

## Children

Loupe is not meant for children under 16, and we do not knowingly collect their information. If you believe a child has given us information, write to us and we will delete it.

## Security

Connections to Loupe are encrypted, passwords are hashed, and access to personal information is limited to the people who need it. No system is perfectly secure; if a breach affects you, we will tell you as the law requires.

## Changes

When we change this policy we update the date at the top, and we email account holders about significant changes before they take effect.

## Contact

Privacy questions and requests: **privacy@loupe.example**, or Loupe Marketplace, Inc., Attn: Privacy, 500 Example Avenue, Suite 12, New York, NY 10001.`,
  },
};
