/**
 * The after-order emails of availability (docs/decisions/035-availability-and-substitutes.md), registered in
 * worker/email/templates.ts: a retailer is asked to confirm its stones of a paid order (with its key for the
 * confirm call), and a shopper whose stone is unavailable gets the link to choose a substitute or a refund.
 * Both transactional: no unsubscribe.
 */
import type { EmailContent } from "../../email/layout";

/** "Please confirm these stones": to the retailer of lines of a paid order. */
export interface ConfirmAvailabilityEmailData {
  retailerName: string;
  orderNumber: string;
  stones: { lineId: string; name: string; sku: string | null }[];
  retailerId: number;
  /** The retailer's key for this order (an HMAC of the order number and the retailer id). */
  key: string;
  /** The call to make: `PUT https://…/api/orders/confirm-order-items-availability/{n}`. */
  confirmCall: string;
  /** The API's reference (the OpenAPI document of this site). */
  referenceLink: string;
}

/** A stone of the shopper's order is unavailable: choose a similar one or a refund. */
export interface ItemUnavailableEmailData {
  orderNumber: string;
  items: { name: string }[];
  /** `/orders/substitute/{n}?key=…` (the order's key). */
  link: string;
}

export function confirmAvailabilityEmail(d: ConfirmAvailabilityEmailData): EmailContent {
  const body = JSON.stringify({ retailerId: d.retailerId, key: d.key, items: d.stones.map((s) => ({ lineId: s.lineId, available: true })) });
  return {
    subject: `Please confirm these stones: Loupe order ${d.orderNumber}`,
    preheader: `${d.stones.length} ${d.stones.length === 1 ? "item" : "items"} of order ${d.orderNumber} to confirm.`,
    heading: "Please confirm these stones",
    blocks: [
      { kind: "p", text: `Hello ${d.retailerName},` },
      { kind: "p", text: `Order ${d.orderNumber} is paid. Please tell us whether each of these is still available:` },
      ...d.stones.map((s) => ({ kind: "p" as const, text: `${s.lineId}: ${s.name}${s.sku ? ` (stock number ${s.sku})` : ""}` })),
      { kind: "p", text: `Answer with ${d.confirmCall} and this JSON body (available: false for a stone you cannot supply):` },
      { kind: "code", text: body },
      { kind: "p", text: "The key works for this order only. If a stone is unavailable, the shopper chooses a similar stone or a refund." },
      { kind: "button", label: "API reference", href: d.referenceLink },
    ],
  };
}

export function itemUnavailableEmail(d: ItemUnavailableEmailData): EmailContent {
  const one = d.items.length === 1;
  return {
    subject: `${one ? "An item" : "Items"} of your Loupe order ${d.orderNumber} ${one ? "is" : "are"} no longer available`,
    preheader: "Choose a similar stone, or get your money back.",
    heading: one ? "A stone in your order is no longer available" : "Stones in your order are no longer available",
    blocks: [
      { kind: "p", text: `We are sorry: the retailer can no longer supply ${one ? "this item" : "these items"} of order ${d.orderNumber}:` },
      ...d.items.map((i) => ({ kind: "p" as const, text: i.name })),
      {
        kind: "p",
        text: "We picked up to five similar stones that are available now, with the price difference. Choose one, or get your money back for it.",
      },
      { kind: "button", label: "Choose a substitute", href: d.link },
      { kind: "p", text: "The link is for you: do not forward this email." },
    ],
  };
}
