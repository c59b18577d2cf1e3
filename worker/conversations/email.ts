/**
 * The concierge's answer by email to a signed-in shopper (docs/decisions/044-concierge-chat.md): who answered, the
 * answer, and a link back to the page the shopper wrote from (the chat panel is there). Transactional (the shopper
 * asked): no unsubscribe. Registered in worker/email/templates.ts as "concierge-reply".
 */
import type { EmailContent } from "../email/layout";

export interface ConciergeReplyEmailData {
  firstName: string;
  operator: string;
  answer: string;
  /** An absolute URL on this site. */
  link: string;
}

/** The email's content (worker/email/layout.ts renders both bodies, escaping every text). */
export function conciergeReplyEmail(d: ConciergeReplyEmailData): EmailContent {
  return {
    subject: `${d.operator} answered your question`,
    preheader: `Your Loupe concierge ${d.operator} answered in the chat.`,
    heading: "Your concierge answered",
    blocks: [
      { kind: "p", text: `Hello ${d.firstName || "there"},` },
      { kind: "p", text: `${d.operator} answered your message:` },
      ...d.answer.split(/\n{2,}/).map((text) => ({ kind: "p" as const, text })),
      { kind: "button", label: "Continue the conversation", href: d.link },
    ],
  };
}
