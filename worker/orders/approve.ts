/**
 * The one approval path (docs/decisions/061-one-payment-seam.md). `approvePayment` asks a payment's provider
 * once — only the request holding the payment's claim asks; the others answer `processing` — and applies the
 * answer with `applyOutcome`, which a verified webhook calls too. What an outcome does is one table
 * (payments/outcomes.ts); it is applied by state, not by arrival order (a capture after a decline of the same
 * payment ends paid; a decline after a capture changes nothing; the same outcome again changes nothing), with
 * the payment, its record, the order's transition and the transition's effects in one batch.
 */
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { DomainError } from "#shared/refusal.ts";
import { refused } from "#shared/refusal.ts";
import { providerOf } from "./payments/adapters";
import { answerOfStatus, applies, MESSAGES, OUTCOMES, REFERRED_EXPIRY_MS } from "./payments/outcomes";
import { type ApprovingOrder, type BrowserInput, type CaptureOutcome, PaymentUnavailable, ProviderUnavailable } from "./payments/provider";
import { captureRefundStatement } from "./effects";
import {
  claimPayment,
  eventStatement,
  findPayment,
  type PaymentRow,
  providerStateStatement,
  releaseClaim,
  settleStatement,
  stateOfOutcome,
} from "./payments/store";
import { react } from "./reactor";
import { requestPaidStatement } from "./requests";
import type { OrderBindings } from "./service";
import { applyEvent } from "./store";
import { orderView } from "./view";

/** When the call happens, and how the request runs what its transition caused after its response (reactor.ts). */
export interface ApproveContext {
  now: number;
  /** The site's origin as the request saw it (a provider's return links). */
  origin?: string;
  /** Without it (a cron run) the effects wait for the order cron's sweep. */
  waitUntil?: (p: Promise<unknown>) => void;
}

export { PaymentUnavailable };

/** What applying an outcome did: whether anything changed, and what the shopper is told. */
export interface AppliedOutcome {
  changed: boolean;
  outcome: ApprovalResult["outcome"];
  message: string;
}

const isUniqueViolation = (e: unknown) => String(e).includes("UNIQUE constraint failed");

/**
 * Applies what the provider said about `payment` (read fresh by the caller), with the cause (`provider:paypal`,
 * `webhook:stripe`, `operator`). With `event` (a provider's webhook event) the event is recorded as applied in
 * the same batch: its unique index makes a replay change nothing. A capture of another amount than the
 * payment's is not accepted as payment (the payment waits for the operators).
 */
export async function applyOutcome(
  env: OrderBindings,
  payment: PaymentRow,
  outcome: CaptureOutcome,
  cause: string,
  ctx: ApproveContext,
  event?: { provider: string; id: string },
): Promise<AppliedOutcome> {
  const db = env.DB;
  const n = payment.order_number;
  let kind: string = outcome.status;
  let message: string | null = null;
  // What the provider said, as it said it (the operator's view shows it), whatever it changes here.
  const state = providerStateStatement(db, payment.id, stateOfOutcome(outcome), ctx.now);
  if (outcome.status === "captured" && (outcome.amount.amountCents !== payment.amount_cents || outcome.amount.currency !== "USD")) {
    outcome = { status: "pending", raw: { mismatch: outcome.amount, expected: payment.amount_cents, provider: outcome.raw } };
    kind = "amount-mismatch";
    message = MESSAGES.mismatch;
  }
  const record = eventStatement(
    db,
    {
      paymentId: payment.id,
      orderNumber: n,
      provider: event?.provider ?? payment.provider,
      kind,
      providerEventId: event?.id,
      verified: true,
      payload: outcome.raw,
    },
    ctx.now,
  );
  if (!applies(payment.status, outcome.status)) {
    // Nothing to change: a replayed or late event is still recorded once; the answer is the payment's state.
    await db.batch(event ? [record, state] : [state]).catch((e: unknown) => (isUniqueViolation(e) ? null : Promise.reject(e)));
    return { changed: false, ...stateAnswer(payment) };
  }
  const rule = OUTCOMES[outcome.status];
  // The reconciler hearing "still waiting" again about a waiting payment: only when it asked is kept (provider_state).
  const again = cause === "reconciler" && payment.status === "pending" && (outcome.status === "pending" || outcome.status === "referred");
  const settle = [settleStatement(db, payment.id, outcome, ctx.now), ...(again ? [] : [record]), state];
  const captured = outcome.status === "captured";
  // A payment request's payment: the request is paid with it (the order itself was paid before).
  if (outcome.status === "captured" && payment.request_id) settle.push(requestPaidStatement(db, payment.id, ctx.now));
  try {
    if (!rule.event) await db.batch(settle);
    else {
      const extra =
        rule.event === "financing_referred"
          ? [db.prepare("UPDATE orders SET expires_at = ? WHERE order_number = ?").bind(ctx.now + REFERRED_EXPIRY_MS, n)]
          : [];
      // A capture of the order's own amount when another payment paid it already: given back (capture-refund.ts).
      const unpaid = captured && !payment.request_id ? [captureRefundStatement(db, n, payment.id, ctx.now, true)] : [];
      try {
        const applied = await applyEvent(db, n, rule.event, cause, ctx.now, (changed) => (changed ? [...settle, ...extra] : [...settle, ...unpaid]));
        if (applied.changed || captured) react(env, n, ctx.now, ctx.waitUntil);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        // The order moved on (cancelled, refunded): the provider's answer is still recorded, and a capture it
        // cannot take is given back and the operators told — once (an order effect whose cause is the payment).
        await db.batch(captured ? [...settle, captureRefundStatement(db, n, payment.id, ctx.now)] : settle);
        if (captured) {
          console.error(JSON.stringify({ level: "error", message: "captured a payment for an order that cannot take it: refunding it", payment: payment.id }));
          react(env, n, ctx.now, ctx.waitUntil);
        }
      }
    }
  } catch (e) {
    // The event was applied before (its unique index): a replay changes nothing.
    if (event && isUniqueViolation(e)) return { changed: false, ...stateAnswer((await findPayment(db, payment.id)) ?? payment) };
    throw e;
  }
  return { changed: true, outcome: rule.answer, message: message ?? rule.message(outcome) };
}

