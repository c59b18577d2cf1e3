/**
 * Seeds the local D1 database that `wrangler dev --persist-to .wrangler/state` uses with the demo catalogue.
 *
 *   npx wrangler d1 migrations apply DB --local --persist-to .wrangler/state   # once, creates the tables
 *   npx tsx scripts/seed.ts                                                     # SEED_DIAMONDS=200000, SEED_FORCE=1
 *
 * Environment (validated):
 *   SEED_DIAMONDS  number of diamonds, 1..2,000,000 (default 50,000)
 *   SEED_FORCE     reseed even when seed_meta says the database already holds this catalogue (1/true/yes)
 *   SEED_NOW       the data's "now", epoch ms or an ISO date (default 2026-11-01T00:00:00Z)
 *   SEED_PERSIST_TO  like wrangler's --persist-to (relative to the current directory); default <repo>/.wrangler/state
 *
 * Idempotent: when seed_meta's 'catalogue' row equals what this run would write, it prints
 * "already seeded (N diamonds)" and exits. Otherwise it deletes the catalogue rows and inserts everything again.
 * Where the data goes: wrangler's `--persist-to DIR` keeps its data under DIR/v3 (DIR relative to the current
 * directory), while getPlatformProxy's `persist.path` is that v3 directory itself. This script passes
 * <SEED_PERSIST_TO>/v3, by default <repo>/.wrangler/state/v3: what `--persist-to .wrangler/state` means when wrangler
 * runs from the repository root.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy } from "wrangler";
import { z } from "zod";
import {
  DEFAULT_SEED_NOW,
  SEED_META_KEY,
  clearStatements,
  seedMetaStatement,
  seedMetaValue,
  seedGroups,
  type SeedOptions,
} from "../shared/catalogue/seed-plan";
import { contentSeedStatements } from "../shared/content-seed/index";

/** The minimal D1 surface this script uses (the proxy's binding implements it). */
interface D1Like {
  prepare(sql: string): D1StatementLike;
  batch(statements: D1StatementLike[]): Promise<unknown[]>;
}
interface D1StatementLike {
  bind(...values: unknown[]): D1StatementLike;
  first<T>(): Promise<T | null>;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const emptyToUndefined = (v: unknown): unknown => (v === "" ? undefined : v);

const Config = z.object({
  SEED_DIAMONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(2_000_000).default(50_000)),
  SEED_FORCE: z.preprocess(emptyToUndefined, z.stringbool().default(false)),
  SEED_PERSIST_TO: z.preprocess(emptyToUndefined, z.string().optional()),
  SEED_NOW: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return DEFAULT_SEED_NOW;
        const ms = /^\d+$/.test(v) ? Number(v) : Date.parse(v);
        if (!Number.isFinite(ms)) {
          ctx.addIssue({ code: "custom", message: "expected epoch milliseconds or an ISO date" });
          return z.NEVER;
        }
        return ms;
      }),
  ),
});

const log = (message: string): void => void process.stderr.write(`${message}\n`);

async function readSeedMeta(db: D1Like): Promise<string | null> {
  try {
    const row = await db.prepare("SELECT value FROM seed_meta WHERE key = ?").bind(SEED_META_KEY).first<{ value: string }>();
    return row?.value ?? null;
  } catch (e) {
    if (String(e).includes("no such table")) {
      throw new Error("the catalogue tables do not exist: run `npx wrangler d1 migrations apply DB --local --persist-to .wrangler/state` first");
    }
    throw e;
  }
}

interface SeedCounts {
  retailers: number;
  settings: number;
}

async function seed(db: D1Like, opts: SeedOptions): Promise<SeedCounts> {
  await db.batch(clearStatements().map((s) => db.prepare(s)));
  const counts: SeedCounts = { retailers: 0, settings: 0 };
  let written = 0;
  let pending: Promise<void> = Promise.resolve();
  for (const group of seedGroups(opts)) {
    // The next group is generated while D1 writes the previous one; each batch is one transaction, run in order.
    await pending;
    if (group.label === "retailers") counts.retailers = group.rows;
    if (group.label === "settings") counts.settings = group.rows;
    pending = db.batch(group.statements.map((s) => db.prepare(s))).then(() => {
      written += group.diamonds;
      if (group.diamonds > 0) log(`  ${written.toLocaleString("en-US")} / ${opts.diamonds.toLocaleString("en-US")} diamonds`);
    });
  }
  await pending;
  await db.batch([db.prepare(seedMetaStatement(opts))]);
  return counts;
}

/** Inserts the content store's missing defaults, in batches (each batch one transaction). */
async function seedContent(db: D1Like): Promise<void> {
  const statements = contentSeedStatements();
  for (let i = 0; i < statements.length; i += 50) await db.batch(statements.slice(i, i + 50).map((s) => db.prepare(s)));
  if (statements.length) log(`content: ${statements.length} seed statements applied (existing rows kept)`);
}

async function main(): Promise<void> {
  const parsed = Config.safeParse(process.env);
  if (!parsed.success) {
    log(`invalid configuration:\n${z.prettifyError(parsed.error)}`);
    process.exitCode = 2;
    return;
  }
  const { SEED_DIAMONDS: diamonds, SEED_FORCE: force, SEED_NOW: now, SEED_PERSIST_TO: persistTo } = parsed.data;
  const opts: SeedOptions = { diamonds, now };
  const persistDir = resolve(persistTo === undefined ? resolve(ROOT, ".wrangler/state") : resolve(persistTo), "v3");

  const started = performance.now();
  const proxy = await getPlatformProxy<{ DB: D1Like }>({
    configPath: resolve(ROOT, "wrangler.toml"),
    persist: { path: persistDir },
    remoteBindings: false,
  });
  try {
    const db = proxy.env.DB;
    const current = await readSeedMeta(db);
    if (!force && current === seedMetaValue(opts)) {
      console.log(`already seeded (${diamonds} diamonds)`);
      // The content store's defaults: only what is missing is inserted, so operators' edits survive.
      await seedContent(db);
      return;
    }
    log(`seeding ${diamonds.toLocaleString("en-US")} diamonds into ${persistDir} ...`);
    const { settings, retailers } = await seed(db, opts);
    const seconds = (performance.now() - started) / 1000;
    console.log(`seeded ${diamonds} diamonds, ${settings} settings, ${retailers} retailers in ${seconds.toFixed(1)}s`);
    await seedContent(db);
  } finally {
    await proxy.dispose();
  }
}

main().catch((e: unknown) => {
  log(`seed failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
