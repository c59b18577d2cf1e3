/**
 * One table from what a provider said to what it does (docs/decisions/061-one-payment-seam.md): for each
 * outcome — captured, declined, cancelled, pending, referred by a lender, unknown (the provider could not be
 * reached or timed out) — the payment's new status, the order's event, and what the shopper is told. The one
 * approval path (worker/orders/approve.ts) reads it; no route decides any of it.
 */
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import type { OrderEvent } from "#shared/orders/states.ts";
import type { CaptureOutcome } from "./provider";
import type { PaymentStatus } from "./store";

export type OutcomeStatus = CaptureOutcome["status"];

export interface OutcomeRule {
  /** The payment's status after it (pending and referred stay open: the provider decides later). */
  payment: PaymentStatus;
  /** The order's event, or null when the order keeps waiting as it is. */
  event: OrderEvent | null;
  /** The approval's answer. */
  answer: ApprovalResult["outcome"];
  /** What the shopper reads. */
  message: (outcome: CaptureOutcome) => string;
}

export const MESSAGES = {
  paid: "Thank you: your payment is received and your order is confirmed.",
  declined: "The payment was declined. Nothing was charged; please try another card or method.",
  pending: "The payment is being processed; we will email you when it is confirmed.",
  processing: "Your payment is being confirmed right now.",
  referred: "The lender is reviewing your application; we will email you as soon as it decides. Your order is saved.",
  cancelled: "The payment was cancelled and nothing was charged; choose how you would like to pay.",
  mismatch: "The amount the provider reports differs from the order's; our team will check it and contact you.",
  unknown: "Your order is saved and nothing more was charged; please try again in a moment.",
} as const;

export const OUTCOMES: Record<OutcomeStatus, OutcomeRule> = {
  captured: { payment: "captured", event: "payment_captured", answer: "paid", message: () => MESSAGES.paid },
  declined: {
    payment: "declined",
    event: "payment_declined",
    answer: "declined",
    message: (o) => (o.status === "declined" ? `${o.reason} Nothing was charged; please try another card or method.` : MESSAGES.declined),
  },
  // The shopper chose not to pay this way: nothing charged, the order waits for another payment.
  cancelled: { payment: "cancelled", event: null, answer: "cancelled", message: () => MESSAGES.cancelled },
  pending: { payment: "pending", event: null, answer: "pending", message: () => MESSAGES.pending },
  // The lender decides later: the order waits for it (longer than an unpaid order would: REFERRED_EXPIRY_MS).
  referred: { payment: "pending", event: "financing_referred", answer: "referred", message: () => MESSAGES.referred },
};

/** A referred financing application waits this long for the lender before the order expires. */
export const REFERRED_EXPIRY_MS = 7 * 24 * 3600_000;

/**
 * Whether `outcome` may change a payment in `status` — applied by state, not by arrival order: an open payment
 * takes any outcome; a capture wins over an earlier decline or cancellation of the same payment (the money was
 * taken after all); nothing changes a captured or refunded payment, and a decline never undoes a capture.
 */
export function applies(status: PaymentStatus, outcome: OutcomeStatus): boolean {
  if (status === "created" || status === "pending") return true;
  return outcome === "captured" && (status === "declined" || status === "cancelled");
}

/** The answer for a payment already in `status` (nothing asked, nothing changed). */
export function answerOfStatus(status: PaymentStatus, declineReason: string | null): { answer: ApprovalResult["outcome"]; message: string } {
  if (status === "captured" || status === "refunded") return { answer: "paid", message: MESSAGES.paid };
  if (status === "declined") return { answer: "declined", message: declineReason ?? MESSAGES.declined };
  if (status === "cancelled") return { answer: "cancelled", message: MESSAGES.cancelled };
  return { answer: "pending", message: MESSAGES.pending };
}
