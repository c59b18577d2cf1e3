/**
 * Cards, Apple Pay and Google Pay through Braintree's GraphQL API (https://graphql.braintreepayments.com):
 * `POST {apiUrl}/graphql` with Basic auth (public key : private key) and `Braintree-Version: 2019-01-01`.
 * The browser's Drop-in / hosted fields get a client token (`createClientToken`), tokenize the card or wallet
 * and hand the shop a single-use nonce; the server then makes the sale (`chargePaymentMethod`, authorized and
 * submitted for settlement at once) for the amount of the server's order.
 *
 * Braintree's GraphQL API has no idempotency key. The shop's `idempotencyKey` therefore rides in the sale's
 * `orderId` (`{orderNumber}/{idempotencyKey}`, see `braintreeOrderId`) — searchable, unlike custom fields, which
 * must be set up in the Control Panel first and cannot be searched. Before every charge attempt (the first one
 * too: after a timeout the caller's next try is a retry this adapter cannot tell apart) the adapter looks for a
 * sale with that orderId and reports it instead of charging again. 5xx, 429, network errors and Braintree's
 * INTERNAL / SERVICE_AVAILABILITY / RESOURCE_LIMIT errors are retried in the call (3 attempts in all, each after a
 * search); a timeout is not (the shopper would wait several timeouts): it is ProviderUnavailable at once and the
 * next try's search settles it. A nonce is single use at Braintree, so a retry can never make a second sale from
 * it either: "nonce already used" (or "locked") searches once more and reports this attempt's sale — a concurrent
 * duplicate approval gets the same answer as the one that charged; with no sale found it is ProviderUnavailable
 * when this call had an unanswered attempt or the nonce is locked (the sale may not be searchable yet), otherwise
 * a decline (the nonce was spent on something else).
 *
 * Declines: a sale whose status is PROCESSOR_DECLINED, GATEWAY_REJECTED, FAILED, SETTLEMENT_DECLINED, VOIDED or
 * AUTHORIZATION_EXPIRED, or a VALIDATION / NOT_FOUND error in the top-level `errors` (an unknown, expired or used
 * nonce, an amount Braintree refuses). Wrong keys (401/403, AUTHENTICATION / AUTHORIZATION) and malformed requests
 * throw a plain Error: configuration, not a shopper's problem.
 *
 * Apple Pay and Google Pay: in Braintree's schema both are `CreditCardDetails` whose `origin.type` is APPLE_PAY or
 * GOOGLE_PAY (there is no separate Apple Pay / Google Pay typename on a nonce or a sale). When the browser says
 * which it used (`paymentMethodDescription`), the nonce is looked up first (`node(id:)`) and a mismatch is
 * declined before anything is charged.
 */
import { type CaptureOutcome, cents, decimal, type PaymentRequest, ProviderUnavailable } from "./provider";

/** How to reach Braintree. `fetch` is injected so tests can point at a loopback fake or a stub. */
export interface BraintreeConfig {
  publicKey: string;
  privateKey: string;
  /** The (USD) merchant account to charge; null: the gateway's default merchant account. */
  merchantAccountId: string | null;
  /** `https://payments.sandbox.braintree-api.com`, `https://payments.braintree-api.com`, or a test fake; no `/graphql`. */
  apiUrl: string;
  fetch?: typeof fetch;
  /** Gives up on one answer after this long (default `BRAINTREE_TIMEOUT_MS`). */
  timeoutMs?: number;
}

/** Braintree's sandbox and production GraphQL origins. */
export const BRAINTREE_SANDBOX_URL = "https://payments.sandbox.braintree-api.com";
export const BRAINTREE_PRODUCTION_URL = "https://payments.braintree-api.com";
/** The API version this adapter speaks (the `Braintree-Version` header). */
export const BRAINTREE_VERSION = "2019-01-01";
/** Default wait for one answer: Braintree's own gateway timeout is 60 s, a shopper waits far less. */
export const BRAINTREE_TIMEOUT_MS = 15_000;
/** Charge attempts in one call (the first and at most 2 retries), each after a search for an earlier sale. */
export const BRAINTREE_ATTEMPTS = 3;

