/**
 * The ownership walk's parts (ownership.test.ts; docs/decisions/052-order-ownership.md): which operations of the
 * contract name an order (found in their schemas, so a new one is walked without being listed), a sample request
 * of each as an intruder would send it knowing everything but the credential, the orders attacked (each paid
 * through a provider the walk configures, left just before its approval), and a snapshot of every D1 row of an
 * order to compare before and after.
 */
import { env } from "cloudflare:test";
import { inject } from "vitest";
import { operations } from "#shared/api/index.ts";
import type { Operation } from "#shared/api/operation.ts";
import type { Bindings } from "#worker/env.ts";
import { LOCAL_TD_ACCOUNT } from "#worker/orders/td/local.ts";
import { affirmMerchant } from "../payments/affirm-control";
import { paypalApp } from "../payments/paypal-control";
import { splititMerchant } from "../payments/splitit-control";
import { payAtStripe, stripeAccount } from "../payments/stripe-control";
import { decideAtGateway, localIdOf, placedWith } from "./orders-helpers";

/** Whether a schema names an order: a field `orderNumber`, or a string held to the order number's pattern (LP and 10 digits). */
export function namesOrder(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!schema || typeof schema !== "object" || seen.has(schema)) return false;
  seen.add(schema);
  const node = schema as Record<string, unknown>;
  if (node.kind === "validation" && node.type === "regex" && node.requirement instanceof RegExp) return node.requirement.source.includes("LP\\d{10}");
  if (node.entries && typeof node.entries === "object" && "orderNumber" in node.entries) return true;
  return ["entries", "wrapped", "options", "pipe", "item"].some((k) => {
    const child = node[k];
    if (Array.isArray(child)) return child.some((c) => namesOrder(c, seen));
    if (k === "entries" && child && typeof child === "object") return Object.values(child).some((c) => namesOrder(c, seen));
    return namesOrder(child, seen);
  });
}

/** Operations that name an order through one of its payments rather than its number: walked as well. */
export const BY_PAYMENT: Readonly<Record<string, string>> = {
  approveStripe: "the PaymentIntent id names the order's payment",
  getTdAccountInfo: "the transaction link names the order's financing application",
};

/** Operations that act on or read an order without its key, its shopper or an operator — each with its own credential. */
export const EXEMPT: Readonly<Record<string, string>> = {
  stripeWebhook: "Stripe's signature over the raw body is the credential (verified before anything counts)",
  trackOrder: "the order number and its email together are the credential, limited per address; it reads a reduced view and changes nothing",
};

/** Every operation of the contract that names an order, and is not exempt. */
export const orderOperations = (): Operation[] =>
  operations.filter((op) => !(op.operationId in EXEMPT) && (op.operationId in BY_PAYMENT || [op.params, op.query, op.body].some((s) => namesOrder(s))));

/** An order under attack: its number, its payment and the provider's reference of it, and its shopper's browser. */
export interface Victim {
  name: string;
  bindings: Partial<Bindings>;
  n: string;
  paymentId: string;
  /** The provider's id of the payment (the gateway's payment, PayPal's order, Splitit's plan, Stripe's PaymentIntent). */
  ref: string;
  cookie: string;
}

/** What an intruder sends: the path's parameters, the query and the body. */
export interface Sample {
  params?: Record<string, string>;
  body?: unknown;
}

/** A key of the right shape that is not the order's. */
export const WRONG_KEY = "A".repeat(22);

const CARDHOLDER = { lastName: "Shopper", postalCode: "78701", ssnLast4: "1234" };

