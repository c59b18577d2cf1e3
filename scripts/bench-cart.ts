/**
 * The cart section of `npm run bench` (issue 4): add-to-cart (`POST /api/cart` add-item) and get-cart
 * (`GET /api/cart`) at 32 concurrent visitors (32 carts), at one hot cart one request at a time, and at one
 * hot cart with 32 requests at once, each next to a trivial call to the same Durable Object
 * (`GET /api/cart/version`) under the same load.
 * p50/p95/p99 of the worker's own time (`Server-Timing: app`) and of the client's round trip. Prints; asserts nothing.
 */
import http from "node:http";
import { generateSettings } from "#shared/catalogue/generate-settings.ts";
import { quantiles, type Quantiles } from "./bench-stats";

const CONCURRENCY = 32;

type Q = Quantiles;

interface Answer {
  status: number;
  ms: number;
  server: number;
  /** The worker's named steps (Server-Timing other than app), e.g. catalogue, cart, view. */
  steps: Record<string, number>;
  cookie: string | null;
}

function request(agent: http.Agent, base: string, method: string, path: string, cookie: string | null, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string> = { accept: "application/json" };
    if (cookie) headers.cookie = cookie;
    if (body) headers["content-type"] = "application/json";
    const req = http.request(base + path, { method, agent, headers }, (res) => {
      res.on("data", () => {});
      res.on("end", () => {
        const timing = String(res.headers["server-timing"] ?? "");
        const steps: Record<string, number> = {};
        for (const [, name, dur] of timing.matchAll(/(\w+);dur=([\d.]+)/g)) steps[name!] = Number(dur);
        const set = res.headers["set-cookie"]?.find((c) => c.startsWith("loupe_vid="));
        const { app, ...rest } = steps;
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, server: app ?? NaN, steps: rest, cookie: set ? set.split(";")[0]! : null });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Jewellery variants of the seeded catalogue (the seed's own generator): what the adds put in carts. */
function jewelryVariants(): number[] {
  const { settings, variants } = generateSettings();
  const jewelry = new Set(settings.filter((s) => s.item_type === 2 || (s.item_type === 4 && s.item_type_name !== "Stud")).map((s) => s.id));
  return variants.filter((v) => jewelry.has(v.setting_id) && !v.is_sold).map((v) => v.id);
}

export async function cartBench(base: string): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const variants = jewelryVariants();
  const visitors: string[] = [];
  for (let i = 0; i < CONCURRENCY; i++) visitors.push((await request(agent, base, "GET", "/api/cart/version", null)).cookie!);
  let next = 0;
  const adds = new Map<string, number>();
  const op = {
    trivial: (cookie: string) => request(agent, base, "GET", "/api/cart/version", cookie),
    get: (cookie: string) => request(agent, base, "GET", "/api/cart", cookie),
    add: (cookie: string) => {
      const n = (adds.get(cookie) ?? 0) + 1;
      adds.set(cookie, n);
      // Up to 20 different items per cart (a line takes up to 99 pieces: 1,600 adds on one cart spread over 20).
      return request(agent, base, "POST", "/api/cart", cookie, JSON.stringify({ type: "add-item", variantId: variants[next++ % 20] }));
    },
  };
  const clearAll = async () => {
    for (const v of visitors) await request(agent, base, "POST", "/api/cart", v, JSON.stringify({ type: "clear" }));
    adds.clear();
  };
  async function run(kind: keyof typeof op, carts: string[], total: number, concurrency = CONCURRENCY) {
    const answers: Answer[] = [];
    let i = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, w) => {
        while (i < total) {
          i++;
          answers.push(await op[kind](carts[w % carts.length]!));
        }
      }),
    );
    const errors = answers.filter((a) => a.status !== 200).length;
    const names = [...new Set(answers.flatMap((a) => Object.keys(a.steps)))];
    const steps = names.map((n) => [n, quantiles(answers.map((a) => a.steps[n] ?? 0))] as const);
    return { server: quantiles(answers.map((a) => a.server)), client: quantiles(answers.map((a) => a.ms)), steps, errors };
  }
  const fmt = (q: Q) => `p50 ${q.p50.toFixed(2).padStart(6)}  p95 ${q.p95.toFixed(2).padStart(6)}  p99 ${q.p99.toFixed(2).padStart(6)} ms`;
  const N = 1600;
  console.log(`\n== Cart (${CONCURRENCY} concurrent requests, ${N} per line; ${variants.length} jewellery items) ==`);
  for (const [label, carts, concurrency] of [
    [`${CONCURRENCY} visitors at once (one cart each)`, visitors, CONCURRENCY],
    ["one hot cart, one request at a time (the object stays loaded)", visitors.slice(0, 1), 1],
    [`one hot cart, ${CONCURRENCY} requests at once (contention)`, visitors.slice(0, 1), CONCURRENCY],
  ] as const) {
    // Warm-up, then a fresh start for the measured runs.
    await run("trivial", [...carts], 200, concurrency);
    await run("add", [...carts], 200, concurrency);
    await clearAll();
    const trivial = await run("trivial", [...carts], N, concurrency);
    const add = await run("add", [...carts], N, concurrency);
    const get = await run("get", [...carts], N, concurrency);
    await clearAll();
    console.log(label);
    const ratio = (x: Q, t: Q) =>
      `${(x.p50 / Math.max(t.p50, 0.01)).toFixed(2)}× / ${(x.p95 / Math.max(t.p95, 0.01)).toFixed(2)}× / ${(x.p99 / Math.max(t.p99, 0.01)).toFixed(2)}×`;
    for (const [name, r] of [
      ["trivial DO call (GET /api/cart/version)", trivial],
      ["add to cart (POST /api/cart add-item)", add],
      ["get cart (GET /api/cart)", get],
    ] as const) {
      console.log(`  ${name.padEnd(42)} server ${fmt(r.server)}   client ${fmt(r.client)}${r.errors ? `   (${r.errors} not 200)` : ""}`);
      for (const [step, q] of r.steps) console.log(`    ${`of which ${step}`.padEnd(40)} server ${fmt(q)}`);
    }
    console.log(`  ratio to the trivial call (client p50 / p95 / p99): add ${ratio(add.client, trivial.client)}; get ${ratio(get.client, trivial.client)}`);
    if (carts.length === 1 && concurrency === 1) {
      const worst = Math.max(add.server.p99, get.server.p99);
      console.log(
        `  target: p99 ≤ 5 ms on one hot cart (server time): add ${add.server.p99.toFixed(2)} ms, get ${get.server.p99.toFixed(2)} ms — ${worst <= 5 ? "met" : "not met"}`,
      );
    }
  }
  agent.destroy();
}