/** The worker's bindings this adapter reads. */
export interface BraintreeEnv {
  BRAINTREE_PUBLIC_KEY?: string;
  BRAINTREE_PRIVATE_KEY?: string;
  BRAINTREE_MERCHANT_ACCOUNT_ID?: string;
  BRAINTREE_API_URL?: string;
}

/** BRAINTREE_PUBLIC_KEY + BRAINTREE_PRIVATE_KEY (secrets), BRAINTREE_MERCHANT_ACCOUNT_ID (var, optional), BRAINTREE_API_URL (var; default https://payments.sandbox.braintree-api.com; production https://payments.braintree-api.com); null when a key is missing. */
export function braintreeConfig(env: BraintreeEnv): BraintreeConfig | null {
  const publicKey = env.BRAINTREE_PUBLIC_KEY?.trim();
  const privateKey = env.BRAINTREE_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  return {
    publicKey,
    privateKey,
    merchantAccountId: env.BRAINTREE_MERCHANT_ACCOUNT_ID?.trim() || null,
    apiUrl: env.BRAINTREE_API_URL?.trim() || BRAINTREE_SANDBOX_URL,
    timeoutMs: BRAINTREE_TIMEOUT_MS,
  };
}

/** The payment methods Loupe takes through Braintree, as the spec's `paymentMethodDescription` names them. */
export type BraintreeMethod = "CreditCard" | "ApplePayCard" | "GooglePay";

/** The spellings browsers and SDKs use for each method (lowercase, letters only). */
const DESCRIPTIONS: Record<string, BraintreeMethod> = {
  card: "CreditCard",
  creditcard: "CreditCard",
  applepay: "ApplePayCard",
  applepaycard: "ApplePayCard",
  googlepay: "GooglePay",
  googlepaycard: "GooglePay",
  androidpaycard: "GooglePay",
};

/** The sale's `orderId` for a payment attempt: `{orderNumber}/{idempotencyKey}` (Braintree allows 255 characters). */
export function braintreeOrderId(req: Pick<PaymentRequest, "orderNumber" | "idempotencyKey">): string {
  const orderId = `${req.orderNumber}/${req.idempotencyKey}`;
  if (orderId.length > 255) throw new Error(`braintree: order id over 255 characters: ${orderId.slice(0, 40)}…`);
  return orderId;
}

export interface GraphQLError {
  message?: string;
  extensions?: { errorClass?: string; legacyCode?: string };
}

export interface Body {
  data?: Record<string, unknown> | null;
  errors?: GraphQLError[];
}

/** One GraphQL exchange: an answer, something worth retrying, or no answer in time. */
export type Exchange = { kind: "answer"; body: Body } | { kind: "retry"; reason: string } | { kind: "timeout"; reason: string };

const RETRYABLE_CLASSES = new Set(["INTERNAL", "SERVICE_AVAILABILITY", "RESOURCE_LIMIT"]);
const CONFIG_CLASSES = new Set(["AUTHENTICATION", "AUTHORIZATION", "UNSUPPORTED_CLIENT", "NOT_IMPLEMENTED"]);

/** Braintree's GraphQL errors in one line: each message and its error class. */
export const errorText = (errors: GraphQLError[] | undefined) =>
  (errors ?? []).map((e) => `${e.message ?? "error"}${e.extensions?.errorClass ? ` (${e.extensions.errorClass})` : ""}`).join("; ");

