/**
 * `npm run bench:alerts` (issue 19): the hourly alert run over a 1,000,000-diamond catalogue with 10,000
 * saved searches (realistic varied filters: scripts/bench-queries.ts) with their alerts on, spread over
 * customers, some favourites past the price-drop threshold, and a batch of new stones. The built worker runs
 * under `wrangler dev --test-scheduled` on its own local D1 (.wrangler/bench-alerts, seeded the first time,
 * reused after); the run is triggered by `/__scheduled?cron=17+*+*+*+*`, and its report (the worker's log)
 * gives the run's time, the index object's matching time (its CPU for the run) and D1's statements, rows read
 * and rows written. A second run right after shows the cost of a run with nothing new. Prints; asserts nothing.
 *
 * Options (env): SEED_DIAMONDS (default 1,000,000), BENCH_SEARCHES (10,000), BENCH_CUSTOMERS (4,000),
 * BENCH_NEW_STONES (500), BENCH_DROPS (1,000 favourites, half past the threshold), BENCH_PERSIST_TO.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import * as v from "valibot";
import { getPlatformProxy } from "wrangler";
import { CATALOGUE_VERSION_KEY } from "#shared/catalogue/seed-plan.ts";
import { DiamondFilters } from "#shared/schemas.ts";
import { startWorker } from "../tests/e2e/server";
import type { AlertRunReport } from "../worker/my-stuff/alerts/run";
import { canonicalJson, savedSearchId } from "../worker/saved-searches/store";
import { benchQueries } from "./bench-queries";

const DIAMONDS = Number(process.env.SEED_DIAMONDS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 10_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 4_000);
const NEW_STONES = Number(process.env.BENCH_NEW_STONES ?? 500);
const DROPS = Number(process.env.BENCH_DROPS ?? 1_000);
const PERSIST = process.env.BENCH_PERSIST_TO ?? ".wrangler/bench-alerts";
const STONE_PREFIX = "ALERTBENCH";
const EMAIL = (i: number) => `bench-alert-${i}@example.com`;

const log = (m: string) => console.log(m);

/** Writes the bench's customers, searches, favourites and new stones (removing the previous bench's first). */
async function prepare(): Promise<{ baseMax: number }> {
  const env = { ...process.env, CI: "1", NO_COLOR: "1", SEED_DIAMONDS: String(DIAMONDS), SEED_PERSIST_TO: PERSIST };
  execFileSync("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--config", "wrangler.toml", "--persist-to", PERSIST], {
    env,
    stdio: "ignore",
  });
  execFileSync("node_modules/.bin/tsx", ["scripts/seed.ts"], { env, stdio: "inherit" });
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: "wrangler.toml", persist: { path: resolve(PERSIST, "v3") }, remoteBindings: false });
  try {
    const db = proxy.env.DB;
    const now = Date.now();
    await db.batch([
      db.prepare("DELETE FROM alert_matches"),
      db.prepare("DELETE FROM alert_digests"),
      db.prepare("DELETE FROM alert_runs"),
      db.prepare("DELETE FROM email_outbox WHERE recipient LIKE 'bench-alert-%'"),
      db.prepare("DELETE FROM user_saved_searches WHERE user_id IN (SELECT id FROM users WHERE email LIKE 'bench-alert-%')"),
      db.prepare("DELETE FROM user_saved_diamonds WHERE user_id IN (SELECT id FROM users WHERE email LIKE 'bench-alert-%')"),
      db.prepare("DELETE FROM users WHERE email LIKE 'bench-alert-%'"),
      db.prepare(`DELETE FROM diamonds WHERE certificate_id LIKE '${STONE_PREFIX}%'`),
    ]);
    const baseMax = (await db.prepare("SELECT MAX(id) AS id FROM diamonds").first<{ id: number }>())!.id;
    // Customers.
    const users = Array.from({ length: CUSTOMERS }, (_, i) => [EMAIL(i), `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`]);
    for (let i = 0; i < users.length; i += 1000) {
      await db
        .prepare(
          `INSERT INTO users (user_guid, email, security_stamp, account_confirmed, created_at, updated_at)
           SELECT json_extract(value, '$[1]'), json_extract(value, '$[0]'), 'bench', 1, ?2, ?2 FROM json_each(?1)`,
        )
        .bind(JSON.stringify(users.slice(i, i + 1000)), now)
        .run();
    }
    const { results: ids } = await db.prepare("SELECT id FROM users WHERE email LIKE 'bench-alert-%' ORDER BY id").all<{ id: number }>();
    // Searches: realistic filters, saved by their searchId, each customer's alerts on.
    const rows: [string, string, number, string][] = [];
    const queries = benchQueries(SEARCHES, 20261123);
    for (let i = 0; i < queries.length; i++) {
      const { pageNumber: _p, pageSize: _s, includeFacets: _f, ...input } = queries[i]!;
      const filters = v.parse(DiamondFilters, input);
      rows.push([await savedSearchId("diamond", filters), canonicalJson(filters), ids[i % ids.length]!.id, `Search ${i}`]);
    }
    for (let i = 0; i < rows.length; i += 1000) {
      const part = JSON.stringify(rows.slice(i, i + 1000));
      await db.batch([
        db
          .prepare(
            `INSERT INTO saved_searches (id, kind, filters, created_at, last_used_at, uses)
             SELECT json_extract(value, '$[0]'), 'diamond', json_extract(value, '$[1]'), ?2, ?2, 0 FROM json_each(?1) WHERE true ON CONFLICT (id) DO NOTHING`,
          )
          .bind(part, now),
        db
          .prepare(
            `INSERT INTO user_saved_searches (user_id, search_id, name, has_alert, created_at, seen_at, after_item_id)
             SELECT json_extract(value, '$[2]'), json_extract(value, '$[0]'), json_extract(value, '$[3]'), 1, ?2, ?2, ?3 FROM json_each(?1)
             WHERE true ON CONFLICT (user_id, search_id) DO NOTHING`,
          )
          .bind(part, now, baseMax),
      ]);
    }
    // Favourites: every other one saved 5 % dearer than now (a drop), the rest at today's price.
    await db
      .prepare(
        `INSERT INTO user_saved_diamonds (user_id, diamond_id, notes, created_at, alert_price_cents)
         SELECT u.id, d.id, '', ?2, CASE WHEN d.id % 2 = 0 THEN d.price_cents * 105 / 100 ELSE d.price_cents END
         FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS n FROM users WHERE email LIKE 'bench-alert-%') u
         JOIN (SELECT id, price_cents, ROW_NUMBER() OVER (ORDER BY id) AS n FROM diamonds WHERE is_sold = 0 AND id % 991 = 0 LIMIT ?1) d
           ON d.n % ?3 = u.n % ?3 AND d.n <= ?1
         WHERE u.n <= ?1 ON CONFLICT DO NOTHING`,
      )
      .bind(DROPS, now, CUSTOMERS)
      .run();
    // New stones: copies of available ones with ids above every other, then a new catalogue version.
    const columns = Object.keys((await db.prepare("SELECT * FROM diamonds LIMIT 1").first<Record<string, unknown>>())!).filter(
      (c) => c !== "id" && c !== "certificate_id" && c !== "paired_diamond_id",
    );
    await db.batch([
      db
        .prepare(
          `INSERT INTO diamonds (id, certificate_id, paired_diamond_id, ${columns.join(", ")})
           SELECT ?1 + n, '${STONE_PREFIX}' || (?1 + n), NULL, ${columns.join(", ")}
           FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY id) AS n FROM diamonds WHERE is_sold = 0 AND id % 1999 = 7 LIMIT ?2)`,
        )
        .bind(baseMax, NEW_STONES),
      db.prepare("INSERT OR REPLACE INTO seed_meta (key, value) VALUES (?, ?)").bind(CATALOGUE_VERSION_KEY, `alerts-bench-${now.toString(36)}`),
    ]);
    const counts = await db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM user_saved_searches WHERE has_alert = 1) AS searches,
                (SELECT COUNT(*) FROM diamonds WHERE id > ?1) AS stones,
                (SELECT COUNT(*) FROM user_saved_diamonds s JOIN users u ON u.id = s.user_id WHERE u.email LIKE 'bench-alert-%') AS favourites`,
      )
      .bind(baseMax)
      .first<{ searches: number; stones: number; favourites: number }>();
    log(`prepared: ${counts!.searches} saved searches with alerts over ${CUSTOMERS} customers, ${counts!.favourites} favourites, ${counts!.stones} new stones`);
    return { baseMax };
  } finally {
    await proxy.dispose();
  }
}

/** The run's report as the worker logs it (worker/my-stuff/alerts/run.ts). */
type Report = AlertRunReport;

/** Triggers the alert Cron Trigger and waits for the run's report in the worker's log. */
async function runOnce(worker: Awaited<ReturnType<typeof startWorker>>, seen: number): Promise<{ report: Report; wallMs: number }> {
  const started = performance.now();
  const res = await fetch(`${worker.url}/__scheduled?cron=${encodeURIComponent("17 * * * *")}`);
  if (res.status !== 200) throw new Error(`/__scheduled answered ${res.status}`);
  for (;;) {
    const lines = worker
      .log()
      .split("\n")
      .filter((l) => l.includes('"message":"alert run"'));
    if (lines.length > seen) {
      const line = lines[seen]!;
      return { report: JSON.parse(line.slice(line.indexOf("{"))) as Report, wallMs: performance.now() - started };
    }
    if (worker.log().includes("alert cron:")) throw new Error(`the run failed:\n${worker.log().slice(-2000)}`);
    if (performance.now() - started > 600_000) throw new Error("no alert run report within 10 minutes");
    await new Promise((r) => setTimeout(r, 100));
  }
}

function print(label: string, { report, wallMs }: { report: Report; wallMs: number }): void {
  log(`\n${label}`);
  log(`  wall time (trigger → report)   ${(wallMs / 1000).toFixed(2)} s   (the run's own clock: ${(report.ms / 1000).toFixed(2)} s)`);
  log(`  index object matching          ${report.engineMs.toFixed(0)} ms (CPU: pure computation)`);
  log(
    `  alerts ${report.searches}, new stones ${report.newRows}, matches recorded ${report.matches}, price drops told ${report.priceDrops}, emails ${report.emails}`,
  );
  log(
    `  D1: ${report.d1.statements} statements, ${report.d1.rowsRead.toLocaleString("en-US")} rows read, ${report.d1.rowsWritten.toLocaleString("en-US")} rows written`,
  );
}

async function main(): Promise<void> {
  if (!existsSync("build/client/manifest.json")) throw new Error("build/ is missing: run `npm run build` first");
  await prepare();
  const worker = await startWorker({ persistTo: PERSIST, diamonds: DIAMONDS, args: ["--test-scheduled"] });
  try {
    // Load the index first (a search), so the run's figures are the run's, not the index load's.
    const t = performance.now();
    const warm = await fetch(`${worker.url}/api/diamonds2`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    log(`index loaded (${warm.status}) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    print("alert run with new stones", await runOnce(worker, 0));
    print("alert run right after (nothing new)", await runOnce(worker, 1));
  } finally {
    await worker.stop();
  }
}

await main();
