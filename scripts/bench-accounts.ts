/**
 * `npm run bench:accounts` (issue 17): the password hash's CPU time (PBKDF2-SHA-256, 100,000 iterations,
 * WebCrypto in Node: the same work the worker does per sign-in), then sign-in (`POST /api/accounts/login`)
 * against the built worker under `wrangler dev` next to a trivial call (`POST /api/accounts/verify-email`):
 * p50/p95/p99 of the worker's own time (`Server-Timing: app`) and of the round trip, one at a time and 8 at
 * once. Its own local state in .wrangler/bench-accounts (a small catalogue). Prints figures; asserts nothing.
 */
import { existsSync } from "node:fs";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "../worker/accounts/passwords";
import { startWorker } from "../tests/e2e/server";
import { quantiles } from "./bench-stats";

const PERSIST = process.env.BENCH_PERSIST_TO ?? ".wrangler/bench-accounts";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const PASSWORD = "a long and uncommon passphrase";
const fmt = (q: { p50: number; p95: number; p99: number }) => `p50 ${q.p50.toFixed(1)} ms  p95 ${q.p95.toFixed(1)} ms  p99 ${q.p99.toFixed(1)} ms`;

async function hashCpu(): Promise<void> {
  await hashPassword(PASSWORD);
  const cpu: number[] = [];
  const stored = await hashPassword(PASSWORD);
  for (let i = 0; i < 30; i++) {
    const before = process.cpuUsage();
    await verifyPassword(PASSWORD, stored);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  console.log(`password hash (PBKDF2-SHA-256, ${PBKDF2_ITERATIONS.toLocaleString("en-US")} iterations), CPU per check: ${fmt(quantiles(cpu))}`);
}

interface Timed {
  status: number;
  ms: number;
  server: number;
}

async function post(base: string, path: string, body: unknown, ip: string): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(base + path, { method: "POST", headers: { "content-type": "application/json", "cf-connecting-ip": ip }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  const server = Number(/app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
  return { status: res.status, ms: performance.now() - started, server };
}

/** Registers and confirms a user through the API and the local outbox page. */
async function confirmedUser(base: string, n: number): Promise<string> {
  const email = `bench.${Date.now()}.${n}@example.com`;
  await post(base, "/api/accounts/v1/register", { firstName: "Bench", lastName: "Mark", email, password: PASSWORD }, "192.0.2.1");
  const list = await (await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)).text();
  const id = /\/dev\/outbox\/(\d+)/.exec(list)?.[1];
  const mail = await (await fetch(`${base}/dev/outbox/${id}`)).text();
  const link = /href="([^"]*\/register\/confirm\?[^"]*)"/.exec(mail)?.[1];
  if (!link) throw new Error("no confirmation link in the outbox");
  const url = new URL(link.replaceAll("&amp;", "&"), base);
  const confirmed = await post(base, "/api/accounts/confirm", { email, securityStamp: url.searchParams.get("securityStamp") }, "192.0.2.1");
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
  return email;
}

/** `n` calls, `parallel` lanes at once (lane `l` makes its own calls: one customer per lane). */
async function series(label: string, n: number, parallel: number, one: (i: number, lane: number) => Promise<Timed>): Promise<void> {
  const out: Timed[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async (_, lane) => {
      while (next < n) out.push(await one(next++, lane));
    }),
  );
  const bad = out.filter((t) => t.status !== 200).length;
  console.log(
    `${label.padEnd(38)} server ${fmt(quantiles(out.map((t) => t.server)))} | round trip ${fmt(quantiles(out.map((t) => t.ms)))}${bad ? ` (${bad} not 200)` : ""}`,
  );
}

await hashCpu();
if (!existsSync("build/client/manifest.json")) throw new Error("build/ is missing: run `npm run build` first");
const worker = await startWorker({ persistTo: PERSIST, diamonds: 2000 });
try {
  // One customer per lane: a customer's concurrent sign-ins count against their own limit (throttle.ts).
  const emails: string[] = [];
  for (let i = 0; i < 8; i++) emails.push(await confirmedUser(worker.url, i));
  for (const parallel of [1, 8]) {
    const ip = (i: number) => `198.18.${parallel}.${i % 250}`;
    await series(`sign-in, ${parallel} at a time`, ROUNDS, parallel, (i, lane) =>
      post(worker.url, "/api/accounts/login", { email: emails[lane], password: PASSWORD }, ip(i)),
    );
    await series(`trivial call (verify-email), ${parallel} at a time`, ROUNDS, parallel, (i, lane) =>
      post(worker.url, "/api/accounts/verify-email", { email: emails[lane] }, ip(i)),
    );
  }
} catch (e) {
  console.error(worker.log().split("\n").slice(-40).join("\n"));
  throw e;
} finally {
  await worker.stop();
}
