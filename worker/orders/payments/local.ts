/**
 * The embedded test gateway (APP_ENV local, no provider configured): `npm start` pays every method through
 * it — PayPal, cards, Affirm, Splitit and TD financing — so a new user can place and pay an order end to end
 * with no account anywhere. It keeps its own books in D1 (local_gateway_payments) like a real provider would:
 * the shopper answers on its page (/dev/gateway/{id}: approve or decline; a lender also refers or cancels),
 * and the worker then captures — once: a capture repeated answers the first capture, and the table counts the
 * captures and refunds that really happened. A referred application waits for the "lender", who decides
 * later on the same page.
 */
import type { CaptureOutcome, CreatedPayment, PaymentAdapter, PaymentRequest, RefundOutcome } from "./provider";

/** What the gateway stands in for: its page offers that provider's answers. */
export type LocalStandsFor = "paypal" | "card" | "affirm" | "splitit" | "td";

export type LocalDecision = "approve" | "decline" | "refer" | "cancel";

export interface LocalGatewayRow {
  id: string;
  order_number: string;
  amount_cents: number;
  description: string;
  return_url: string;
  cancel_url: string;
  status: "created" | "approved" | "declined" | "referred" | "cancelled" | "captured";
  captures: number;
  stands_for: LocalStandsFor;
  refunded_cents: number;
  refunds: number;
}

const newId = () => `lgp_${crypto.randomUUID().replace(/-/g, "")}`;

/** Creates the gateway's payment (the same idempotency key answers the same payment); the buyer answers at `/dev/gateway/{id}`. */
export async function createLocalPayment(
  db: D1Database,
  origin: string,
  req: PaymentRequest,
  now: number,
  standsFor: LocalStandsFor = "paypal",
): Promise<CreatedPayment> {
  await db
    .prepare(
      `INSERT INTO local_gateway_payments (id, order_number, amount_cents, description, return_url, cancel_url, idempotency_key, status, created_at, stands_for)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'created', ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(newId(), req.orderNumber, req.amount.amountCents, req.description, req.returnUrl, req.cancelUrl, req.idempotencyKey, now, standsFor)
    .run();
  const row = await db.prepare("SELECT * FROM local_gateway_payments WHERE idempotency_key = ?").bind(req.idempotencyKey).first<LocalGatewayRow>();
  return { providerPaymentId: row!.id, approvalUrl: new URL(`/dev/gateway/${row!.id}`, origin).toString(), clientSecret: null, raw: row };
}

export function findLocalPayment(db: D1Database, id: string): Promise<LocalGatewayRow | null> {
  return db.prepare("SELECT * FROM local_gateway_payments WHERE id = ?").bind(id).first<LocalGatewayRow>();
}

/** Which answers the gateway's page offers for a payment in its state. */
export function decisionsFor(row: Pick<LocalGatewayRow, "status" | "stands_for">): LocalDecision[] {
  if (row.status === "created") return row.stands_for === "td" ? ["approve", "decline", "refer", "cancel"] : ["approve", "decline", "cancel"];
  // A referred application: the lender decides later.
  if (row.status === "referred") return ["approve", "decline"];
  return [];
}

const TO: Record<LocalDecision, LocalGatewayRow["status"]> = { approve: "approved", decline: "declined", refer: "referred", cancel: "cancelled" };

/** The buyer's (or, for a referred application, the lender's) decision — only one the payment's state allows. */
export async function decideLocalPayment(db: D1Database, id: string, decision: LocalDecision): Promise<LocalGatewayRow | null> {
  const from = decision === "approve" || decision === "decline" ? ["created", "referred"] : ["created"];
  const row = await db
    .prepare(
      `UPDATE local_gateway_payments SET status = ? WHERE id = ? AND status IN (SELECT value FROM json_each(?))
         AND (? != 'refer' OR stands_for = 'td') RETURNING *`,
    )
    .bind(TO[decision], id, JSON.stringify(from), decision)
    .first<LocalGatewayRow>();
  return row;
}

/** Captures an approved payment once; a capture of a captured one answers the same capture. */
export async function captureLocalPayment(db: D1Database, id: string): Promise<CaptureOutcome> {
  const captured = await db
    .prepare("UPDATE local_gateway_payments SET status = 'captured', captures = captures + 1 WHERE id = ? AND status = 'approved' RETURNING *")
    .bind(id)
    .first<LocalGatewayRow>();
  const row = captured ?? (await findLocalPayment(db, id));
  if (!row) return { status: "declined", reason: "The test gateway has no such payment.", raw: null };
  switch (row.status) {
    case "captured":
      return { status: "captured", providerCaptureId: `cap_${row.id}`, amount: { amountCents: row.amount_cents, currency: "USD" }, raw: row };
    case "declined":
      return {
        status: "declined",
        reason:
          row.stands_for === "td" || row.stands_for === "affirm" ? "The lender declined the application." : "The payment was declined at the test gateway.",
        raw: row,
      };
    case "referred":
      return { status: "referred", raw: row };
    case "cancelled":
      return { status: "cancelled", reason: "The payment was cancelled at the test gateway.", raw: row };
    default:
      // Not decided at the gateway yet (a return page opened early, or forged): nothing changes.
      return { status: "pending", raw: row };
  }
}

/**
 * Refunds part or all of a captured payment once per idempotency key (the gateway's books count refunds);
 * more than what is left to refund fails.
 */
export async function refundLocalPayment(db: D1Database, id: string, amountCents: number, idempotencyKey: string): Promise<RefundOutcome> {
  const refundId = `lrf_${idempotencyKey}`;
  const seen = await db.prepare("SELECT payload FROM payment_events WHERE provider = 'local' AND provider_event_id = ?").bind(refundId).first();
  if (seen) return { status: "refunded", providerRefundId: refundId, amount: { amountCents, currency: "USD" }, raw: { replay: true } };
  const results = await db.batch([
    db
      .prepare(
        `UPDATE local_gateway_payments SET refunded_cents = refunded_cents + ?1, refunds = refunds + 1
         WHERE id = ?2 AND status = 'captured' AND refunded_cents + ?1 <= amount_cents`,
      )
      .bind(amountCents, id),
    // The refund's id is stored once (a replay with the same key finds it above, or fails here and changes nothing).
    db
      .prepare(
        `INSERT INTO payment_events (payment_id, order_number, provider, kind, provider_event_id, verified, payload, at)
         SELECT NULL, order_number, 'local', 'gateway-refund', ?, 1, '{}', ? FROM local_gateway_payments WHERE id = ? AND changes() = 1`,
      )
      .bind(refundId, Date.now(), id),
  ]);
  if ((results[0]!.meta.changes ?? 0) === 0) return { status: "failed", reason: "The test gateway has nothing left to refund on this payment.", raw: null };
  return { status: "refunded", providerRefundId: refundId, amount: { amountCents, currency: "USD" }, raw: await findLocalPayment(db, id) };
}

/** The embedded gateway behind the one adapter interface (it stands in for `standsFor`). */
export function localAdapter(db: D1Database, origin: string, now: number, standsFor: LocalStandsFor): PaymentAdapter {
  return {
    provider: "local",
    create: (req) => createLocalPayment(db, origin, req, now, standsFor),
    confirm: (req) => captureLocalPayment(db, req.providerPaymentId),
    refund: (req) =>
      req.providerPaymentId
        ? refundLocalPayment(db, req.providerPaymentId, req.amount.amountCents, req.idempotencyKey)
        : Promise.resolve({ status: "failed", reason: "No such payment at the test gateway.", raw: null }),
  };
}
