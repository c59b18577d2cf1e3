/**
 * A loopback fake of Braintree's GraphQL API (https://graphql.braintreepayments.com) for the worker tests of the
 * Braintree adapter (worker/orders/payments/braintree.ts): `POST /braintree/graphql` with Basic auth (public key :
 * private key) and a `Braintree-Version` header. A tiny interpreter answers exactly the operations the adapter sends,
 * recognised by their text, with their `variables`: `createClientToken`, `chargePaymentMethod`, `search { transactions
 * (orderId is) }`, `node(id:)` of a nonce, `refundTransaction` (a settled sale, at most what is left of it; the refund's
 * orderId defaults to the sale's) and `search { refunds(orderId is) }`. Like Braintree, GraphQL errors come with HTTP 200 in a top-level
 * `errors` array (`extensions.errorClass`, `legacyCode`); wrong credentials answer 401.
 *
 * State is per merchant (public key), so test files running at once never see each other's sales. A merchant is
 * created by its first control call; its private key is `privateKey` there (default `private-{publicKey}`).
 *
 * Control (`POST /__control/braintree/{action}`, JSON with `publicKey`):
 * - `nonce` `{kind: "CreditCard"|"ApplePayCard"|"GooglePay", decline?}` → `{nonce}`: a usable single-use nonce
 *   (`fake-…-nonce-…` as in Braintree's sandbox); `decline` makes its sale PROCESSOR_DECLINED.
 * - `fail` `{status, times?, afterCharge?, operation?}`: the next `times` (1) requests of `operation` ("charge" by
 *   default; "search", "nonce", "clientToken", "refund", "refundSearch" or "any") answer `status`; with `afterCharge`
 *   the sale (or the refund) is made first and only its answer is lost.
 * - `hang` `{times?, afterCharge?, operation?}`: likewise, but no answer at all (the client times out).
 * - `sales` `{orderId?}` → the merchant's sales (each charge Braintree recorded, declined ones too), those whose
 *   orderId is `orderId` or starts with `{orderId}/` when given.
 * - `settle` `{saleId}`: the sale settles (Braintree refunds only settled sales; a sale submitted for settlement is voided).
 * - `refunds` `{saleId}` → the refunds Braintree really made of the sale.
 * - `requests` → `[{operation, status}]` in order (a hung request shows status 0).
 */
import type { Fake } from "./server";

type Kind = "CreditCard" | "ApplePayCard" | "GooglePay";
type Operation = "charge" | "search" | "nonce" | "clientToken" | "refund" | "refundSearch";

/** A sale as the fake's merchant records it. */
export interface FakeSale {
  id: string;
  orderId: string | null;
  status: "SUBMITTED_FOR_SETTLEMENT" | "SETTLED" | "PROCESSOR_DECLINED";
  amount: string;
  amountCents: number;
  merchantAccountId: string | null;
  nonce: string;
  kind: Kind;
}

/** A refund as the fake's merchant records it. */
export interface FakeRefund {
  id: string;
  saleId: string;
  orderId: string | null;
  status: "SUBMITTED_FOR_SETTLEMENT";
  amount: string;
  amountCents: number;
}

interface Trouble {
  mode: "fail" | "hang";
  operation: Operation | "any";
  status: number;
  times: number;
  afterCharge: boolean;
}

interface Merchant {
  privateKey: string;
  nonces: Map<string, { kind: Kind; decline: boolean; used: boolean }>;
  sales: FakeSale[];
  refunds: FakeRefund[];
  troubles: Trouble[];
  requests: { operation: Operation | "unknown"; status: number }[];
}

const merchants = new Map<string, Merchant>();
const ORIGINS: Record<Kind, string | null> = { CreditCard: null, ApplePayCard: "APPLE_PAY", GooglePay: "GOOGLE_PAY" };
const SLUGS: Record<Kind, string> = { CreditCard: "valid", ApplePayCard: "apple-pay-visa", GooglePay: "android-pay-visa" };
/** A hung request is answered 504 after this long, so the test process never waits on it at exit. */
const HANG_MS = 30_000;

