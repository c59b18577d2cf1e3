/**
 * The importer's command line: usage text and argument parsing (node:util parseArgs, values checked with zod).
 * Pure: scripts/import.ts runs it, the unit tests call {@link parseCli} directly.
 */
import { basename, extname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import type { ImportOptions } from "./run.ts";
import { mapLab, mapShape } from "./vocabulary.ts";

/** Printed for --help and after a usage error. */
export const USAGE = `usage: npm run import -- <file.csv|.json> --retailer <id> [options]

  --retailer <id>          the retailer whose stones the feed lists (must exist)
  --full                   the feed is the retailer's whole inventory: its stones missing from the feed are marked sold
  --remote                 write to the remote D1 with wrangler (default: the local D1 of npm start)
  --env staging|production wrangler environment
  --rejects <path>         rejected rows (line,reasons,raw); default rejects-<feed name>.csv in the current directory
  --dry-run                validate and plan, write nothing; prints what would run and keeps the SQL in a file
  --default-shape <shape>  shape of every stone when the feed has no shape column (e.g. round)
  --default-lab <lab>      certificate lab when the feed has no lab column (default GIA for natural, IGI for lab-grown)
  --default-origin natural|lab
                           origin when the feed has no lab-grown column (default: the retailer's only origin, else natural)

environment: SEED_PERSIST_TO   local state directory, as for npm run seed (default .wrangler/state)
`;

const vocabOption = (what: string, map: (v: string) => { ok: true; code: number } | { ok: false; reason: string }) =>
  z
    .string()
    .optional()
    .transform((v, ctx): number | null => {
      if (v === undefined) return null;
      const m = map(v);
      if (!m.ok) {
        ctx.addIssue({ code: "custom", message: `--${what}: ${m.reason}` });
        return z.NEVER;
      }
      return m.code;
    });

const Args = z.object({
  retailer: z
    .string({ error: "--retailer <id> is required" })
    .regex(/^\d+$/, { error: "--retailer must be a positive whole number" })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: "--retailer must be a positive whole number" })),
  full: z.boolean().default(false),
  remote: z.boolean().default(false),
  env: z.enum(["staging", "production"], { error: "--env must be staging or production" }).optional(),
  rejects: z.string().optional(),
  "dry-run": z.boolean().default(false),
  "default-shape": vocabOption("default-shape", mapShape),
  "default-lab": vocabOption("default-lab", mapLab),
  "default-origin": z
    .enum(["natural", "lab"], { error: "--default-origin must be natural or lab" })
    .optional()
    .transform((v): 0 | 1 | null => (v === undefined ? null : v === "lab" ? 1 : 0)),
});

/** The outcome of reading the command line. */
export type CliResult = { ok: true; options: ImportOptions } | { ok: false; help: boolean; message: string };

/**
 * Reads the command line. `cwd` is where relative paths (the feed, --rejects) are resolved and where the default
 * rejects file goes: the directory `npm run` was started from.
 */
export function parseCli(argv: readonly string[], cwd: string, persistTo?: string): CliResult {
  let parsed: ReturnType<typeof readArgs>;
  try {
    parsed = readArgs(argv);
  } catch (e) {
    return { ok: false, help: false, message: e instanceof Error ? e.message : String(e) };
  }
  if (parsed.values.help) return { ok: false, help: true, message: "" };
  if (parsed.positionals.length !== 1) {
    return { ok: false, help: false, message: parsed.positionals.length === 0 ? "no feed file given" : "give exactly one feed file" };
  }
  const args = Args.safeParse(parsed.values);
  if (!args.success) return { ok: false, help: false, message: args.error.issues.map((i) => i.message).join("\n") };
  const file = parsed.positionals[0] ?? "";
  const a = args.data;
  const rejects = a.rejects ?? `rejects-${basename(file, extname(file))}.csv`;
  return {
    ok: true,
    options: {
      file: resolve(cwd, file),
      retailerId: a.retailer,
      full: a.full,
      remote: a.remote,
      env: a.env ?? null,
      rejectsPath: resolve(cwd, rejects),
      dryRun: a["dry-run"],
      defaultShape: a["default-shape"],
      defaultLab: a["default-lab"],
      defaultOrigin: a["default-origin"],
      persistTo,
    },
  };
}

function readArgs(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      retailer: { type: "string" },
      full: { type: "boolean" },
      remote: { type: "boolean" },
      env: { type: "string" },
      rejects: { type: "string" },
      "dry-run": { type: "boolean" },
      "default-shape": { type: "string" },
      "default-lab": { type: "string" },
      "default-origin": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}
