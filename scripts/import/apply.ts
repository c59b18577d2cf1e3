/**
 * Where an import reads and writes: the local D1 of `npm start` (through wrangler's platform proxy, like
 * scripts/seed.ts) or a remote D1 (through `wrangler d1 execute --remote`). Both answer the same reads; writes go
 * as D1 batches locally and as one .sql file remotely.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { sqlLiteral } from "#shared/catalogue/sql.ts";
import { EXISTING_SELECT, ExistingRow, type StatementGroup } from "./plan.ts";

/** The repository root (wrangler.toml, node_modules). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** A retailer as the importer needs it. */
export interface RetailerInfo {
  id: number;
  name: string;
  /** 1 natural only, 2 lab-grown only, 3 both. */
  type: number;
}

/** A database the importer can read and write. */
export interface ImportTarget {
  /** For messages: "local D1 at …" or "remote D1 (production)". */
  readonly description: string;
  /** Runs one read-only statement and returns its rows. */
  query(sql: string): Promise<unknown[]>;
  /** Runs the groups in order (each one transaction locally); `onGroup` after each. */
  write(groups: readonly StatementGroup[], onGroup: (group: StatementGroup) => void): Promise<void>;
  /** What {@link write} would run, without running it (the SQL is saved to a file whose path is given). */
  describeWrite(groups: readonly StatementGroup[]): Promise<string>;
  close(): Promise<void>;
}

/** Rows per page when reading a retailer's stones. */
export const EXISTING_PAGE = 5_000;

const RetailerRow = z.object({ id: z.number().int(), name: z.string(), type: z.number().int() });
const MaxRow = z.object({ max_id: z.number().int().nullable() });

/** The retailer, or null when there is none with that id. */
export async function readRetailer(target: ImportTarget, id: number): Promise<RetailerInfo | null> {
  const rows = await target.query(`SELECT id, name, type FROM retailers WHERE id = ${sqlLiteral(id)}`);
  return rows.length === 0 ? null : RetailerRow.parse(rows[0]);
}

/** The largest diamond id (0 for an empty table). */
export async function readMaxDiamondId(target: ImportTarget): Promise<number> {
  const rows = await target.query("SELECT MAX(id) AS max_id FROM diamonds");
  return MaxRow.parse(rows[0] ?? { max_id: null }).max_id ?? 0;
}

/**
 * Every stone of the retailer (sold ones too) with the columns an import compares, read in pages by id (keyset
 * pagination: each page continues where the last ended, so the whole read is one pass over the table).
 */
export async function readExisting(target: ImportTarget, retailerId: number, onPage?: (rows: number) => void): Promise<ExistingRow[]> {
  const out: ExistingRow[] = [];
  let after = 0;
  for (;;) {
    const rows = await target.query(
      `SELECT ${EXISTING_SELECT} FROM diamonds WHERE retailer_id = ${sqlLiteral(retailerId)} AND id > ${sqlLiteral(after)} ` +
        `ORDER BY id LIMIT ${EXISTING_PAGE}`,
    );
    for (const r of rows) out.push(ExistingRow.parse(r));
    onPage?.(out.length);
    const last = out[out.length - 1];
    if (rows.length < EXISTING_PAGE || !last) return out;
    after = last.id;
  }
}

/** Writes the statements to a new temporary .sql file and returns its path. */
export async function writeSqlFile(groups: readonly StatementGroup[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "loupe-import-"));
  const file = join(dir, "import.sql");
  await writeFile(file, groups.flatMap((g) => g.statements).join("\n") + "\n", "utf8");
  return file;
}

