/**
 * One import from start to end: open the feed, check its columns, open the database, check the retailer, validate
 * the rows (while the retailer's current stones are read), plan, write the rejects file, write the changes, print
 * the summary. scripts/import.ts is the command line around {@link runImport}; the end-to-end test calls it too.
 */
import { writeFile } from "node:fs/promises";
import { csvLine } from "./csv.ts";
import { FeedError } from "./columns.ts";
import { openFeed, type Feed } from "./feed.ts";
import { FeedValidator, reasonKey } from "./map.ts";
import { missingColumns, type MapOptions, type Reject } from "./rules.ts";
import { MIN_MARKUP_SAMPLES, planImport, planStatements, type ImportPlan, type Markup } from "./plan.ts";
import { Progress, type ProgressStream } from "./progress.ts";
import { localPersistDir, openLocalTarget, readExisting, readMaxDiamondId, readRetailer, remoteTarget, type ImportTarget, type RetailerInfo } from "./apply.ts";

/** Everything an import needs to know (the command line's options, resolved). */
export interface ImportOptions {
  /** The feed file (a path the process can open). */
  file: string;
  retailerId: number;
  /** Mark the retailer's stones that the feed does not mention as sold. */
  full: boolean;
  /** Write to the remote D1 through wrangler instead of the local one. */
  remote: boolean;
  /** wrangler environment (`--env`), or null for wrangler.toml's top level. */
  env: "staging" | "production" | null;
  /** Where the rejected rows go (CSV: line, reasons, raw). */
  rejectsPath: string;
  /** Read and plan, write nothing (the SQL is saved to a file and the command that would run it printed). */
  dryRun: boolean;
  /** Shape code for a feed without a shape column. */
  defaultShape: number | null;
  /** Lab code for a feed without a lab column (null: GIA for natural, IGI for lab-grown). */
  defaultLab: number | null;
  /** Origin for a feed without a lab-grown column (null: the retailer's only origin, else natural). */
  defaultOrigin: 0 | 1 | null;
  /** SEED_PERSIST_TO: the local state directory, with wrangler's --persist-to meaning (default .wrangler/state). */
  persistTo?: string;
  /** The import's clock (epoch ms) for updated_at and price history; default Date.now(). */
  now?: number;
}

/** Output streams, and how to open the database (tests substitute a fake remote runner through it). */
export interface ImportIo {
  stdout: { write(text: string): unknown };
  stderr: ProgressStream;
  openTarget?: (opts: ImportOptions, log: (line: string) => void) => Promise<ImportTarget>;
}

/** A problem with how the importer was asked to run: exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** What an import did (or, with --dry-run, would do). */
export interface ImportSummary {
  file: string;
  retailer: RetailerInfo;
  target: string;
  dryRun: boolean;
  rowsRead: number;
  loaded: number;
  inserted: number;
  updated: number;
  relisted: number;
  unchanged: number;
  rejected: number;
  /** Reason groups (see reasonKey) with the number of rows giving each, most frequent first. */
  reasons: [string, number][];
  rejectsFile: string;
  full: boolean;
  fullSkipped: boolean;
  markedSold: number;
  priceChanges: number;
  markup: Markup;
  /** With --dry-run: what would have run. */
  wouldRun: string | null;
  seconds: number;
  rowsPerMinute: number;
}

const int = (n: number): string => Math.round(n).toLocaleString("en-US");

