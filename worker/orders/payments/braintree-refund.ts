/**
 * Refunds through Braintree's GraphQL API (`refundTransaction`, https://graphql.braintreepayments.com): money
 * given back on a sale (the payment's `provider_capture_id`), once. Braintree's refund has no idempotency key
 * the shop can rely on, so — as the sale does (braintree.ts) — the refund's key rides in its `orderId`
 * (`{orderNumber}/{refundKey}`) and before every refund attempt the adapter searches Braintree's refunds
 * (`search { refunds(orderId is) }`) and reports the one it finds instead of refunding again. 5xx, 429,
 * network errors and Braintree's INTERNAL / SERVICE_AVAILABILITY / RESOURCE_LIMIT errors are retried (3 attempts,
 * each after a search); a timeout is ProviderUnavailable at once (the next try's search settles it).
 *
 * Braintree refunds a sale once it has settled (a sale still submitted for settlement is voided instead, a
 * different operation): a refund refused for that, for more than is left, or of a sale already refunded is
 * failed with Braintree's message, and nothing is given back.
 */
import { BRAINTREE_ATTEMPTS, type Body, type BraintreeConfig, braintreeOrderId, CAPTURED, type Exchange, exchange, errorText, field } from "./braintree";
import { cents, decimal, ProviderUnavailable, type RefundOutcome, type RefundRequest } from "./provider";

const FIELDS = "id status orderId amount { value currencyCode }";
const REFUND = `mutation Refund($input: RefundTransactionInput!) { refundTransaction(input: $input) { refund { ${FIELDS} } } }`;
const SEARCH = `query Refunds($input: RefundSearchInput!) { search { refunds(input: $input, first: 10) { edges { node { ${FIELDS} } } } } }`;

/** A refund's statuses that mean it did not and will not happen. */
const FAILED = new Set(["FAILED", "PROCESSOR_DECLINED", "GATEWAY_REJECTED", "SETTLEMENT_DECLINED", "VOIDED"]);

interface Refund {
  id: string;
  status: string;
  amount?: { value?: string; currencyCode?: string };
}

function outcomeOf(refund: Refund, raw: unknown, requested: number): RefundOutcome {
  if (CAPTURED.has(refund.status)) {
    const value = refund.amount?.value;
    return { status: "refunded", providerRefundId: refund.id, amount: { amountCents: value ? cents(value) : requested, currency: "USD" }, raw };
  }
  if (FAILED.has(refund.status)) return { status: "failed", reason: `Braintree's refund ${refund.id} is ${refund.status.toLowerCase()}.`, raw };
  return { status: "pending", providerRefundId: refund.id, raw };
}

/** A refund made earlier under this key: the one that moved money before a pending one before a failed one. */
async function earlierRefund(
  config: BraintreeConfig,
  orderId: string,
  requested: number,
): Promise<Exchange | { kind: "found"; outcome: RefundOutcome } | null> {
  const result = await exchange(config, SEARCH, { input: { orderId: { is: orderId } } });
  if (result.kind !== "answer") return result;
  const edges = field(result.body.data, "search", "refunds", "edges");
  // A search that did not run must not pass for "no earlier refund": refunding then could refund twice.
  if (!Array.isArray(edges)) return { kind: "retry", reason: `refund search failed: ${errorText(result.body.errors) || "no refunds in the answer"}` };
  const refunds = edges.map((e) => field(e, "node") as Refund | undefined).filter((r): r is Refund => !!r?.id);
  const rank = (r: Refund) => (CAPTURED.has(r.status) ? 0 : FAILED.has(r.status) ? 2 : 1);
  const best = refunds.sort((a, b) => rank(a) - rank(b))[0];
  return best ? { kind: "found", outcome: outcomeOf(best, { ...result.body, foundBySearch: true }, requested) } : null;
}

/**
 * Refunds `req.amount` of the Braintree sale `transactionId`, once per `req.idempotencyKey` (searched for before
 * every attempt). Throws ProviderUnavailable when Braintree cannot be reached or times out.
 */
export async function refundBraintreeSale(config: BraintreeConfig, transactionId: string, req: RefundRequest): Promise<RefundOutcome> {
  const { amountCents, currency } = req.amount;
  if (currency !== "USD" || !Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new Error(`braintree: not a refundable amount: ${amountCents} ${currency}`);
  const orderId = braintreeOrderId(req);
  const refund: Record<string, unknown> = { amount: decimal(amountCents), orderId };
  if (config.merchantAccountId) refund.merchantAccountId = config.merchantAccountId;
  let reason = "";
  for (let attempt = 1; attempt <= BRAINTREE_ATTEMPTS; attempt++) {
    const earlier = await earlierRefund(config, orderId, amountCents);
    if (earlier?.kind === "found") return earlier.outcome;
    if (earlier?.kind === "timeout") throw new ProviderUnavailable("braintree", `Braintree: ${earlier.reason}`);
    if (earlier?.kind === "retry") {
      reason = earlier.reason;
      continue;
    }
    const made = await exchange(config, REFUND, { input: { transactionId, refund } });
    if (made.kind === "timeout") throw new ProviderUnavailable("braintree", `Braintree: ${made.reason}; the next try looks for the refund first`);
    if (made.kind === "retry") {
      reason = made.reason;
      continue;
    }
    const body: Body = made.body;
    const created = field(body.data, "refundTransaction", "refund") as Refund | undefined;
    if (created?.id) return outcomeOf(created, body, amountCents);
    const messages = (body.errors ?? []).map((e) => e.message?.trim()).filter(Boolean);
    return { status: "failed", reason: `Braintree refused the refund: ${messages.join(" ") || "no refund in the answer"}`, raw: body };
  }
  throw new ProviderUnavailable("braintree", `Braintree unavailable after ${BRAINTREE_ATTEMPTS} attempts: ${reason}`);
}