function counts(groups: readonly StatementGroup[]): string {
  const statements = groups.reduce((n, g) => n + g.statements.length, 0);
  return `${statements.toLocaleString("en-US")} statements in ${groups.length} batch${groups.length === 1 ? "" : "es"}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Local: the D1 of `wrangler dev --persist-to .wrangler/state`

/** The D1 surface used here (the platform proxy's binding implements it). */
interface D1Like {
  prepare(sql: string): { all(): Promise<{ results: unknown[] }> };
  batch(statements: ReturnType<D1Like["prepare"]>[]): Promise<unknown[]>;
}

/**
 * The v3 directory getPlatformProxy persists to: `<SEED_PERSIST_TO>/v3` (relative to the current directory), by
 * default `<repo>/.wrangler/state/v3` — exactly what scripts/seed.ts uses, i.e. what `wrangler dev --persist-to
 * .wrangler/state` and `wrangler d1 … --local --persist-to .wrangler/state` read.
 */
export function localPersistDir(seedPersistTo: string | undefined): string {
  return resolve(seedPersistTo === undefined ? resolve(ROOT, ".wrangler/state") : resolve(seedPersistTo), "v3");
}

/** A local D1 write refused because another process (a running `wrangler dev`) holds the SQLite file's write lock. */
export function isLockedError(e: unknown): boolean {
  return /database is locked|SQLITE_BUSY|internal error/i.test(e instanceof Error ? e.message : String(e));
}

/**
 * Runs one batch (one transaction: a refused one wrote nothing), again after 250, 500, 1,000, 2,000 ms while the
 * file is locked by the shop running on the same state (`npm start` and an import at the same time).
 */
export async function whileLocked<T>(write: () => Promise<T>, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (e) {
      if (attempt >= 4 || !isLockedError(e)) throw e;
      await sleep(250 * 2 ** attempt);
    }
  }
}

/** Opens the local D1 through wrangler's platform proxy (starts a local workerd; about 2 s). */
export async function openLocalTarget(opts: { persistDir: string; env: string | null }): Promise<ImportTarget> {
  // Imported here, not at the top, so usage errors and the unit tests never load wrangler.
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<{ DB: D1Like }>({
    configPath: resolve(ROOT, "wrangler.toml"),
    persist: { path: opts.persistDir },
    remoteBindings: false,
    ...(opts.env === null ? {} : { environment: opts.env }),
  });
  const db = proxy.env.DB;
  const description = `local D1 at ${opts.persistDir}${opts.env === null ? "" : ` (env ${opts.env})`}`;
  return {
    description,
    async query(sql) {
      return (await db.prepare(sql).all()).results;
    },
    async write(groups, onGroup) {
      // Each group is one batch (one transaction). The next batch is prepared while D1 runs the previous one.
      let pending: Promise<unknown> = Promise.resolve();
      for (const group of groups) {
        const prepared = group.statements.map((s) => db.prepare(s));
        await pending;
        pending = whileLocked(() => db.batch(prepared)).then(() => onGroup(group));
      }
      await pending;
    },
    async describeWrite(groups) {
      const file = await writeSqlFile(groups);
      return `would run ${counts(groups)} against ${description}; the SQL is in ${file}`;
    },
    async close() {
      await proxy.dispose();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Remote: `wrangler d1 execute DB --remote`

/** Result of running a command. */
export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command (injectable so the remote path can be tested without Cloudflare). */
export type CommandRunner = (command: string, args: readonly string[]) => Promise<CommandResult>;

/** Runs a command in the repository root, capturing its output. */
export const runCommand: CommandRunner = (command, args) =>
  new Promise((resolveResult, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolveResult({ code: code ?? 1, stdout, stderr }));
  });

/** The wrangler arguments shared by every remote command. */
export function remoteArgs(env: string | null): string[] {
  return ["wrangler", "d1", "execute", "DB", "--remote", "--config", "wrangler.toml", ...(env === null ? [] : ["--env", env])];
}

/** A command line for people (arguments with spaces or quotes quoted; long SQL shortened). */
export function shellLine(command: string, args: readonly string[]): string {
  return [command, ...args]
    .map((a) => (a.length > 120 ? `${a.slice(0, 100)}…` : a))
    .map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`))
    .join(" ");
}

const WranglerJson = z.array(z.object({ results: z.array(z.unknown()).optional(), success: z.boolean().optional() }));

/** The rows of the first statement in `wrangler d1 execute --json` output (tolerating text before the JSON). */
export function parseWranglerJson(stdout: string): unknown[] {
  const start = stdout.search(/^\s*\[/m);
  if (start === -1) throw new Error(`wrangler printed no JSON: ${stdout.slice(0, 200)}`);
  const parsed = WranglerJson.parse(JSON.parse(stdout.slice(start)));
  const first = parsed[0];
  if (!first || first.success === false) throw new Error("wrangler reported a failed statement");
  return first.results ?? [];
}

/**
 * A remote D1 through the wrangler CLI: reads with `--json --command`, writes with one `--file` (the statements are
 * written to a temporary .sql file, which is deleted after a successful run and kept after a failure).
 * `log` receives every command line before it runs.
 */
export function remoteTarget(opts: { env: string | null; run?: CommandRunner; log: (line: string) => void }): ImportTarget {
  const run = opts.run ?? runCommand;
  const base = remoteArgs(opts.env);
  const description = `remote D1 (${opts.env ?? "wrangler.toml default environment"})`;
  const exec = async (args: string[]): Promise<CommandResult> => {
    opts.log(`$ ${shellLine("npx", args)}`);
    const result = await run("npx", args);
    if (result.code !== 0) {
      throw new Error(`wrangler exited with ${result.code}: ${(result.stderr || result.stdout).trim().slice(0, 2000)}`);
    }
    return result;
  };
  return {
    description,
    async query(sql) {
      return parseWranglerJson((await exec([...base, "--json", "--command", sql])).stdout);
    },
    async write(groups, onGroup) {
      const file = await writeSqlFile(groups);
      try {
        await exec([...base, "--yes", "--file", file]);
      } catch (e) {
        throw new Error(`${e instanceof Error ? e.message : String(e)}\n(the SQL is kept in ${file})`);
      }
      for (const g of groups) onGroup(g);
      await rm(dirname(file), { recursive: true, force: true });
    },
    async describeWrite(groups) {
      const file = await writeSqlFile(groups);
      return `would run ${counts(groups)}:\n  ${shellLine("npx", [...base, "--yes", "--file", file])}`;
    },
    async close() {},
  };
}
