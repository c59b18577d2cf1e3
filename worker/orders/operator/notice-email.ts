/**
 * A notice to the operators (OPERATOR_EMAIL, when configured) about something the shop did on its own that they
 * should know of — a capture given back because its order could no longer take it (capture-refund.ts). Registered in
 * worker/email/templates.ts as "operator-notice".
 */
import type { EmailContent } from "../../email/layout";

export interface OperatorNoticeData {
  orderNumber: string;
  /** One line: what happened. */
  headline: string;
  /** What the operators should know, one paragraph each. */
  lines: string[];
  /** The order in the operators' pages (/operator/orders/{n}). */
  link: string;
}

export function operatorNoticeEmail(d: OperatorNoticeData): EmailContent {
  return {
    subject: `Order ${d.orderNumber}: ${d.headline}`,
    preheader: d.lines[0] ?? d.headline,
    heading: d.headline,
    blocks: [...d.lines.map((text) => ({ kind: "p" as const, text })), { kind: "button", label: `Open order ${d.orderNumber}`, href: d.link }],
  };
}
