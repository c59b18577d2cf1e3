/**
 * The shipping notice (issue 22 point 6): sent when an operator marks an order shipped (and again on request), with
 * the carrier, the tracking number — a link to the carrier's tracking page when the carrier is one we know — and
 * the order's own link. Transactional: no unsubscribe. Registered in worker/email/templates.ts as "order-shipped".
 */
import type { EmailContent } from "../../email/layout";

/** What the email carries (links are absolute URLs). */
export interface ShippingNoticeData {
  orderNumber: string;
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page for the number, or null for a carrier we have no link for. */
  trackingLink: string | null;
  /** The order's own page (/orders/{number}-{key}). */
  link: string;
}

/** Tracking pages of the carriers the shop ships with (the number appended, URL-encoded). */
const TRACKING: Record<string, string> = {
  ups: "https://www.ups.com/track?tracknum=",
  fedex: "https://www.fedex.com/fedextrack/?trknbr=",
  usps: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
  dhl: "https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=",
};

/** The carrier's tracking page for a number ("UPS", "FedEx", "USPS", "DHL", any case), else null. */
export function trackingLink(carrier: string, trackingNumber: string): string | null {
  const base = TRACKING[carrier.toLowerCase().replace(/[^a-z]/g, "")];
  return base ? `${base}${encodeURIComponent(trackingNumber.replace(/\s+/g, ""))}` : null;
}

/** The email's content (worker/email/layout.ts renders both bodies, escaping every text). */
export function shippingNoticeEmail(d: ShippingNoticeData): EmailContent {
  return {
    subject: `Your Loupe order ${d.orderNumber} has shipped`,
    preheader: `${d.carrier} tracking number ${d.trackingNumber}.`,
    heading: "Your order is on its way",
    blocks: [
      { kind: "p", text: `Good news: order ${d.orderNumber} has left us with ${d.carrier}.` },
      { kind: "p", text: "Tracking number:" },
      { kind: "code", text: d.trackingNumber },
      ...(d.trackingLink ? [{ kind: "button" as const, label: `Track it with ${d.carrier}`, href: d.trackingLink }] : []),
      { kind: "p", text: "Someone will need to sign for it: insured jewellery is never left at the door." },
      { kind: "button", label: "View my order", href: d.link },
    ],
  };
}
