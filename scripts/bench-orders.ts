/**
 * `npm run bench:orders`: placing an order (`POST /api/orders`: the cart read afresh, the order written with
 * its stones held in the same batch, the payment created at the embedded gateway) and approving it
 * (`PUT …/local/{x}/approve`: the gateway's capture, the order paid and its stones sold, the effects run after
 * the response), each next to a trivial call (`POST /api/accounts/verify-email`); the hold (place → held): how
 * soon a rival's add of the placed stone is refused, and 20 shoppers placing the same stone at once (exactly one
 * may hold it: docs/decisions/058-inventory-holds.md); approval under 20 concurrent duplicates of one order; the
 * operator's refund under 20 concurrent duplicates (one refund at the gateway per order); a financed order
 * referred, then approved by the lender. p50/p95/p99 of the worker's own time (`Server-Timing: app`) and the
 * round trip, against the built worker under wrangler dev (.wrangler/bench-orders, a small catalogue).
 * Prints figures; asserts nothing.
 */
import { existsSync } from "node:fs";
import { E2E_ADMIN_TOKEN, startWorker } from "../tests/e2e/server";
import { quantiles } from "./bench-stats";

const PERSIST = process.env.BENCH_PERSIST_TO ?? ".wrangler/bench-orders";
const ORDERS = Number(process.env.BENCH_ORDERS ?? 60);
const fmt = (q: { p50: number; p95: number; p99: number }) => `p50 ${q.p50.toFixed(1)} ms  p95 ${q.p95.toFixed(1)} ms  p99 ${q.p99.toFixed(1)} ms`;
const ADDRESS = {
  name: "Bench Shopper",
  line1: "1 Market St",
  city: "Austin",
  state: "TX",
  postalCode: "78701",
  countryCode: "US",
  email: "bench@example.com",
};

interface Timed {
  status: number;
  ms: number;
  server: number;
  body: unknown;
  cookie: string | null;
}

async function send(base: string, method: string, path: string, cookie: string | null, body?: unknown, admin = false): Promise<Timed> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (admin) headers.authorization = `Bearer ${E2E_ADMIN_TOKEN}`;
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  const started = performance.now();
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: "manual" });
  const text = await res.text();
  const ms = performance.now() - started;
  const server = Number(/app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
  const set = res.headers.getSetCookie().find((c) => c.startsWith("loupe_vid="));
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: res.status, ms, server, body: parsed, cookie: set ? set.split(";")[0]! : null };
}

const line = (label: string, xs: Timed[]) =>
  console.log(
    `${label.padEnd(44)} server ${fmt(quantiles(xs.map((t) => t.server)))} | round trip ${fmt(quantiles(xs.map((t) => t.ms)))}${xs.some((t) => t.status >= 400) ? ` (${xs.filter((t) => t.status >= 400).length} failed)` : ""}`,
  );