function stateAnswer(p: PaymentRow): { outcome: ApprovalResult["outcome"]; message: string } {
  const { answer, message } = answerOfStatus(p.status, p.decline_reason);
  return { outcome: answer, message };
}

/** The approval's answer: the outcome, its message and the order as it is now. */
export async function answer(env: OrderBindings, orderNumber: string, a: { outcome: ApprovalResult["outcome"]; message: string }): Promise<ApprovalResult> {
  return { outcome: a.outcome, message: a.message, order: await orderView(env.DB, orderNumber) };
}

/**
 * Confirms a payment with its provider and applies the answer exactly once. `ask` talks to the provider (with
 * the payment's idempotency key); only the request holding the payment's claim calls it. A decided payment is
 * answered as it is, without asking.
 */
export async function approvePayment(
  env: OrderBindings,
  payment: PaymentRow,
  cause: string,
  ask: (p: PaymentRow) => Promise<CaptureOutcome>,
  ctx: ApproveContext,
): Promise<ApprovalResult> {
  const db = env.DB;
  const n = payment.order_number;
  if (payment.status !== "created" && payment.status !== "pending") return answer(env, n, stateAnswer(payment));
  const claimed = await claimPayment(db, payment.id, ctx.now);
  if (!claimed) {
    const again = (await findPayment(db, payment.id))!;
    const open = again.status === "created" || again.status === "pending";
    return answer(env, n, open ? { outcome: "processing", message: MESSAGES.processing } : stateAnswer(again));
  }
  let outcome: CaptureOutcome;
  try {
    outcome = await ask(claimed);
  } catch (e) {
    await releaseClaim(db, payment.id);
    if (!(e instanceof ProviderUnavailable)) throw e;
    // Unknown: nothing is known to be charged; the same key is asked again on the next try.
    const error = { paymentId: payment.id, orderNumber: n, provider: payment.provider, kind: "error", verified: false, payload: { error: e.message } };
    const unreachable = providerStateStatement(db, payment.id, { status: "unreachable", reason: e.message.slice(0, 300) }, ctx.now);
    await db.batch([eventStatement(db, error, ctx.now), unreachable]);
    throw new PaymentUnavailable(`${e.message} ${MESSAGES.unknown}`);
  }
  return answer(env, n, await applyOutcome(env, claimed, outcome, cause, ctx));
}

/**
 * Approves `payment` through its provider (the one configured here now; 404 otherwise) with what the browser
 * brought (payments/provider.ts PaymentProvider.approve): every provider's approval call is this one path.
 */
export function approveWith(
  env: OrderBindings,
  order: ApprovingOrder,
  payment: PaymentRow,
  input: BrowserInput,
  ctx: ApproveContext,
  cause = `provider:${payment.provider}`,
): Promise<ApprovalResult> {
  const provider =
    providerOf(env, payment, { origin: ctx.origin ?? "http://localhost", now: ctx.now }) ?? refused("not_found", "No such payment for this order");
  return approvePayment(env, payment, cause, (p) => provider.approve(order, p, input), ctx);
}
