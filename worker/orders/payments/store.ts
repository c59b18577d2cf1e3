/**
 * Payments and payment events in D1 (migrations/0010_orders_and_payments.sql). A payment is one attempt to
 * collect an order's amount through one provider; its idempotency key is what the provider sees on every
 * retry. Only the request holding a payment's claim (a short lease) talks to the provider about it, so
 * however many approvals arrive at once, one capture is asked for.
 */
import type { CaptureOutcome, ProviderName } from "./provider";

export type PaymentProvider = ProviderName | "wire";
export type PaymentStatus = "created" | "captured" | "declined" | "pending" | "cancelled" | "refunded";

export interface PaymentRow {
  id: string;
  order_number: string;
  provider: PaymentProvider;
  method: string;
  amount_cents: number;
  currency: "USD";
  status: PaymentStatus;
  provider_payment_id: string | null;
  provider_capture_id: string | null;
  approval_url: string | null;
  client_secret: string | null;
  idempotency_key: string;
  /** The payment request it pays, or null for the order's own amount. */
  request_id: string | null;
  claimed_until: number;
  decline_reason: string | null;
  /** Given back so far (refunds through the provider). */
  refunded_cents: number;
  /** What the provider last said about it (JSON ProviderState), and when it was asked (docs/decisions/063-reconciler.md). */
  provider_state: string | null;
  provider_checked_at: number | null;
  created_at: number;
  updated_at: number;
}

/** How long one request may hold a payment while it asks the provider (longer than any provider call with its retries). */
export const CLAIM_MS = 60_000;

/** The payment still open for this order and provider (created or pending) — of the order's amount, or of one payment request. */
export function openPayment(db: D1Database, orderNumber: string, provider: PaymentProvider, requestId: string | null = null): Promise<PaymentRow | null> {
  return db
    .prepare(
      "SELECT * FROM payments WHERE order_number = ? AND provider = ? AND request_id IS ? AND status IN ('created', 'pending') ORDER BY created_at DESC LIMIT 1",
    )
    .bind(orderNumber, provider, requestId)
    .first<PaymentRow>();
}

export function paymentsOf(db: D1Database, orderNumber: string): Promise<PaymentRow[]> {
  return db
    .prepare("SELECT * FROM payments WHERE order_number = ? ORDER BY created_at")
    .bind(orderNumber)
    .all<PaymentRow>()
    .then((r) => r.results);
}

export function findPayment(db: D1Database, id: string): Promise<PaymentRow | null> {
  return db.prepare("SELECT * FROM payments WHERE id = ?").bind(id).first<PaymentRow>();
}

export function paymentByProviderId(db: D1Database, provider: PaymentProvider, providerPaymentId: string): Promise<PaymentRow | null> {
  return db.prepare("SELECT * FROM payments WHERE provider = ? AND provider_payment_id = ?").bind(provider, providerPaymentId).first<PaymentRow>();
}

