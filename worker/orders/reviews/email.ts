/**
 * The email sent once when an order is delivered (decision 037): a one-click star row per product of the
 * order (each star count a link to `/orders/user-product-review/{rating}/{reviewId}/{key}`, where the stars
 * are already chosen and one button sends them), the survey (which also takes a review of the order as a
 * whole), and the unsubscribe link `/unsubscribe-user-review/{orderNumber}/{orderKey}` (also the one-click
 * List-Unsubscribe header). Registered in worker/email/templates.ts as "review-invitation".
 */
import type { EmailContent } from "../../email/layout";

/** What the email carries (links are absolute URLs on this site). */
export interface ReviewInvitationData {
  orderNumber: string;
  firstName: string;
  /** Per product line: its name and its five star links (1 to 5 stars). */
  products: { name: string; ratingLinks: string[] }[];
  surveyLink: string;
  unsubscribeLink: string;
}

/** The email's content (worker/email/layout.ts renders both bodies, escaping every text). */
export function reviewInvitationEmail(d: ReviewInvitationData): EmailContent {
  return {
    subject: `How is your Loupe order ${d.orderNumber}?`,
    preheader: "Rate what you bought with one click, and tell us how it went.",
    heading: "How did we do?",
    blocks: [
      { kind: "p", text: `Hello ${d.firstName || "there"},` },
      { kind: "p", text: `Your order ${d.orderNumber} was delivered. We hope you love it. Choose the stars for each piece to rate it:` },
      ...d.products.map((p) => ({ kind: "stars" as const, label: p.name, links: p.ratingLinks })),
      { kind: "p", text: "You can add a few words on the next page. A few questions about buying with us help us most of all:" },
      { kind: "button", label: "Answer our short survey", href: d.surveyLink },
    ],
    unsubscribeLink: d.unsubscribeLink,
  };
}
