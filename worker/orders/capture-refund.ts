/**
 * A capture its order could no longer take — the order was cancelled or refunded, or another payment paid it —
 * is given back through the provider that took it and the operators are told (docs/decisions/063-reconciler.md).
 * It runs as an order effect (effects.ts captureRefundStatement, cause `capture:{payment}`), so it happens once:
 * the refund carries its own idempotency key (refunds.ts) and a retried run finishes the same refund; the
 * operators' notice — a row of the order's actions, which the operator order view shows, and an email to
 * OPERATOR_EMAIL when one is configured — is written once per payment by one statement.
 */
import { deliverRows, outboxRowStatement, returnedIds } from "../email/outbox";
import { formatCents } from "#shared/cents.ts";
import { siteOrigin } from "../platform/config";
import type { EffectBindings, EffectRun } from "./effect-runners";
import { findPayment, providerStateStatement } from "./payments/store";
import { refundable, type RefundResult, refundPayment } from "./refunds";

/** The action row the operators read (and the notice's subject). */
export const AUTO_REFUND_ACTION = "auto-refund";
const REASON = "Captured after the order could no longer take it: given back automatically.";

/** The effect's runner: refunds what is left of the payment named by `cause`, then tells the operators once. */
export async function refundUntakenCapture(env: EffectBindings, orderNumber: string, run: EffectRun, cause: string): Promise<void> {
  const db = env.DB;
  const paymentId = cause.replace(/^capture:/, "");
  const payment = await findPayment(db, paymentId);
  if (!payment || payment.order_number !== orderNumber) return;
  const open = await db
    .prepare("SELECT amount_cents FROM refunds WHERE payment_id = ? AND status = 'requested' LIMIT 1")
    .bind(paymentId)
    .first<{ amount_cents: number }>();
  const amount = open?.amount_cents ?? refundable(payment);
  let result: RefundResult | null = null;
  if (amount > 0) {
    // A provider that cannot be reached throws: the reactor tries again later, with the same refund's key.
    result = await refundPayment(env, payment, amount, REASON, "system:reconciler", { origin: siteOrigin(env), now: run.now });
    if (result.outcome === "processing") throw new Error(`the refund of ${paymentId} is being made by another request`);
  }
  const given = result?.refund.amount_cents ?? payment.refunded_cents;
  const outcome = result?.outcome ?? "refunded";
  const headline = outcome === "failed" ? "a capture could not be refunded automatically" : "a capture was refunded automatically";
  const lines = [
    `${payment.provider} captured ${formatCents(payment.amount_cents)} (payment ${payment.id}) after the order could no longer take it.`,
    outcome === "failed"
      ? `The provider refused the refund (${result?.refund.failure ?? "no reason given"}): give it back in the provider's dashboard.`
      : outcome === "pending"
        ? `A refund of ${formatCents(given)} is accepted by the provider and completes later.`
        : `${formatCents(given)} was given back through the provider.`,
  ];
  const detail = { paymentId, provider: payment.provider, amount: given, outcome, refundId: result?.refund.id ?? null, message: lines.join(" ") };
  const notice = db
    .prepare(
      `INSERT INTO order_actions (order_number, action, actor, detail, at)
       SELECT ?1, ?2, 'system:reconciler', ?3, ?4
       WHERE NOT EXISTS (SELECT 1 FROM order_actions WHERE order_number = ?1 AND action = ?2 AND json_extract(detail, '$.paymentId') = ?5)`,
    )
    .bind(orderNumber, AUTO_REFUND_ACTION, JSON.stringify(detail), run.now, paymentId);
  const to = env.OPERATOR_EMAIL?.trim();
  const email = to
    ? [
        outboxRowStatement(
          env,
          {
            message: { to, template: "operator-notice", data: { orderNumber, headline, lines, link: `${siteOrigin(env)}/operator/orders/${orderNumber}` } },
            clientIp: null,
          },
          run.now,
          true,
        ),
      ]
    : [];
  const state =
    outcome === "failed"
      ? []
      : [providerStateStatement(db, paymentId, { status: "refunded", refundId: result?.refund.provider_refund_id ?? undefined }, run.now)];
  const results = await db.batch([...state, notice, ...email]);
  deliverRows(env, returnedIds(results), run.now, run.waitUntil);
}