/** A sample request of each operation naming an order: everything an intruder might know, but no credential. */
export const SAMPLES: Readonly<Record<string, (v: Victim) => Sample>> = {
  orderPayment: (v) => ({ params: { id: v.n } }),
  orderPaymentWithMethod: (v) => ({ params: { id: v.n }, body: { paymentMethod: "affirm" } }),
  approveLocalPayment: (v) => ({ params: { id: v.n, x: v.ref } }),
  approvePayPal: (v) => ({ params: { id: v.n, x: v.ref } }),
  approvePayPalWithPayer: (v) => ({ params: { id: v.n, x: v.ref, y: "PAYERID42" } }),
  approveStripe: (v) => ({ params: { id: v.ref } }),
  approveBraintree: (v) => ({ params: { id: v.n, nonce: "fake-junk-nonce" } }),
  approveBraintreeDescribed: (v) => ({ params: { id: v.n, nonce: "fake-junk-nonce", y: "CreditCard" } }),
  operatorOrderEvent: (v) => ({ params: { id: v.n }, body: { event: "cancel" } }),
  createPaymentRequest: (v) => ({ params: { id: v.n }, body: { amount: 100, reason: "Resize" } }),
  payPaymentRequest: (v) => ({ params: { id: v.n, requestId: `prq_${"0".repeat(32)}` } }),
  emailOrder: (v) => ({ body: { orderNumber: v.n } }),
  saveOrder: (v) => ({ body: { orderNumber: v.n, key: WRONG_KEY } }),
  orderExpiration: (v) => ({ params: { n: v.n } }),
  paymentOrderUpdate: (v) => ({ params: { id: v.n }, body: { Instructions: "Leave it with the neighbour" } }),
  wireReceived: (v) => ({ params: { id: v.n } }),
  approveAffirm: (v) => ({ params: { id: v.n, x: "junk-checkout-token" } }),
  approveAffirmWithReference: (v) => ({ params: { id: v.n, x: "junk-checkout-token", y: "REF42" } }),
  approveSplitit: (v) => ({ params: { id: v.n, x: v.ref } }),
  getTdFinanceUrl: (v) => ({ body: { entryType: "apply", orderNumber: v.n } }),
  approveTdFinance: (v) => ({ params: { id: v.n }, body: { paymentId: v.paymentId, TdAccountNumber: LOCAL_TD_ACCOUNT, TdCreditPlan: "PLAN12" } }),
  getTdAccountInfo: (v) => ({ body: { transactionLink: v.ref, accountNumber: LOCAL_TD_ACCOUNT } }),
  getTdAccountNumber: (v) => ({ body: { orderNumber: v.n, ...CARDHOLDER } }),
  confirmOrderItemsAvailability: (v) => ({ params: { n: v.n }, body: { items: [{ lineId: "diamond", available: false }] } }),
  orderSubstitutes: (v) => ({ params: { n: v.n } }),
  chooseSubstitute: (v) => ({ params: { n: v.n }, body: { lineId: "diamond", refund: true } }),
  getRetailerDiamondBySku: (v) => ({ params: { n: v.n }, body: { sku: "GIA-0001" } }),
  setContactCustomer: (v) => ({ params: { n: v.n, flag: "1" } }),
  postPurchaseSurvey: (v) => ({ body: { orderNumber: v.n, key: WRONG_KEY, answers: [{ questionId: "q1", answer: "yes" }] } }),
  orderReviewSubmit: (v) => ({ body: { orderNumber: v.n, key: WRONG_KEY, rating: 1, text: "Never arrived" } }),
  unsubscribeOrderReview: (v) => ({ body: { orderNumber: v.n, key: WRONG_KEY } }),
  missingRingSize: (v) => ({ params: { n: v.n }, body: {} }),
  addMissingRingSize: (v) => ({ params: { n: v.n }, body: { orderNumber: v.n, key: WRONG_KEY, items: [{ lineId: "setting", size: 6 }] } }),
  operatorOrder: (v) => ({ params: { n: v.n } }),
  operatorOrderAction: (v) => ({ params: { n: v.n }, body: { action: "cancel" } }),
  trackPurchase: (v) => ({ body: { orderNumber: v.n } }),
  removeMyStuffOrder: (v) => ({ params: { id: v.n } }),
};

/** The request of a sample: method, path with its parameters, JSON body. */
export function requestOf(op: Operation, sample: Sample): { path: string; init: RequestInit } {
  const path = `/api${op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(sample.params?.[name] ?? ""))}`;
  const init: RequestInit = { method: op.method };
  if (op.body) {
    init.headers = { "content-type": "application/json" };
    init.body = JSON.stringify(sample.body ?? {});
  }
  return { path, init };
}

const origin = () => inject("fakesOrigin");

async function braintree(index: number): Promise<Victim> {
  const publicKey = `pk_${crypto.randomUUID().slice(0, 12)}`;
  // The fake knows the merchant from its first control call.
  await fetch(`${origin()}/__control/braintree/requests`, { method: "POST", body: JSON.stringify({ publicKey }) });
  const bindings = { BRAINTREE_PUBLIC_KEY: publicKey, BRAINTREE_PRIVATE_KEY: `private-${publicKey}`, BRAINTREE_API_URL: `${origin()}/braintree` };
  const o = await placedWith(bindings, "card", index);
  return { name: "Braintree", bindings, n: o.placed.order.orderNumber, paymentId: o.placed.payment.paymentId, ref: "none", cookie: o.cookie };
}

