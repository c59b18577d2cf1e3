/**
 * `npm run bench:lighthouse`: Lighthouse mobile (its default config: simulated throttling, mobile form
 * factor and screen) against the built worker (`wrangler dev` on loopback, its own local D1 seeded with
 * SEED_DIAMONDS diamonds, default 5,000, in .wrangler/lighthouse), LIGHTHOUSE_RUNS times (default 3) per
 * page: the diamond search, a diamond page (the first search result), `/`, `/setting-search` and `/cart`.
 * Prints the median of the runs per page: performance score, FCP, LCP, TBT, CLS, and the accessibility,
 * best-practices and SEO scores. A benchmark: it asserts nothing. Builds nothing: run `npm run build` first.
 *
 * The visitor is one for all runs (Lighthouse keeps cookies between runs) and sees the control of every
 * experiment (§4), pinned by their cookies, so runs compare like with like; LIGHTHOUSE_VARIANTS
 * (e.g. `One_Trust_Script=1,Sticky_Checkout_Button=1`) pins others.
 * LIGHTHOUSE_REPORTS=dir also writes each run's report (JSON) there, to see what a page spends its time on.
 *
 * Chromium: CHROME_PATH, else /usr/bin/chromium, else @sparticuz/chromium (tests/e2e/chrome.ts), headless,
 * with everything that would reach the network turned off.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import WebSocket from "ws";
import { EXPERIMENTS } from "#shared/experiments/definitions.ts";
import { CHROME_ARGS, chromePath } from "../tests/e2e/chrome";
import { freePort, startWorker } from "../tests/e2e/server";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const DIAMONDS = Number(process.env.SEED_DIAMONDS ?? 5000);
const PERSIST = process.env.BENCH_PERSIST_TO ?? ".wrangler/lighthouse";
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
/** Experiment cookie → pinned variant: every experiment's control, then LIGHTHOUSE_VARIANTS. */
const VARIANTS: Record<string, string> = {
  ...Object.fromEntries(EXPERIMENTS.map((e) => [e.cookie, "0"])),
  ...Object.fromEntries(
    (process.env.LIGHTHOUSE_VARIANTS ?? "")
      .split(",")
      .filter(Boolean)
      .map((kv) => kv.split("=") as [string, string]),
  ),
};
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** A headless Chromium with its DevTools port open on loopback; resolves once the port answers. */
async function launchChromium() {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "loupe-lighthouse-"));
  const args = [
    ...CHROME_ARGS,
    `--remote-debugging-port=${port}`,
    "--remote-debugging-address=127.0.0.1",
    `--user-data-dir=${profile}`,
    "--no-default-browser-check",
    "--disable-default-apps",
    "--mute-audio",
    "about:blank",
  ];
  const child = spawn(await chromePath(), [...new Set(args)], { stdio: "ignore", detached: true });
  const stop = () => {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    rmSync(profile, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error("Chromium's DevTools port did not answer within 30 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Sets cookies in the browser over its DevTools protocol (Storage.setCookies on the browser target). */
async function setCookies(port: number, url: string, cookies: Record<string, string>): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  const reply = new Promise<{ error?: { message: string } }>((resolve) => ws.once("message", (m: Buffer) => resolve(JSON.parse(m.toString()))));
  ws.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies: Object.entries(cookies).map(([name, value]) => ({ name, value, url })) } }));
  const { error } = await reply;
  ws.close();
  if (error) throw new Error(`Storage.setCookies: ${error.message}`);
}

async function audit(url: string, port: number, report: string): Promise<Run> {
  // A trace occasionally misses its navigation start (NO_NAVSTART: "please run Lighthouse again"): run it again.
  let result: Awaited<ReturnType<typeof lighthouse>>;
  for (let attempt = 1; ; attempt++) {
    result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    const error = result?.lhr.runtimeError;
    if (!error) break;
    if (attempt === 3) throw new Error(`Lighthouse: ${error.code} ${error.message} (${url})`);
  }
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(join(REPORTS, `${report}.json`), JSON.stringify(lhr, null, 1));
  }
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse measured no ${id} on ${url}`);
    return value;
  };
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? NaN) * 100)])) as Run["scores"];
  return {
    scores,
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
  };
}

async function main() {
  if (!existsSync("build/client/manifest.json")) throw new Error("build/ is missing: run `npm run build` first");
  const worker = await startWorker({ persistTo: PERSIST, diamonds: DIAMONDS });
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {
    const search = (await (
      await fetch(worker.url + "/api/diamonds2", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })
    ).json()) as {
      diamonds: { id: number; slug: string }[];
    };
    const first = search.diamonds[0];
    if (!first) throw new Error("the seeded catalogue has no diamond to show");
    const pages: [string, string][] = [
      ["/diamond-search", "/diamond-search"],
      ["/diamond/{id}/{slug}", `/diamond/${first.id}/${first.slug}`],
      ["/", "/"],
      ["/setting-search", "/setting-search"],
      ["/cart", "/cart"],
      ["/login", "/login"],
      ["/register", "/register"],
      // Content (issue 20): the FAQ, an article, the reviews, a policy page, a landing page, the retailers.
      ["/faq", "/faq"],
      ["/education/{sub}/{slug}", "/education/diamond-4cs/diamond-cut-guide"],
      ["/reviews", "/reviews"],
      ["/privacy", "/privacy"],
      ["/diamonds", "/diamonds"],
      ["/our-retailers", "/our-retailers"],
    ];
    chromium = await launchChromium();
    await setCookies(chromium.port, worker.url + "/", VARIANTS);
    const pinned = Object.entries(VARIANTS)
      .filter(([, v]) => v !== "0")
      .map(([k, v]) => `${k}=${v}`);
    console.log(`Experiments: every control${pinned.length ? `, except ${pinned.join(", ")}` : ""} (LIGHTHOUSE_VARIANTS)`);
    console.log(`Lighthouse ${RUNS}× per page, mobile, simulated throttling (default config); median of the runs\n`);
    console.log(
      `${"page".padEnd(22)}${"perf".padStart(6)}${"FCP".padStart(9)}${"LCP".padStart(9)}${"TBT".padStart(9)}${"CLS".padStart(8)}${"a11y".padStart(7)}${"b-p".padStart(6)}${"SEO".padStart(6)}   perf/TBT of each run`,
    );
    for (const [name, path] of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(worker.url + path, chromium.port, `${path.split("/")[1] || "home"}-${i + 1}`));
      const m = (f: (r: Run) => number) => median(runs.map(f));
      console.log(
        name.padEnd(22) +
          String(m((r) => r.scores.performance)).padStart(6) +
          `${(m((r) => r.fcp) / 1000).toFixed(2)} s`.padStart(9) +
          `${(m((r) => r.lcp) / 1000).toFixed(2)} s`.padStart(9) +
          `${m((r) => r.tbt).toFixed(0)} ms`.padStart(9) +
          m((r) => r.cls)
            .toFixed(3)
            .padStart(8) +
          String(m((r) => r.scores.accessibility)).padStart(7) +
          String(m((r) => r.scores["best-practices"])).padStart(6) +
          String(m((r) => r.scores.seo)).padStart(6) +
          `   ${runs.map((r) => `${r.scores.performance}/${r.tbt.toFixed(0)}`).join(" ")}`,
      );
    }
    console.log("\ntarget: performance 100 and TBT ≤ 50 ms on every page");
  } catch (e) {
    console.error(worker.log().split("\n").slice(-40).join("\n"));
    throw e;
  } finally {
    chromium?.stop();
    await worker.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