/** Counts rejected rows per reason group, most frequent first (a row with two reasons counts in both). */
export function reasonCounts(rejects: readonly Reject[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of rejects) {
    for (const key of new Set(r.reasons.map(reasonKey))) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The rejects file: a header and one CSV line per rejected row (line, reasons joined with "; ", raw row). */
export function rejectsCsv(rejects: readonly Reject[]): string {
  const lines = ["line,reasons,raw", ...rejects.map((r) => csvLine([String(r.line), r.reasons.join("; "), r.raw]))];
  return lines.join("\n") + "\n";
}

/** How many reason groups the summary lists before summing up the rest. */
export const TOP_REASONS = 10;

/** The summary printed on stdout at the end of an import. */
export function formatSummary(s: ImportSummary): string {
  const w = 24;
  const row = (label: string, value: number, note = ""): string => `  ${label.padEnd(w)}${int(value).padStart(8)}${note ? `   ${note}` : ""}`;
  const out: string[] = [];
  out.push(`${s.dryRun ? "Dry run (nothing written): " : ""}${s.file} → retailer ${s.retailer.id} (${s.retailer.name}), ${s.target}`);
  out.push(row("rows read", s.rowsRead));
  out.push(
    row(
      "loaded",
      s.loaded,
      `inserted ${int(s.inserted)}, updated ${int(s.updated)}${s.relisted ? ` (${int(s.relisted)} listed again)` : ""}, unchanged ${int(s.unchanged)}`,
    ),
  );
  out.push(row("rejected", s.rejected, s.rejected ? `rows, listed in ${s.rejectsFile}` : ""));
  const top = s.reasons.slice(0, TOP_REASONS);
  for (const [reason, count] of top) out.push(`      ${int(count).padStart(8)}  ${reason}`);
  if (s.reasons.length > top.length) {
    const rest = s.reasons.slice(top.length);
    out.push(`      ${int(rest.reduce((n, [, c]) => n + c, 0)).padStart(8)}  (${rest.length} other reasons)`);
  }
  if (s.reasons.length > 0 && s.reasons.reduce((n, [, c]) => n + c, 0) > s.rejected) {
    out.push("      (a row can have several reasons)");
  }
  const soldNote = !s.full ? "(--full not given)" : s.fullSkipped ? "skipped: no valid row in a --full feed" : "";
  out.push(row("marked sold", s.markedSold, soldNote));
  out.push(row("price changes recorded", s.priceChanges));
  out.push(`  ${"time".padEnd(w)}${`${s.seconds.toFixed(1)} s`.padStart(8)}   ${int(s.rowsPerMinute)} rows/minute`);
  if (s.wouldRun) out.push(`  ${s.wouldRun}`);
  return out.join("\n") + "\n";
}

function checkColumns(feed: Feed, opts: ImportOptions): void {
  const missing = missingColumns(feed.header.present);
  if (missing.length > 0) {
    throw new UsageError(`${opts.file} has no column for: ${missing.join("; ")} (columns: ${feed.header.names.join(", ")})`);
  }
  if (!feed.header.present.has("shape") && opts.defaultShape === null) {
    throw new UsageError(`${opts.file} has no shape column: pass --default-shape <shape> (e.g. --default-shape round)`);
  }
}

async function openTarget(opts: ImportOptions, log: (line: string) => void): Promise<ImportTarget> {
  if (opts.remote) return remoteTarget({ env: opts.env, log });
  return openLocalTarget({ persistDir: localPersistDir(opts.persistTo), env: opts.env });
}

/**
 * Runs one import. Returns exit code 0 when the import ran (rejected rows included), 2 for usage errors (unreadable
 * or unusable feed, unknown retailer, unwritable rejects file); other failures throw.
 */
export async function runImport(opts: ImportOptions, io: ImportIo): Promise<{ exitCode: number; summary?: ImportSummary }> {
  const started = performance.now();
  const log = (line: string): void => void io.stderr.write(`${line}\n`);
  try {
    return { exitCode: 0, summary: await importFeed(opts, io, log, started) };
  } catch (e) {
    if (e instanceof UsageError || e instanceof FeedError) {
      log(`import: ${e.message}`);
      return { exitCode: 2 };
    }
    throw e;
  }
}

async function importFeed(opts: ImportOptions, io: ImportIo, log: (line: string) => void, started: number): Promise<ImportSummary> {
  const now = opts.now ?? Date.now();
  const feed = await openFeed(opts.file);
  checkColumns(feed, opts);
  if (feed.header.ignored.length > 0) log(`ignoring columns: ${feed.header.ignored.join(", ")}`);

  const target = await (io.openTarget ?? openTarget)(opts, log);
  try {
    const retailer = await readRetailer(target, opts.retailerId);
    if (!retailer) throw new UsageError(`retailer ${opts.retailerId} does not exist in ${target.description}`);

    // The retailer's current stones are read while the feed is validated (the database works in another process).
    const existingRead = Promise.all([readExisting(target, retailer.id), readMaxDiamondId(target)]);
    existingRead.catch(() => undefined); // awaited below; this only avoids an unhandled rejection meanwhile

    const mapOptions: MapOptions = {
      retailerId: retailer.id,
      retailerType: retailer.type,
      present: feed.header.present,
      defaultShape: opts.defaultShape,
      defaultLab: opts.defaultLab,
      defaultOrigin: opts.defaultOrigin ?? (retailer.type === 2 ? 1 : 0),
    };
    const validator = new FeedValidator(mapOptions);
    const progress = new Progress(io.stderr);
    progress.start("read");
    const detail = (): string => `${int(validator.rows)} rows, ${int(validator.stones.length)} valid, ${int(validator.rejects.length)} rejected`;
    let n = 0;
    for await (const record of feed.records()) {
      validator.add(record);
      if (++n % 1000 === 0) progress.update(feed.bytesRead() / Math.max(1, feed.size), detail(), validator.rows);
    }
    progress.update(1, detail(), validator.rows);
    progress.finish();

    const [existing, maxId] = await existingRead;
    const plan: ImportPlan = planImport({
      stones: validator.stones,
      existing,
      seenKeys: validator.seenKeys,
      retailerId: retailer.id,
      full: opts.full,
      now,
      firstNewId: maxId + 1,
    });
    const markup = (origin: "natural" | "lab"): string =>
      plan.markup.samples[origin] >= MIN_MARKUP_SAMPLES
        ? `${plan.markup[origin].toFixed(2)} (${origin}, measured on ${int(plan.markup.samples[origin])} stones)`
        : `1 (${origin}: too few stones to measure)`;
    log(`retailer ${retailer.id} had ${int(existing.length)} stones; default order against the model price × ` + `${markup("natural")}, × ${markup("lab")}`);

    try {
      await writeFile(opts.rejectsPath, rejectsCsv(validator.rejects), "utf8");
    } catch (e) {
      throw new UsageError(`cannot write the rejects file ${opts.rejectsPath}: ${e instanceof Error ? e.message : String(e)}`);
    }

    const groups = planStatements(plan, now);
    let wouldRun: string | null = null;
    if (opts.dryRun) {
      wouldRun = await target.describeWrite(groups);
    } else if (groups.length > 0) {
      const total = plan.inserts.length + plan.updates.length;
      let written = 0;
      progress.start("write");
      await target.write(groups, (g) => {
        written += g.rows;
        progress.update(total === 0 ? 1 : written / total, `${int(written)} / ${int(total)} rows`, written);
      });
      progress.finish();
    }

    const seconds = (performance.now() - started) / 1000;
    const loaded = plan.inserts.length + plan.updates.length + plan.unchanged;
    const summary: ImportSummary = {
      file: opts.file,
      retailer,
      target: target.description,
      dryRun: opts.dryRun,
      rowsRead: validator.rows,
      loaded,
      inserted: plan.inserts.length,
      updated: plan.updates.length,
      relisted: plan.relisted,
      unchanged: plan.unchanged,
      rejected: validator.rejects.length,
      reasons: reasonCounts(validator.rejects),
      rejectsFile: opts.rejectsPath,
      full: opts.full,
      fullSkipped: plan.fullSkipped,
      markedSold: plan.sold.length,
      priceChanges: plan.history.length,
      markup: plan.markup,
      wouldRun,
      seconds,
      rowsPerMinute: seconds > 0 ? (validator.rows / seconds) * 60 : 0,
    };
    io.stdout.write(formatSummary(summary));
    return summary;
  } finally {
    await target.close();
  }
}