function merchant(publicKey: string, privateKey?: string): Merchant {
  let m = merchants.get(publicKey);
  if (!m) {
    m = { privateKey: privateKey ?? `private-${publicKey}`, nonces: new Map(), sales: [], refunds: [], troubles: [], requests: [] };
    merchants.set(publicKey, m);
  }
  return m;
}

const gqlError = (message: string, errorClass: string, legacyCode?: string) => ({ message, extensions: { errorClass, ...(legacyCode ? { legacyCode } : {}) } });
const answer = (body: unknown, status = 200) => Response.json({ ...(body as object), extensions: { requestId: crypto.randomUUID() } }, { status });

function operationOf(query: string): Operation | null {
  if (/\bcreateClientToken\s*\(/.test(query)) return "clientToken";
  if (/\brefundTransaction\s*\(/.test(query)) return "refund";
  if (/\bsearch\s*\{\s*refunds\s*\(/.test(query)) return "refundSearch";
  if (/\bchargePaymentMethod\s*\(/.test(query)) return "charge";
  if (/\bsearch\s*\{\s*transactions\s*\(/.test(query)) return "search";
  if (/\bnode\s*\(\s*id\s*:/.test(query)) return "nonce";
  return null;
}

const detailsOf = (kind: Kind) => ({ __typename: "CreditCardDetails", origin: ORIGINS[kind] ? { type: ORIGINS[kind] } : null });

const transactionOf = (sale: FakeSale) => ({
  id: sale.id,
  status: sale.status,
  orderId: sale.orderId,
  amount: { value: sale.amount, currencyCode: "USD" },
  paymentMethodSnapshot: detailsOf(sale.kind),
});

/** `chargePaymentMethod`: validates as Braintree does, then records the sale (declined ones too). */
function charge(m: Merchant, input: Record<string, unknown> | undefined): { body: unknown; sale?: FakeSale } {
  const nonceId = typeof input?.paymentMethodId === "string" ? input.paymentMethodId : "";
  const tx = (input?.transaction ?? {}) as { amount?: unknown; orderId?: unknown; merchantAccountId?: unknown };
  const nonce = m.nonces.get(nonceId);
  const refuse = (message: string, code: string) => ({ body: { data: { chargePaymentMethod: null }, errors: [gqlError(message, "VALIDATION", code)] } });
  if (!nonce) return refuse("Unknown or expired payment_method_nonce.", "91565");
  if (nonce.used) return refuse("Cannot use a payment_method_nonce more than once.", "91564");
  const amount = typeof tx.amount === "string" ? tx.amount : "";
  if (!/^\d+(\.\d{1,2})?$/.test(amount)) return refuse("Amount is an invalid format.", "81503");
  const [whole, fraction = ""] = amount.split(".");
  const amountCents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (amountCents <= 0) return refuse("Amount must be greater than zero.", "81531");
  nonce.used = true;
  const sale: FakeSale = {
    id: `dHJhbnNhY3Rpb25f${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`,
    orderId: typeof tx.orderId === "string" ? tx.orderId : null,
    status: nonce.decline ? "PROCESSOR_DECLINED" : "SUBMITTED_FOR_SETTLEMENT",
    amount,
    amountCents,
    merchantAccountId: typeof tx.merchantAccountId === "string" ? tx.merchantAccountId : null,
    nonce: nonceId,
    kind: nonce.kind,
  };
  m.sales.push(sale);
  return { body: { data: { chargePaymentMethod: { transaction: transactionOf(sale) } } }, sale };
}

const refundOf = (r: FakeRefund) => ({ id: r.id, status: r.status, orderId: r.orderId, amount: { value: r.amount, currencyCode: "USD" } });

/** `refundTransaction`: a settled sale, at most what is left of it (Braintree's validation errors otherwise). */
function refund(m: Merchant, input: Record<string, unknown> | undefined): unknown {
  const transactionId = typeof input?.transactionId === "string" ? input.transactionId : "";
  const wanted = (input?.refund ?? {}) as { amount?: unknown; orderId?: unknown };
  const refuse = (message: string, errorClass: string, code?: string) => ({ data: { refundTransaction: null }, errors: [gqlError(message, errorClass, code)] });
  const sale = m.sales.find((s) => s.id === transactionId);
  if (!sale) return refuse("An object with this ID was not found.", "NOT_FOUND");
  if (sale.status !== "SETTLED") return refuse("Cannot refund transaction unless it is settled.", "VALIDATION", "91506");
  const left = sale.amountCents - m.refunds.filter((r) => r.saleId === sale.id).reduce((sum, r) => sum + r.amountCents, 0);
  if (left <= 0) return refuse("Transaction has already been completely refunded.", "VALIDATION", "91512");
  let amountCents = left;
  if (wanted.amount !== undefined) {
    const amount = typeof wanted.amount === "string" ? wanted.amount : "";
    if (!/^\d+(\.\d{1,2})?$/.test(amount)) return refuse("Amount is an invalid format.", "VALIDATION", "81503");
    const [whole, fraction = ""] = amount.split(".");
    amountCents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    if (amountCents <= 0) return refuse("Amount must be greater than zero.", "VALIDATION", "81531");
    if (amountCents > left) return refuse("Refund amount is too large.", "VALIDATION", "91521");
  }
  const made: FakeRefund = {
    id: `cmVmdW5kXz${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`,
    saleId: sale.id,
    orderId: typeof wanted.orderId === "string" ? wanted.orderId : sale.orderId,
    status: "SUBMITTED_FOR_SETTLEMENT",
    amount: `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, "0")}`,
    amountCents,
  };
  m.refunds.push(made);
  return { data: { refundTransaction: { refund: refundOf(made) } } };
}

function run(m: Merchant, operation: Operation, variables: Record<string, unknown>): unknown {
  switch (operation) {
    case "clientToken": {
      const merchantAccountId = (variables.input as { clientToken?: { merchantAccountId?: string } } | undefined)?.clientToken?.merchantAccountId ?? null;
      const token = btoa(JSON.stringify({ version: 2, authorizationFingerprint: crypto.randomUUID(), merchantAccountId }));
      return { data: { createClientToken: { clientToken: token } } };
    }
    case "nonce": {
      const id = String(variables.id ?? "");
      const nonce = m.nonces.get(id);
      if (!nonce) return { data: { node: null }, errors: [gqlError("An object with this ID was not found.", "NOT_FOUND")] };
      return { data: { node: { __typename: "PaymentMethod", id, usage: "SINGLE_USE", details: detailsOf(nonce.kind) } } };
    }
    case "search": {
      const is = (variables.input as { orderId?: { is?: string } } | undefined)?.orderId?.is;
      const found = m.sales.filter((s) => is !== undefined && s.orderId === is);
      return { data: { search: { transactions: { edges: found.map((s) => ({ node: transactionOf(s) })) } } } };
    }
    case "charge":
      return charge(m, variables.input as Record<string, unknown> | undefined).body;
    case "refund":
      return refund(m, variables.input as Record<string, unknown> | undefined);
    case "refundSearch": {
      const is = (variables.input as { orderId?: { is?: string } } | undefined)?.orderId?.is;
      const found = m.refunds.filter((r) => is !== undefined && r.orderId === is);
      return { data: { search: { refunds: { edges: found.map((r) => ({ node: refundOf(r) })) } } } };
    }
  }
}

async function graphql(request: Request): Promise<Response> {
  const [scheme, encoded] = (request.headers.get("authorization") ?? "").split(" ");
  const [publicKey = "", privateKey] = scheme === "Basic" && encoded ? atob(encoded).split(":") : [];
  const m = merchants.get(publicKey);
  if (!m || m.privateKey !== privateKey) return answer({ errors: [gqlError("Authentication credentials are invalid.", "AUTHENTICATION")] }, 401);
  const body = (await request.json().catch(() => null)) as { query?: unknown; variables?: Record<string, unknown> } | null;
  const operation = typeof body?.query === "string" ? operationOf(body.query) : null;
  const log = (status: number) => m.requests.push({ operation: operation ?? "unknown", status });
  if (!request.headers.get("braintree-version")) {
    log(400);
    return answer({ errors: [gqlError("Braintree-Version header required.", "UNSUPPORTED_CLIENT")] }, 400);
  }
  if (!operation) {
    log(200);
    return answer({ errors: [gqlError("The fake does not know this operation.", "VALIDATION")] });
  }
  const trouble = m.troubles.find((t) => t.times > 0 && (t.operation === "any" || t.operation === operation));
  if (trouble) {
    trouble.times--;
    if (trouble.afterCharge && operation === "charge") charge(m, body?.variables?.input as Record<string, unknown> | undefined);
    if (trouble.afterCharge && operation === "refund") refund(m, body?.variables?.input as Record<string, unknown> | undefined);
    if (trouble.mode === "hang") {
      log(0);
      return new Promise((resolve) => setTimeout(() => resolve(new Response("Gateway Timeout", { status: 504 })), HANG_MS).unref());
    }
    log(trouble.status);
    const headers: Record<string, string> = trouble.status === 429 ? { "Retry-After": "1" } : {};
    return new Response(`<html><body>${trouble.status} failure set by the test</body></html>`, { status: trouble.status, headers });
  }
  log(200);
  return answer(run(m, operation, body?.variables ?? {}));
}

type ControlBody = {
  publicKey?: string;
  privateKey?: string;
  kind?: Kind;
  decline?: boolean;
  status?: number;
  times?: number;
  afterCharge?: boolean;
  operation?: Operation | "any";
  orderId?: string;
  saleId?: string;
} | null;

export const braintreeFake: Fake = {
  prefix: "/braintree",
  handle: (request) => {
    const path = new URL(request.url).pathname;
    if (request.method === "POST" && path === "/graphql") return graphql(request);
    return Response.json({ errors: [gqlError(`The fake has no ${request.method} ${path}.`, "NOT_FOUND")] }, { status: 404 });
  },
  control: (action, input) => {
    const body = (input ?? {}) as NonNullable<ControlBody>;
    if (!body.publicKey) return { error: "publicKey is required" };
    const m = merchant(body.publicKey, body.privateKey);
    switch (action) {
      case "nonce": {
        const kind = body.kind ?? "CreditCard";
        const nonce = `fake-${body.decline ? "processor-declined" : SLUGS[kind]}-nonce-${crypto.randomUUID().slice(0, 8)}`;
        m.nonces.set(nonce, { kind, decline: body.decline === true, used: false });
        return { nonce };
      }
      case "fail":
      case "hang":
        m.troubles.push({
          mode: action,
          operation: body.operation ?? "charge",
          status: body.status ?? 500,
          times: body.times ?? 1,
          afterCharge: body.afterCharge === true,
        });
        return { ok: true };
      case "sales":
        return m.sales.filter((s) => body.orderId === undefined || s.orderId === body.orderId || s.orderId?.startsWith(`${body.orderId}/`));
      case "settle": {
        const sale = m.sales.find((s) => s.id === body.saleId && s.status === "SUBMITTED_FOR_SETTLEMENT");
        if (sale) sale.status = "SETTLED";
        return { ok: sale !== undefined };
      }
      case "refunds":
        return m.refunds.filter((r) => r.saleId === body.saleId);
      case "requests":
        return m.requests;
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
