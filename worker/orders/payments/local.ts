/**
 * The embedded test gateway (APP_ENV local, no provider configured): `npm start` pays every method through
 * it, so a new user can place and pay an order end to end with no account anywhere. It keeps its own books
 * in D1 (local_gateway_payments) like a real provider would: the shopper approves or declines on its page
 * (/dev/gateway/{id}), and the worker then captures — once: a capture repeated with the same key answers
 * the first capture, and the table counts the captures that really happened.
 */
import type { CaptureOutcome, CreatedPayment, PaymentRequest } from "./provider";

export interface LocalGatewayRow {
  id: string;
  order_number: string;
  amount_cents: number;
  description: string;
  return_url: string;
  cancel_url: string;
  status: "created" | "approved" | "declined" | "captured";
  captures: number;
}

const newId = () => `lgp_${crypto.randomUUID().replace(/-/g, "")}`;

/** Creates the gateway's payment (the same idempotency key answers the same payment); the buyer approves at `/dev/gateway/{id}`. */
export async function createLocalPayment(db: D1Database, origin: string, req: PaymentRequest, now: number): Promise<CreatedPayment> {
  await db
    .prepare(
      `INSERT INTO local_gateway_payments (id, order_number, amount_cents, description, return_url, cancel_url, idempotency_key, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'created', ?) ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(newId(), req.orderNumber, req.amount.amountCents, req.description, req.returnUrl, req.cancelUrl, req.idempotencyKey, now)
    .run();
  const row = await db.prepare("SELECT * FROM local_gateway_payments WHERE idempotency_key = ?").bind(req.idempotencyKey).first<LocalGatewayRow>();
  return { providerPaymentId: row!.id, approvalUrl: new URL(`/dev/gateway/${row!.id}`, origin).toString(), clientSecret: null, raw: row };
}

export function findLocalPayment(db: D1Database, id: string): Promise<LocalGatewayRow | null> {
  return db.prepare("SELECT * FROM local_gateway_payments WHERE id = ?").bind(id).first<LocalGatewayRow>();
}

/** The buyer's decision on the gateway page (only a payment still waiting for one). */
export async function decideLocalPayment(db: D1Database, id: string, approve: boolean): Promise<LocalGatewayRow | null> {
  return db
    .prepare("UPDATE local_gateway_payments SET status = ? WHERE id = ? AND status = 'created' RETURNING *")
    .bind(approve ? "approved" : "declined", id)
    .first<LocalGatewayRow>();
}

/** Captures an approved payment once; a capture of a captured one answers the same capture. */
export async function captureLocalPayment(db: D1Database, id: string): Promise<CaptureOutcome> {
  const captured = await db
    .prepare("UPDATE local_gateway_payments SET status = 'captured', captures = captures + 1 WHERE id = ? AND status = 'approved' RETURNING *")
    .bind(id)
    .first<LocalGatewayRow>();
  const row = captured ?? (await findLocalPayment(db, id));
  if (!row) return { status: "declined", reason: "The test gateway has no such payment.", raw: null };
  if (row.status === "captured")
    return { status: "captured", providerCaptureId: `cap_${row.id}`, amount: { amountCents: row.amount_cents, currency: "USD" }, raw: row };
  if (row.status === "declined") return { status: "declined", reason: "The payment was declined at the test gateway.", raw: row };
  // Not decided at the gateway yet (a return page opened early, or forged): nothing changes.
  return { status: "pending", raw: row };
}