if (!existsSync("build/client/manifest.json")) throw new Error("build/ is missing: run `npm run build` first");
const worker = await startWorker({ persistTo: PERSIST, diamonds: 3000 });
const base = worker.url;
try {
  const search = (await send(base, "POST", "/api/diamonds2", null, { pageSize: 100, priceMin: 1000, priceMax: 20000 })).body as { diamonds: { id: number }[] };
  const places: Timed[] = [];
  const approvals: Timed[] = [];
  const trivial: Timed[] = [];
  const rivals: Timed[] = [];
  const paid: { order: string; local: string }[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const cookie = (await send(base, "GET", "/api/cart/version", null)).cookie!;
    for (const intent of [
      { type: "add-diamond", diamondId: search.diamonds[i % search.diamonds.length]!.id },
      { type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true },
      { type: "set-payment-method", paymentMethod: "card" },
    ])
      await send(base, "POST", "/api/cart", cookie, intent);
    const placed = await send(base, "POST", "/api/orders", cookie);
    places.push(placed);
    // The hold: straight after the place answered, a rival's add of the same stone is refused (409).
    const rival = (await send(base, "GET", "/api/cart/version", null)).cookie!;
    rivals.push(await send(base, "POST", "/api/cart", rival, { type: "add-diamond", diamondId: search.diamonds[i % search.diamonds.length]!.id }));
    trivial.push(await send(base, "POST", "/api/accounts/verify-email", null, { email: "bench@example.com" }));
    const { order, payment } = placed.body as { order: { orderNumber: string }; payment: { approvalUrl: string } };
    const local = new URL(payment.approvalUrl).pathname.split("/").pop()!;
    await fetch(`${base}/dev/gateway/${local}/approve`, { method: "POST", redirect: "manual" });
    paid.push({ order: order.orderNumber, local });
    approvals.push(await send(base, "PUT", `/api/orders/${order.orderNumber}/local/${local}/approve`, cookie));
  }
  line("place order (POST /api/orders)", places);
  line("approve (PUT /api/orders/{n}/local/{x}/approve)", approvals);
  line("trivial call (verify-email)", trivial);
  const refusedRivals = rivals.filter((r) => r.status === 409).length;
  console.log(`${"hold: a rival adds the placed stone".padEnd(44)} server ${fmt(quantiles(rivals.map((t) => t.server)))}`);
  console.log(`  rivals refused (409, on hold): ${refusedRivals} of ${rivals.length}`);
  // 20 shoppers with the same stone in their carts place at once, 5 times: one order holds each stone.
  const races: Timed[] = [];
  const winners: number[] = [];
  for (let r = 0; r < 5; r++) {
    const stone = search.diamonds[(ORDERS + 20 + r) % search.diamonds.length]!.id;
    const carts: string[] = [];
    for (let k = 0; k < 20; k++) {
      const cookie = (await send(base, "GET", "/api/cart/version", null)).cookie!;
      for (const intent of [
        { type: "add-diamond", diamondId: stone },
        { type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true },
        { type: "set-payment-method", paymentMethod: "card" },
      ])
        await send(base, "POST", "/api/cart", cookie, intent);
      carts.push(cookie);
    }
    const answers = await Promise.all(carts.map((cookie) => send(base, "POST", "/api/orders", cookie)));
    races.push(...answers);
    winners.push(answers.filter((a) => a.status === 201).length);
  }
  console.log(`${"hold: 20 shoppers place one stone at once".padEnd(44)} server ${fmt(quantiles(races.map((t) => t.server)))}`);
  const raceCodes = races.reduce<Record<string, number>>((m, t) => {
    m[t.status] = (m[t.status] ?? 0) + 1;
    return m;
  }, {});
  console.log(`  answers by status: ${JSON.stringify(raceCodes)}; orders holding each stone: ${winners.join(", ")}`);
  // 20 concurrent duplicates of one approval, on fresh orders approved at the gateway.
  const storms: Timed[] = [];
  let captures = 0;
  for (let i = 0; i < 5; i++) {
    const cookie = (await send(base, "GET", "/api/cart/version", null)).cookie!;
    for (const intent of [
      { type: "add-diamond", diamondId: search.diamonds[(ORDERS + i) % search.diamonds.length]!.id },
      { type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true },
      { type: "set-payment-method", paymentMethod: "card" },
    ])
      await send(base, "POST", "/api/cart", cookie, intent);
    const { order, payment } = (await send(base, "POST", "/api/orders", cookie)).body as { order: { orderNumber: string }; payment: { approvalUrl: string } };
    const local = new URL(payment.approvalUrl).pathname.split("/").pop()!;
    await fetch(`${base}/dev/gateway/${local}/approve`, { method: "POST", redirect: "manual" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(base, "PUT", `/api/orders/${order.orderNumber}/local/${local}/approve`, cookie)));
    storms.push(...answers);
    captures += answers.filter((a) => (a.body as { outcome?: string }).outcome === "paid").length > 0 ? 1 : 0;
  }
  line("approve, 20 concurrent duplicates (5 orders)", storms);
  const outcomes = storms.reduce<Record<string, number>>((m, t) => {
    const o = (t.body as { outcome?: string }).outcome ?? String(t.status);
    m[o] = (m[o] ?? 0) + 1;
    return m;
  }, {});
  console.log(`  answers: ${JSON.stringify(outcomes)}; orders paid: ${captures} of 5`);
  // The operator refunds 5 paid orders, each with 20 concurrent clicks: one refund per order.
  const refunds: Timed[] = [];
  const refunded: number[] = [];
  for (const { order } of paid.slice(0, 5)) {
    const refund = { action: "refund", actor: "bench", reason: "bench: refund storm" };
    refunds.push(...(await Promise.all(Array.from({ length: 20 }, () => send(base, "POST", `/api/operator/orders/${order}/actions`, null, refund, true)))));
    const detail = (await send(base, "GET", `/api/operator/orders/${order}`, null, undefined, true)).body as { refunds: { status: string }[] };
    refunded.push(detail.refunds.filter((r) => r.status === "refunded").length);
  }
  line("refund, 20 concurrent operator clicks (5 orders)", refunds);
  const codes = refunds.reduce<Record<string, number>>((m, t) => {
    m[t.status] = (m[t.status] ?? 0) + 1;
    return m;
  }, {});
  console.log(`  answers by status: ${JSON.stringify(codes)}; refunds made per order: ${refunded.join(", ")}`);
  // A financed order: the lender refers it, then approves; the shopper's approval asked 20 times at once.
  const financed: Timed[] = [];
  const statuses: string[] = [];
  for (let i = 0; i < 5; i++) {
    const cookie = (await send(base, "GET", "/api/cart/version", null)).cookie!;
    for (const intent of [
      { type: "add-diamond", diamondId: search.diamonds[(ORDERS + 10 + i) % search.diamonds.length]!.id },
      { type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true },
      { type: "set-payment-method", paymentMethod: "financing" },
    ])
      await send(base, "POST", "/api/cart", cookie, intent);
    const { order, payment } = (await send(base, "POST", "/api/orders", cookie)).body as { order: { orderNumber: string }; payment: { approvalUrl: string } };
    const local = new URL(payment.approvalUrl).pathname.split("/").pop()!;
    await fetch(`${base}/dev/gateway/${local}/refer`, { method: "POST", redirect: "manual" });
    const referred = await send(base, "PUT", `/api/orders/${order.orderNumber}/local/${local}/approve`, cookie);
    statuses.push((referred.body as { order: { status: string } }).order.status);
    await fetch(`${base}/dev/gateway/${local}/approve`, { method: "POST", redirect: "manual" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(base, "PUT", `/api/orders/${order.orderNumber}/local/${local}/approve`, cookie)));
    financed.push(referred, ...answers);
    const after = (await send(base, "GET", `/api/operator/orders/${order.orderNumber}`, null, undefined, true)).body as { order: { status: string } };
    statuses.push(after.order.status);
  }
  line("financing: referred, then 20 concurrent approvals", financed);
  console.log(`  order statuses (after referral, after the lender approved): ${statuses.join(" → ")}`);
} catch (e) {
  console.error(worker.log().split("\n").slice(-40).join("\n"));
  throw e;
} finally {
  await worker.stop();
}
