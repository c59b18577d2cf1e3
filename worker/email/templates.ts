/**
 * The product's emails: each template's data (links are absolute URLs on this site) and what it says —
 * a subject, an HTML body and a plain-text body (both from one content description, layout.ts) and the
 * extra headers. Marketing emails (complete-account, welcome-offer, alert-digest) carry RFC 8058 one-click unsubscribe
 * headers; transactional ones (confirm, reset, password changed, already registered) do not.
 * The outbox stores the template's name and data; the email is rendered when it is sent or shown.
 */
import { contentLinks, type EmailContent, type EmailLink, renderHtml, renderText } from "./layout";
import { type WizardEmailData, wizardRecommendationsEmail } from "../search-wizard/email";
import { type GemologistReviewEmailData, gemologistReviewEmail } from "../gemologist-reviews/email";
import { type OrderConfirmationEmailData, orderConfirmationEmail } from "../orders/confirmation-email";
import { type MissingRingSizeEmailData, missingRingSizeEmail } from "../orders/ring-size/email";
import { type ExpiryReminderEmailData, type OrderExpiredEmailData, expiryReminderEmail, orderExpiredEmail } from "../orders/expiry-email";
import { type ReviewInvitationData, reviewInvitationEmail } from "../orders/reviews/email";
import { type FinancingDecisionEmailData, financingDecisionEmail } from "../orders/td/email";
import { type ConfirmAvailabilityEmailData, confirmAvailabilityEmail, type ItemUnavailableEmailData, itemUnavailableEmail } from "../orders/care/email";
import { type ShippingNoticeData, shippingNoticeEmail } from "../orders/operator/email";
import { type OperatorNoticeData, operatorNoticeEmail } from "../orders/operator/notice-email";
import { type ConciergeReplyEmailData, conciergeReplyEmail } from "../conversations/email";
import { formatCents } from "#shared/cents.ts";

export interface TemplateData {
  /** After registering: the confirmation link (/register/confirm?…). */
  "confirm-email": { firstName: string; link: string };
  /** Someone registered again with an existing account's email: sign in or reset instead. */
  "already-registered": { firstName: string; signInLink: string; resetLink: string };
  /** Someone signed in with a Facebook account giving this address: the link (/login/facebook/link?…, one hour) adds it to this account. */
  "link-facebook": { firstName: string; link: string };
  /** A reset link (/reset?…), valid one hour. */
  "reset-password": { firstName: string; link: string };
  /** The password was changed or reset: if it was not you, reset it. */
  "password-changed": { firstName: string; resetLink: string };
  /** A partial account's invitation to complete itself (/register?complete…). */
  "complete-account": { link: string; unsubscribeLink: string };
  /** The welcome popup's offer ($100 off). */
  "welcome-offer": { code: string; shopLink: string; unsubscribeLink: string | null };
  /** An order's confirmation (orders/EmailOrder, and when it is paid): its breakdown, amount, address, status and link (worker/orders/confirmation-email.ts). */
  "order-confirmation": OrderConfirmationEmailData;
  /**
   * The alert run's digest (worker/my-stuff/alerts/digest.ts): per saved search its newest stones (at most
   * STONES_PER_SEARCH_IN_EMAIL) and how many more, the favourites' price drops, the link to every stone, a
   * partial account's completion link, and the alerts list's one-click unsubscribe.
   */
  "alert-digest": {
    /** `kind`: what a search lists (absent in emails queued before setting alerts: diamonds). */
    searches: { title: string; kind?: "diamond" | "setting" | "jewellery"; link: string; stones: { label: string; priceCents: number }[]; more: number }[];
    priceDrops: { label: string; fromCents: number; toCents: number }[];
    seeAllLink: string;
    completeAccountLink: string | null;
    unsubscribeLink: string;
  };
  /** The search wizard's recommendations (worker/search-wizard/email.ts). */
  "wizard-recommendations": WizardEmailData;
  /** A gemologist's answer to a report's review request (worker/gemologist-reviews/email.ts). */
  "gemologist-review": GemologistReviewEmailData;
  /** A paid order's ring ordered without its size: the link to give it (worker/orders/ring-size/email.ts). */
  "missing-ring-size": MissingRingSizeEmailData;
  /** An unpaid order expires in 2 hours (worker/orders/expiry-email.ts). */
  "order-expiry-reminder": ExpiryReminderEmailData;
  /** An unpaid order expired: the cart link to order again (worker/orders/expiry-email.ts). */
  "order-expired": OrderExpiredEmailData;
  /** A delivered order's star links per product, the survey and the unsubscribe link (worker/orders/reviews/email.ts). */
  "review-invitation": ReviewInvitationData;
  /** The lender's later decision on a referred financing application (worker/orders/td/email.ts). */
  "financing-decision": FinancingDecisionEmailData;
  /** A retailer is asked to confirm its stones of a paid order (worker/orders/care/email.ts). */
  "order-confirm-availability": ConfirmAvailabilityEmailData;
  /** A stone of the shopper's order is unavailable: the link to choose a substitute or a refund. */
  "order-item-unavailable": ItemUnavailableEmailData;
  /** An order's shipping notice: carrier, tracking number and link (worker/orders/operator/email.ts). */
  "order-shipped": ShippingNoticeData;
  /** The operators are told what the shop did on its own (a capture given back: worker/orders/operator/notice-email.ts). */
  "operator-notice": OperatorNoticeData;
  /** The concierge answered a signed-in shopper in the chat (worker/conversations/email.ts). */
  "concierge-reply": ConciergeReplyEmailData;
}

