/**
 * `npm run bench:orders` (issue 18): placing an order (`POST /api/orders`: the cart read afresh, the order
 * written, the payment created at the embedded gateway) and approving it (`PUT …/local/{x}/approve`: the
 * gateway's capture, the order paid, the cart emptied), each next to a trivial call
 * (`POST /api/accounts/verify-email`), and approval under 20 concurrent duplicates of one order. p50/p95/p99 of
 * the worker's own time (`Server-Timing: app`) and the round trip, against the built worker under wrangler dev
 * (.wrangler/bench-orders, a small catalogue). Prints figures; asserts nothing.
 */
import { existsSync } from "node:fs";
import { startWorker } from "../tests/e2e/server";
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

async function send(base: string, method: string, path: string, cookie: string | null, body?: unknown): Promise<Timed> {
  const headers: Record<string, string> = { accept: "application/json" };
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
} catch (e) {
  console.error(worker.log().split("\n").slice(-40).join("\n"));
  throw e;
} finally {
  await worker.stop();
}