/** One GraphQL exchange with Braintree under the timeout (no retry: the caller decides, after a search where money moves). */
export async function exchange(config: BraintreeConfig, query: string, variables: Record<string, unknown>): Promise<Exchange> {
  const signal = AbortSignal.timeout(config.timeoutMs ?? BRAINTREE_TIMEOUT_MS);
  const send = config.fetch ?? ((input, init) => fetch(input, init));
  let status: number;
  let text: string;
  try {
    const response = await send(`${config.apiUrl.replace(/\/+$/, "")}/graphql`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${config.publicKey}:${config.privateKey}`)}`,
        "Braintree-Version": BRAINTREE_VERSION,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify({ query, variables }),
      signal,
    });
    status = response.status;
    text = await response.text();
  } catch (err) {
    if (signal.aborted) return { kind: "timeout", reason: `no answer within ${config.timeoutMs ?? BRAINTREE_TIMEOUT_MS} ms` };
    return { kind: "retry", reason: `network: ${String(err)}` };
  }
  if (status === 429 || status >= 500) return { kind: "retry", reason: `HTTP ${status}` };
  let body: Body;
  try {
    body = JSON.parse(text) as Body;
  } catch {
    if (status >= 400) throw new Error(`braintree: HTTP ${status}: ${text.slice(0, 200)}`);
    return { kind: "retry", reason: `HTTP ${status}: not JSON` };
  }
  const classes = (body.errors ?? []).map((e) => e.extensions?.errorClass ?? "");
  if (status === 401 || status === 403 || classes.some((c) => CONFIG_CLASSES.has(c))) {
    throw new Error(`braintree: HTTP ${status}: ${errorText(body.errors) || "refused the credentials"}`);
  }
  if (status >= 400) throw new Error(`braintree: HTTP ${status}: ${errorText(body.errors) || text.slice(0, 200)}`);
  if (classes.some((c) => RETRYABLE_CLASSES.has(c))) return { kind: "retry", reason: errorText(body.errors) };
  return { kind: "answer", body };
}

/** A read (no money moves): retried like a charge, then ProviderUnavailable. */
async function read(config: BraintreeConfig, query: string, variables: Record<string, unknown>): Promise<Body> {
  let reason = "";
  for (let attempt = 1; attempt <= BRAINTREE_ATTEMPTS; attempt++) {
    const result = await exchange(config, query, variables);
    if (result.kind === "answer") return result.body;
    if (result.kind === "timeout") throw new ProviderUnavailable("braintree", `Braintree: ${result.reason}`);
    reason = result.reason;
  }
  throw new ProviderUnavailable("braintree", `Braintree unavailable after ${BRAINTREE_ATTEMPTS} attempts: ${reason}`);
}

/** `value.a.b.c`, or undefined where the path ends. */
export const field = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((v, key) => (v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), value);

const CLIENT_TOKEN = `mutation ClientToken($input: CreateClientTokenInput) { createClientToken(input: $input) { clientToken } }`;

/** GET orders/GenerateClientToken: a client token for the browser's Drop-in / hosted fields (cards, Apple Pay, Google Pay). */
export async function braintreeClientToken(config: BraintreeConfig): Promise<string> {
  const input = config.merchantAccountId ? { clientToken: { merchantAccountId: config.merchantAccountId } } : {};
  const body = await read(config, CLIENT_TOKEN, { input });
  const token = field(body.data, "createClientToken", "clientToken");
  if (typeof token !== "string" || !token) throw new Error(`braintree: no client token: ${errorText(body.errors) || "empty answer"}`);
  return token;
}

const TRANSACTION = `id status orderId amount { value currencyCode }`;
const ORIGIN = `origin { type }`;
const SNAPSHOT = `paymentMethodSnapshot { __typename ... on CreditCardDetails { ${ORIGIN} } ... on CreditCardTransactionDetails { creditCard { ${ORIGIN} } } }`;
const CHARGE = `mutation Charge($input: ChargePaymentMethodInput!) { chargePaymentMethod(input: $input) { transaction { ${TRANSACTION} ${SNAPSHOT} } } }`;
const SEARCH = `query Sale($input: TransactionSearchInput!) { search { transactions(input: $input, first: 10) { edges { node { ${TRANSACTION} ${SNAPSHOT} } } } } }`;
const NONCE = `query Nonce($id: ID!) { node(id: $id) { __typename ... on PaymentMethod { id usage details { __typename ... on CreditCardDetails { ${ORIGIN} } } } } }`;

