/**
 * The email asking for a missing ring size (issue 22 point 4): what it says. Registered as the template
 * `missing-ring-size` in worker/email/templates.ts; sent once per paid order (notify.ts).
 */
import type { EmailContent } from "../../email/layout";

export interface MissingRingSizeEmailData {
  orderNumber: string;
  /** The ring and bands still missing a size. */
  items: { name: string }[];
  /** `/orders/missing-ring-size/{n}?key=…` (absolute). */
  link: string;
  /** How to measure at home (absolute), or null. */
  guideLink: string | null;
}

export function missingRingSizeEmail(d: MissingRingSizeEmailData): EmailContent {
  return {
    subject: `Your ring size for order ${d.orderNumber}`,
    preheader: "Tell us the size once you know it: a free ring sizer is on its way to you.",
    heading: "What is your ring size?",
    blocks: [
      {
        kind: "p",
        text: `Thank you for your order ${d.orderNumber}. You chose to give the ring size after ordering, so we are sending you a free ring sizer to measure at home.`,
      },
      ...d.items.map((i) => ({ kind: "p" as const, text: `Needs a size: ${i.name}` })),
      { kind: "p", text: "Once you know the size, choose it here. We prepare the ring as soon as we have it." },
      { kind: "button", label: "Give my ring size", href: d.link },
      ...(d.guideLink ? [{ kind: "button" as const, label: "How to measure your ring size", href: d.guideLink }] : []),
      { kind: "p", text: "The link is for this order only: please do not forward this email." },
    ],
  };
}