/** A new payment attempt (the same idempotency key gives back the same row). */
export async function insertPayment(
  db: D1Database,
  p: {
    orderNumber: string;
    provider: PaymentProvider;
    method: string;
    amountCents: number;
    idempotencyKey: string;
    status?: PaymentStatus;
    requestId?: string | null;
  },
  now: number,
): Promise<PaymentRow> {
  await db
    .prepare(
      `INSERT INTO payments (id, order_number, provider, method, amount_cents, status, idempotency_key, request_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(
      `pay_${crypto.randomUUID().replace(/-/g, "")}`,
      p.orderNumber,
      p.provider,
      p.method,
      p.amountCents,
      p.status ?? "created",
      p.idempotencyKey,
      p.requestId ?? null,
      now,
      now,
    )
    .run();
  return (await db.prepare("SELECT * FROM payments WHERE idempotency_key = ?").bind(p.idempotencyKey).first<PaymentRow>())!;
}

/** What the provider made of the payment: its id, and where (or with what) the buyer approves. */
export async function setCreated(
  db: D1Database,
  id: string,
  created: { providerPaymentId: string | null; approvalUrl: string | null; clientSecret: string | null },
  now: number,
): Promise<PaymentRow> {
  return (await db
    .prepare(
      `UPDATE payments SET provider_payment_id = COALESCE(provider_payment_id, ?), approval_url = COALESCE(approval_url, ?), client_secret = COALESCE(client_secret, ?),
         updated_at = ? WHERE id = ? RETURNING *`,
    )
    .bind(created.providerPaymentId, created.approvalUrl, created.clientSecret, now, id)
    .first<PaymentRow>())!;
}

/** Takes the payment's claim (it is open and nobody holds a live claim), or null. */
export function claimPayment(db: D1Database, id: string, now: number): Promise<PaymentRow | null> {
  return db
    .prepare("UPDATE payments SET claimed_until = ?, updated_at = ? WHERE id = ? AND status IN ('created', 'pending') AND claimed_until <= ? RETURNING *")
    .bind(now + CLAIM_MS, now, id, now)
    .first<PaymentRow>();
}

export async function releaseClaim(db: D1Database, id: string): Promise<void> {
  await db.prepare("UPDATE payments SET claimed_until = 0 WHERE id = ?").bind(id).run();
}

/** The statement that records what a provider said (a provider event id is stored once: a replay fails the unique index). */
export function eventStatement(
  db: D1Database,
  e: {
    paymentId: string | null;
    orderNumber: string | null;
    provider: string;
    kind: string;
    providerEventId?: string | null;
    verified: boolean;
    payload: unknown;
  },
  now: number,
): D1PreparedStatement {
  return db
    .prepare("INSERT INTO payment_events (payment_id, order_number, provider, kind, provider_event_id, verified, payload, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(
      e.paymentId,
      e.orderNumber,
      e.provider,
      e.kind,
      e.providerEventId ?? null,
      e.verified ? 1 : 0,
      JSON.stringify(e.payload ?? null).slice(0, 20_000),
      now,
    );
}

/**
 * The statement that settles a payment with the provider's outcome: an open payment takes any; a capture also
 * settles a payment declined or cancelled before (payments/outcomes.ts `applies`: the money was taken after all).
 */
export function settleStatement(db: D1Database, id: string, outcome: CaptureOutcome, now: number): D1PreparedStatement {
  if (outcome.status === "captured")
    return db
      .prepare(
        "UPDATE payments SET status = 'captured', provider_capture_id = ?, claimed_until = 0, updated_at = ? WHERE id = ? AND status IN ('created', 'pending', 'declined', 'cancelled')",
      )
      .bind(outcome.providerCaptureId, now, id);
  if (outcome.status === "declined")
    return db
      .prepare(
        "UPDATE payments SET status = 'declined', decline_reason = ?, claimed_until = 0, updated_at = ? WHERE id = ? AND status IN ('created', 'pending')",
      )
      .bind(outcome.reason.slice(0, 500), now, id);
  if (outcome.status === "cancelled")
    return db
      .prepare(
        "UPDATE payments SET status = 'cancelled', decline_reason = ?, claimed_until = 0, updated_at = ? WHERE id = ? AND status IN ('created', 'pending')",
      )
      .bind(outcome.reason.slice(0, 500), now, id);
  // Pending, or referred to a lender: the payment stays open, waiting for the provider's decision.
  return db
    .prepare("UPDATE payments SET status = 'pending', claimed_until = 0, updated_at = ? WHERE id = ? AND status IN ('created', 'pending')")
    .bind(now, id);
}

/** What the provider last said about a payment: its word (or `unreachable`), the capture or refund it named, and why. */
export interface ProviderState {
  status: CaptureOutcome["status"] | "refunded" | "unreachable";
  captureId?: string;
  refundId?: string;
  reason?: string;
}

/** The provider's word in an outcome, as stored on the payment. */
export function stateOfOutcome(outcome: CaptureOutcome): ProviderState {
  if (outcome.status === "captured") return { status: "captured", captureId: outcome.providerCaptureId };
  if (outcome.status === "declined" || outcome.status === "cancelled") return { status: outcome.status, reason: outcome.reason.slice(0, 300) };
  return { status: outcome.status };
}

/** The statement that stores what the provider said about payment `id` at `now` (the operator's order view shows it). */
export function providerStateStatement(db: D1Database, id: string, state: ProviderState, now: number): D1PreparedStatement {
  return db.prepare("UPDATE payments SET provider_state = ?, provider_checked_at = ? WHERE id = ?").bind(JSON.stringify(state), now, id);
}