async function stripe(index: number): Promise<Victim> {
  const account = stripeAccount({ timeoutMs: 5_000 });
  const bindings = { STRIPE_SECRET_KEY: account.secretKey, STRIPE_PUBLISHABLE_KEY: account.publishableKey, STRIPE_API_URL: account.apiUrl };
  const o = await placedWith(bindings, "card", index);
  const pi = o.placed.payment.clientSecret!.split("_secret_")[0]!;
  // The shopper paid at Stripe: an approval would now mark the order paid.
  await payAtStripe(account, pi, "succeeded");
  return { name: "Stripe", bindings, n: o.placed.order.orderNumber, paymentId: o.placed.payment.paymentId, ref: pi, cookie: o.cookie };
}

async function paypal(index: number): Promise<Victim> {
  const app = await paypalApp();
  const bindings = { PAYPAL_CLIENT_ID: app.config.clientId, PAYPAL_CLIENT_SECRET: app.config.clientSecret, PAYPAL_API_URL: `${origin()}/paypal` };
  const o = await placedWith(bindings, "paypal", index);
  const ref = new URL(o.placed.payment.approvalUrl!).searchParams.get("token")!;
  await app.approve(ref);
  return { name: "PayPal", bindings, n: o.placed.order.orderNumber, paymentId: o.placed.payment.paymentId, ref, cookie: o.cookie };
}

async function affirm(index: number): Promise<Victim> {
  const m = await affirmMerchant();
  const o = await placedWith(m.bindings, "affirm", index);
  const ref = new URL(o.placed.payment.approvalUrl!).pathname.split("/").pop()!;
  return { name: "Affirm", bindings: m.bindings, n: o.placed.order.orderNumber, paymentId: o.placed.payment.paymentId, ref, cookie: o.cookie };
}

async function splitit(index: number): Promise<Victim> {
  const m = await splititMerchant();
  const o = await placedWith(m.bindings, "splitit", index);
  const ref = new URL(o.placed.payment.approvalUrl!).searchParams.get("plan")!;
  await m.approve(ref);
  return { name: "Splitit", bindings: m.bindings, n: o.placed.order.orderNumber, paymentId: o.placed.payment.paymentId, ref, cookie: o.cookie };
}

/** An order paid through the embedded gateway (by card, or financed), approved there but not yet confirmed. */
async function gateway(index: number, method: "card" | "financing"): Promise<Victim> {
  const o = await placedWith({}, method, index);
  await decideAtGateway(o.placed.payment.approvalUrl!, "approve");
  const name = method === "card" ? "the embedded gateway" : "financing at the embedded gateway";
  return {
    name,
    bindings: {},
    n: o.placed.order.orderNumber,
    paymentId: o.placed.payment.paymentId,
    ref: localIdOf(o.placed.payment.approvalUrl!),
    cookie: o.cookie,
  };
}

/** The orders attacked, each made when its test runs. */
export const VICTIMS: readonly { name: string; make: (index: number) => Promise<Victim> }[] = [
  { name: "Braintree", make: braintree },
  { name: "Stripe", make: stripe },
  { name: "PayPal", make: paypal },
  { name: "Affirm", make: affirm },
  { name: "Splitit", make: splitit },
  { name: "the embedded gateway", make: (i) => gateway(i, "card") },
  { name: "financing at the embedded gateway", make: (i) => gateway(i, "financing") },
];

let tables: Promise<string[]> | null = null;

/** The D1 tables holding an order's rows (every table with an order_number column, but migrations' leftovers). */
function orderTables(): Promise<string[]> {
  tables ??= listOrderTables();
  return tables;
}

async function listOrderTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT m.name FROM sqlite_master m WHERE m.type = 'table' AND m.name NOT LIKE 'keep_%' AND m.name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
       AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) p WHERE p.name = 'order_number') ORDER BY m.name`,
  ).all<{ name: string }>();
  return results.map((r) => r.name);
}

/** Every row of the order in D1 — order, items, payments and their events, transitions, actions, requests, refunds, reviews — its emails and its TD lookups. */
export async function snapshot(orderNumber: string): Promise<Record<string, unknown[]>> {
  const queries: [string, D1PreparedStatement][] = (await orderTables()).map((t) => [
    t,
    env.DB.prepare(`SELECT * FROM ${t} WHERE order_number = ? ORDER BY 1`).bind(orderNumber),
  ]);
  queries.push(["email_outbox", env.DB.prepare("SELECT id, template FROM email_outbox WHERE data LIKE ? ORDER BY id").bind(`%${orderNumber}%`)]);
  queries.push(["td_account_lookup_identities", env.DB.prepare("SELECT * FROM td_account_lookup_identities WHERE identity = ?").bind(`order:${orderNumber}`)]);
  // One read of every table at once: nothing can change between them.
  const results = await env.DB.batch(queries.map(([, q]) => q));
  return Object.fromEntries(queries.map(([t], i) => [t, results[i]!.results]));
}
