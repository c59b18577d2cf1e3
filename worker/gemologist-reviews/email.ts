/**
 * The gemologist's answer by email (docs/decisions/029-gemologist-reviews.md): the verdict, the answer and who
 * gave it, with a link to the report. Transactional (the shopper asked for it): no unsubscribe. Registered in
 * worker/email/templates.ts as "gemologist-review".
 */
import type { EmailContent } from "../email/layout";

/** What the email carries (the link is an absolute URL on this site). */
export interface GemologistReviewEmailData {
  firstName: string;
  /** The report's title ("1.01 ct G VS1 Excellent Round"). */
  title: string;
  /** "Recommended", "Acceptable" or "Not recommended". */
  verdict: string;
  answer: string;
  gemologist: string;
  link: string;
}

/** The email's content (worker/email/layout.ts renders both bodies, escaping every text). */
export function gemologistReviewEmail(d: GemologistReviewEmailData): EmailContent {
  return {
    subject: `A gemologist reviewed your ${d.title}`,
    preheader: `${d.verdict}: ${d.gemologist}'s review of your ${d.title}.`,
    heading: "Your gemologist review",
    blocks: [
      { kind: "p", text: `Hello ${d.firstName || "there"},` },
      { kind: "p", text: `${d.gemologist} looked at your ${d.title}. Verdict: ${d.verdict}.` },
      ...d.answer.split(/\n{2,}/).map((text) => ({ kind: "p" as const, text })),
      { kind: "button", label: "Open my report", href: d.link },
      { kind: "p", text: "Questions about the answer? Reply to this email and the gemologist will get back to you." },
    ],
  };
}
