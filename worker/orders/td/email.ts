/**
 * The lender's later decision on a referred financing application, by email (docs/decisions/034): approved —
 * the order is paid; declined — nothing was charged, pay another way. Transactional: no unsubscribe. Registered
 * in worker/email/templates.ts as "financing-decision"; sent once per decision by the Cron Trigger (cron.ts).
 */
import type { EmailContent } from "../../email/layout";
import { formatCents } from "#shared/cents.ts";

export interface FinancingDecisionEmailData {
  orderNumber: string;
  outcome: "approved" | "declined";
  amountCents: number;
  /** The order's emailed link (/orders/{number}-{key}). */
  link: string;
}

const usd = formatCents;

/** The email's content (worker/email/layout.ts renders both bodies, escaping every text). */
export function financingDecisionEmail(d: FinancingDecisionEmailData): EmailContent {
  if (d.outcome === "approved")
    return {
      subject: `Your financing is approved: order ${d.orderNumber} is paid`,
      preheader: `The lender approved your application; ${usd(d.amountCents)} is financed.`,
      heading: "Your financing is approved",
      blocks: [
        { kind: "p", text: `Good news: the lender approved your financing application, and order ${d.orderNumber} is paid (${usd(d.amountCents)}).` },
        { kind: "p", text: "We are preparing your order and will email you when it ships." },
        { kind: "button", label: "View my order", href: d.link },
        { kind: "p", text: "Keep this email: the link shows your order for 90 days, without signing in. Do not forward it." },
      ],
    };
  return {
    subject: `Your financing application for order ${d.orderNumber} was declined`,
    preheader: "Nothing was charged. Your order is saved: you can pay another way.",
    heading: "Your financing application was declined",
    blocks: [
      { kind: "p", text: `The lender declined your financing application for order ${d.orderNumber}. Nothing was charged.` },
      { kind: "p", text: `Your order is saved: you can pay its ${usd(d.amountCents)} another way from your order's page.` },
      { kind: "button", label: "Pay another way", href: d.link },
      { kind: "p", text: "Keep this email: the link shows your order for 90 days, without signing in. Do not forward it." },
    ],
  };
}