/** A sale's (or a refund's) statuses that mean the money moved. */
export const CAPTURED = new Set(["SUBMITTED_FOR_SETTLEMENT", "SETTLING", "SETTLED", "SETTLEMENT_PENDING", "SETTLEMENT_CONFIRMED"]);
const DECLINE_REASONS: Record<string, string> = {
  PROCESSOR_DECLINED: "The card issuer declined the payment.",
  GATEWAY_REJECTED: "Braintree's risk rules rejected the payment.",
  FAILED: "The payment processor could not take the payment.",
  SETTLEMENT_DECLINED: "The payment processor declined to settle the payment.",
  VOIDED: "The payment was voided.",
  AUTHORIZATION_EXPIRED: "The payment's authorization expired.",
};
/** "Cannot use a payment_method_nonce more than once" (Braintree's legacy codes). */
const USED_NONCE_CODES = new Set(["91564", "93504"]);
/** "Payment method nonce locked": another request is charging it right now. */
const LOCKED_NONCE_CODES = new Set(["93506"]);

interface Transaction {
  id: string;
  status: string;
  amount?: { value?: string; currencyCode?: string };
}

/** What a sale's status means for the order. */
function outcomeOf(tx: Transaction, raw: unknown): CaptureOutcome {
  if (CAPTURED.has(tx.status)) {
    if (tx.amount?.currencyCode !== "USD" || typeof tx.amount.value !== "string") {
      throw new Error(`braintree: sale ${tx.id} was taken in ${tx.amount?.currencyCode ?? "an unknown currency"}: the merchant account must be USD`);
    }
    return { status: "captured", providerCaptureId: tx.id, amount: { amountCents: cents(tx.amount.value), currency: "USD" }, raw };
  }
  const reason = DECLINE_REASONS[tx.status];
  return reason ? { status: "declined", reason, raw } : { status: "pending", raw };
}

/** The method a nonce or sale's payment method details stand for (its typename when it is none of Loupe's). */
function methodOf(details: unknown): string {
  const typename = field(details, "__typename");
  const origin = field(details, "origin", "type") ?? field(details, "creditCard", "origin", "type");
  if (typename !== "CreditCardDetails" && typename !== "CreditCardTransactionDetails") return String(typename ?? "unknown");
  if (origin === "APPLE_PAY") return "ApplePayCard";
  if (origin === "GOOGLE_PAY") return "GooglePay";
  return origin ? `CreditCard via ${String(origin)}` : "CreditCard";
}

/** An earlier sale of this payment attempt: captured before pending before declined. */
async function earlierSale(config: BraintreeConfig, orderId: string): Promise<Exchange | { kind: "found"; outcome: CaptureOutcome } | null> {
  const result = await exchange(config, SEARCH, { input: { orderId: { is: orderId } } });
  if (result.kind !== "answer") return result;
  const edges = field(result.body.data, "search", "transactions", "edges");
  // A search that did not run must not pass for "no earlier sale": charging then could charge twice.
  if (!Array.isArray(edges)) return { kind: "retry", reason: `search failed: ${errorText(result.body.errors) || "no transactions in the answer"}` };
  const sales = edges.map((e) => field(e, "node") as Transaction | undefined).filter((t): t is Transaction => !!t?.id);
  const rank = (t: Transaction) => (CAPTURED.has(t.status) ? 0 : DECLINE_REASONS[t.status] ? 2 : 1);
  const best = sales.sort((a, b) => rank(a) - rank(b))[0];
  if (!best) return null;
  return { kind: "found", outcome: outcomeOf(best, { ...result.body, foundBySearch: true, method: methodOf(field(best, "paymentMethodSnapshot")) }) };
}