export type EmailTemplate = keyof TemplateData;

export type EmailMessage = { [T in EmailTemplate]: { to: string; template: T; data: TemplateData[T] } }[EmailTemplate];

/** An email ready for the provider (and for /dev/outbox). */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** Extra headers: `List-Unsubscribe` and `List-Unsubscribe-Post` on marketing emails, none otherwise. */
  headers: Record<string, string>;
  /** The links the email carries, in reading order. */
  links: EmailLink[];
}

const usd = formatCents;

const greeting = (firstName: string) => (firstName.trim() ? `Hi ${firstName.trim()},` : "Hello,");

/** What each template says. */
const CONTENT: { [T in EmailTemplate]: (data: TemplateData[T]) => EmailContent } = {
  "confirm-email": (d) => ({
    subject: "Confirm your email address",
    preheader: "One click to finish creating your Loupe account.",
    heading: "Confirm your email address",
    blocks: [
      { kind: "p", text: greeting(d.firstName) },
      { kind: "p", text: "Thanks for creating a Loupe account. Confirm that this is your email address to finish setting it up." },
      { kind: "button", label: "Confirm my email", href: d.link },
      { kind: "p", text: "If you did not create an account, you can ignore this email." },
    ],
  }),
  "already-registered": (d) => ({
    subject: "You already have a Loupe account",
    preheader: "Sign in, or reset your password if you have forgotten it.",
    heading: "You already have an account",
    blocks: [
      { kind: "p", text: greeting(d.firstName) },
      { kind: "p", text: "Someone tried to register with this email address, but it already has a Loupe account. Sign in instead:" },
      { kind: "button", label: "Sign in", href: d.signInLink },
      { kind: "p", text: "Forgotten your password? Choose a new one:" },
      { kind: "button", label: "Reset my password", href: d.resetLink },
      { kind: "p", text: "If this was not you, you can ignore this email: nothing has changed." },
    ],
  }),
  "link-facebook": (d) => ({
    subject: "Add Facebook sign-in to your Loupe account?",
    preheader: "Only if you just signed in with Facebook.",
    heading: "Sign in with Facebook?",
    blocks: [
      { kind: "p", text: greeting(d.firstName) },
      {
        kind: "p",
        text: "Someone just signed in to Loupe with a Facebook account that gives this email address. If it was you, add Facebook sign-in to your account (the link works for one hour):",
      },
      { kind: "button", label: "Add Facebook sign-in", href: d.link },
      { kind: "p", text: "If this was not you, ignore this email: your account is unchanged and that Facebook account cannot use it." },
    ],
  }),
  "reset-password": (d) => ({
    subject: "Reset your Loupe password",
    preheader: "Choose a new password. The link is valid for one hour.",
    heading: "Reset your password",
    blocks: [
      { kind: "p", text: greeting(d.firstName) },
      { kind: "p", text: "We received a request to reset the password of your Loupe account. The link is valid for one hour and works once." },
      { kind: "button", label: "Choose a new password", href: d.link },
      { kind: "p", text: "If you did not ask for this, you can ignore this email: your password has not changed." },
    ],
  }),
  "password-changed": (d) => ({
    subject: "Your Loupe password was changed",
    preheader: "If this was not you, reset your password now.",
    heading: "Your password was changed",
    blocks: [
      { kind: "p", text: greeting(d.firstName) },
      { kind: "p", text: "The password of your Loupe account was just changed, and every other device was signed out." },
      { kind: "p", text: "If this was not you, reset your password now:" },
      { kind: "button", label: "Reset my password", href: d.resetLink },
    ],
  }),
  "complete-account": (d) => ({
    subject: "Finish setting up your Loupe account",
    preheader: "Add a password to save searches, track orders and see your rings anywhere.",
    heading: "Finish setting up your account",
    blocks: [
      { kind: "p", text: "Hello," },
      {
        kind: "p",
        text: "You started a Loupe account with this email address. Add your name and a password to save searches, track orders and find your cart on any device.",
      },
      { kind: "button", label: "Complete my account", href: d.link },
    ],
    unsubscribeLink: d.unsubscribeLink,
  }),
  "welcome-offer": (d) => ({
    subject: "Your $100 welcome offer",
    preheader: `Use ${d.code} for $100 off your first order.`,
    heading: "$100 off your first order",
    blocks: [
      { kind: "p", text: "Welcome to Loupe. Here is your code for $100 off your first order:" },
      { kind: "code", text: d.code },
      { kind: "p", text: "Enter it in your cart at checkout." },
      { kind: "button", label: "Start shopping", href: d.shopLink },
    ],
    unsubscribeLink: d.unsubscribeLink,
  }),
  "order-confirmation": orderConfirmationEmail,
  "alert-digest": (d) => {
    const count = (kind: "diamond" | "setting" | "jewellery") =>
      d.searches.filter((s) => (s.kind ?? "diamond") === kind).reduce((n, s) => n + s.stones.length + s.more, 0);
    const counted = (n: number, one: string, many: string) => (n ? `${n} new ${n === 1 ? one : many}` : null);
    const news = [
      counted(count("diamond"), "diamond", "diamonds"),
      counted(count("setting"), "setting", "settings"),
      counted(count("jewellery"), "piece of jewellery", "pieces of jewellery"),
      d.priceDrops.length ? `${d.priceDrops.length} price ${d.priceDrops.length === 1 ? "drop" : "drops"}` : null,
    ].filter((x): x is string => x !== null);
    const summary = news.length > 1 ? `${news.slice(0, -1).join(", ")} and ${news.at(-1)}` : (news[0] ?? "");
    return {
      subject: `Your Loupe alerts: ${summary}`,
      preheader: `${summary} for your saved searches and favourites.`,
      heading: "News for your saved searches",
      blocks: [
        ...d.searches.flatMap((s) => [
          { kind: "p" as const, text: `${s.title}:` },
          ...s.stones.map((x) => ({ kind: "p" as const, text: `${x.label}: ${usd(x.priceCents)}` })),
          ...(s.more > 0 ? [{ kind: "p" as const, text: `and ${s.more} more` }] : []),
          { kind: "button" as const, label: "Open this search", href: s.link },
        ]),
        ...(d.priceDrops.length ? [{ kind: "p" as const, text: "Price drops on your favourites:" }] : []),
        ...d.priceDrops.map((x) => ({ kind: "p" as const, text: `${x.label}: now ${usd(x.toCents)} (was ${usd(x.fromCents)})` })),
        { kind: "button", label: "See all", href: d.seeAllLink },
        ...(d.completeAccountLink
          ? [
              { kind: "p" as const, text: "Add a password to your account to manage your alerts and favourites on any device:" },
              { kind: "button" as const, label: "Complete my account", href: d.completeAccountLink },
            ]
          : []),
      ],
      unsubscribeLink: d.unsubscribeLink,
    };
  },
  "wizard-recommendations": wizardRecommendationsEmail,
  "gemologist-review": gemologistReviewEmail,
  "missing-ring-size": missingRingSizeEmail,
  "order-expiry-reminder": expiryReminderEmail,
  "order-expired": orderExpiredEmail,
  "review-invitation": reviewInvitationEmail,
  "financing-decision": financingDecisionEmail,
  "order-confirm-availability": confirmAvailabilityEmail,
  "order-item-unavailable": itemUnavailableEmail,
  "order-shipped": shippingNoticeEmail,
  "operator-notice": operatorNoticeEmail,
  "concierge-reply": conciergeReplyEmail,
};

/** The names of every template. */
export const EMAIL_TEMPLATES = Object.keys(CONTENT) as EmailTemplate[];

/** True for a template name this build can render (stored rows are checked before rendering). */
export function isEmailTemplate(name: string): name is EmailTemplate {
  return Object.hasOwn(CONTENT, name);
}

/** Renders an email: subject, both bodies, headers (one-click unsubscribe for marketing emails) and links. */
export function renderEmail(message: Pick<EmailMessage, "template" | "data">): RenderedEmail {
  const content = (CONTENT[message.template] as (data: unknown) => EmailContent)(message.data);
  const headers: Record<string, string> = {};
  if (content.unsubscribeLink) {
    headers["List-Unsubscribe"] = `<${content.unsubscribeLink}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return { subject: content.subject, html: renderHtml(content), text: renderText(content), headers, links: contentLinks(content) };
}
