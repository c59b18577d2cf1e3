/**
 * Retailer feed importer (docs/decisions/006-feed-import.md):
 *
 *   npm run import -- <file.csv|.json> --retailer <id> [--full] [--remote] [--env staging|production]
 *                     [--rejects <path>] [--dry-run] [--default-shape <shape>] [--default-lab <lab>]
 *                     [--default-origin natural|lab]
 *
 * Loads the feed's valid rows into the retailer's diamonds (upsert by certificate lab + id), records price changes,
 * writes the rejected rows with their line numbers and reasons to a CSV file, and prints a summary. Local by default
 * (the D1 of `npm start`, or SEED_PERSIST_TO's), `--remote` through `wrangler d1 execute --remote`.
 *
 * Exit codes: 0 the import ran (even with rejected rows), 2 usage error / unknown retailer / unreadable feed,
 * 1 anything else (e.g. the database failed).
 */
import { z } from "zod";
import { USAGE, parseCli } from "./import/cli.ts";
import { runImport } from "./import/run.ts";

const emptyToUndefined = (v: unknown): unknown => (v === "" ? undefined : v);

/** The environment the importer reads (validated, like scripts/seed.ts). */
const Env = z.object({
  SEED_PERSIST_TO: z.preprocess(emptyToUndefined, z.string().optional()),
  /** npm sets INIT_CWD to the directory `npm run` was started from (scripts run in the package root). */
  INIT_CWD: z.preprocess(emptyToUndefined, z.string().optional()),
});

async function main(): Promise<void> {
  const env = Env.safeParse(process.env);
  if (!env.success) {
    process.stderr.write(`invalid environment:\n${z.prettifyError(env.error)}\n`);
    process.exitCode = 2;
    return;
  }
  const cli = parseCli(process.argv.slice(2), env.data.INIT_CWD ?? process.cwd(), env.data.SEED_PERSIST_TO);
  if (!cli.ok) {
    if (cli.help) {
      process.stdout.write(USAGE);
      return;
    }
    process.stderr.write(`import: ${cli.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const { exitCode } = await runImport(cli.options, { stdout: process.stdout, stderr: process.stderr });
  process.exitCode = exitCode;
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  const hint = message.includes("no such table") ? "\n(the catalogue tables do not exist: run `npm run db:migrate` first)" : "";
  process.stderr.write(`import failed: ${message}${hint}\n`);
  process.exitCode = 1;
});