/** Declines a nonce that is not what the browser said (nothing charged), or answers null when it is. */
async function checkMethod(config: BraintreeConfig, nonce: string, description: string): Promise<CaptureOutcome | null> {
  const expected = DESCRIPTIONS[description.toLowerCase().replace(/[^a-z]/g, "")];
  if (!expected) return { status: "declined", reason: `Loupe does not take ${description} payments through Braintree.`, raw: { description } };
  const body = await read(config, NONCE, { id: nonce });
  const node = field(body.data, "node");
  if (!node) return { status: "declined", reason: "The payment method is unknown or has expired; please enter it again.", raw: body };
  const actual = methodOf(field(node, "details"));
  if (actual === expected) return null;
  return { status: "declined", reason: `The payment method is ${actual}, not ${description}; please choose it again.`, raw: body };
}

/** The sale for `req.amount` with the browser's payment method nonce; `paymentMethodDescription` (e.g. "ApplePayCard", "GooglePay", "CreditCard") is checked against what Braintree says the nonce is. */
export async function chargeBraintreeNonce(
  config: BraintreeConfig,
  req: PaymentRequest,
  nonce: string,
  paymentMethodDescription?: string,
): Promise<CaptureOutcome> {
  const { amountCents, currency } = req.amount;
  if (currency !== "USD" || !Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new Error(`braintree: not a chargeable amount: ${amountCents} ${currency}`);
  const orderId = braintreeOrderId(req);
  const transaction: Record<string, unknown> = { amount: decimal(amountCents), orderId };
  if (config.merchantAccountId) transaction.merchantAccountId = config.merchantAccountId;
  let methodChecked = !paymentMethodDescription;
  let unanswered = false;
  let reason = "";
  for (let attempt = 1; attempt <= BRAINTREE_ATTEMPTS; attempt++) {
    const earlier = await earlierSale(config, orderId);
    if (earlier?.kind === "found") return earlier.outcome;
    if (earlier?.kind === "timeout") throw new ProviderUnavailable("braintree", `Braintree: ${earlier.reason}`);
    if (earlier?.kind === "retry") {
      reason = earlier.reason;
      continue;
    }
    if (!methodChecked && paymentMethodDescription) {
      const refused = await checkMethod(config, nonce, paymentMethodDescription);
      if (refused) return refused;
      methodChecked = true;
    }
    const charged = await exchange(config, CHARGE, { input: { paymentMethodId: nonce, transaction } });
    if (charged.kind === "timeout") throw new ProviderUnavailable("braintree", `Braintree: ${charged.reason}; the next try looks for the sale first`);
    if (charged.kind === "retry") {
      unanswered = true;
      reason = charged.reason;
      continue;
    }
    const { body } = charged;
    const tx = field(body.data, "chargePaymentMethod", "transaction") as Transaction | undefined;
    if (tx?.id) return outcomeOf(tx, { ...body, method: methodOf(field(tx, "paymentMethodSnapshot")) });
    const codes = (body.errors ?? []).map((e) => e.extensions?.legacyCode ?? "");
    const locked = codes.some((c) => LOCKED_NONCE_CODES.has(c));
    if (locked || codes.some((c) => USED_NONCE_CODES.has(c))) {
      // Perhaps used by this very attempt (a concurrent duplicate approval, an unanswered try): report that sale.
      const again = await earlierSale(config, orderId);
      if (again?.kind === "found") return again.outcome;
      if (again || locked || unanswered) {
        throw new ProviderUnavailable("braintree", "Braintree: the nonce is in use by another try of this payment, whose sale is not searchable yet");
      }
    }
    const messages = (body.errors ?? []).map((e) => e.message?.trim()).filter(Boolean);
    return { status: "declined", reason: messages.join(" ") || "Braintree refused the payment.", raw: body };
  }
  throw new ProviderUnavailable("braintree", `Braintree unavailable after ${BRAINTREE_ATTEMPTS} attempts: ${reason}`);
}
