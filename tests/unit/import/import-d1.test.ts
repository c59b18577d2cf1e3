import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { generateRetailers } from "#shared/catalogue/generate-retailers.ts";
import { insertStatements } from "#shared/catalogue/sql.ts";
import { runImport, type ImportOptions } from "../../../scripts/import/run.ts";
import { remoteTarget, shellLine, type CommandRunner } from "../../../scripts/import/apply.ts";
import { FAIR, I1 } from "./import-helpers";

const ROOT = resolve(import.meta.dirname, "../../..");
const exec = promisify(execFile);

// ---------------------------------------------------------------------------------------------------------------
// Through the real importer

const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(tempDirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), "loupe-import-test-"));
  tempDirs.push(d);
  return d;
}

function sink() {
  let text = "";
  return { stream: { isTTY: false, write: (s: string) => (text += s) }, text: () => text };
}

function importOptions(dir: string, file: string, extra: Partial<ImportOptions> = {}): ImportOptions {
  return {
    file,
    retailerId: 1,
    full: false,
    remote: false,
    env: null,
    rejectsPath: join(dir, "rejects.csv"),
    dryRun: false,
    defaultShape: null,
    defaultLab: null,
    defaultOrigin: null,
    persistTo: join(dir, "state"),
    now: 1_800_000_000_000,
    ...extra,
  };
}

const FEED_V1 = [
  "Shape,Carat,Colour,Clarity,Cut,Polish,Symmetry,Fluorescence,Price (USD),Lab,Report Number,Length,Width,Depth (mm),Depth %,Table %,Shipping Days",
  'RB,1.01,G,VS-1,Premium,EX,EX,None,"$6,200",GIA,1111111111,6.42,6.45,3.98,61.8,57,5',
  "Oval,0.90,E,VVS2,Ideal,VG,VG,Faint,4100,GIA,2222222222,7.70,5.40,3.30,61.1,58,",
  "Princess,1.20,F,SI1,Very Good,G,G,Medium Blue,5200,IGI,3333333333,5.90,5.85,4.20,71,68,10",
  "Round,0.50,D,I1,Ideal,EX,EX,None,900,GIA,4444444444,5.10,5.12,3.15,61.6,56,5",
  "Round,0.70,Q,VS2,Fair,EX,EX,None,1500,GIA,5555555555,5.70,5.72,3.50,61.5,57,5",
  "RB,1.01,G,VS1,Ideal,EX,EX,None,6300,GIA,1111111111,6.42,6.45,3.98,61.8,57,5",
].join("\r\n");

const FEED_V2 = [
  FEED_V1.split("\r\n")[0],
  "RB,1.01,G,VS-1,Premium,EX,EX,None,5990,GIA,1111111111,6.42,6.45,3.98,61.8,57,5",
  "Oval,0.90,E,VVS2,Ideal,VG,VG,Faint,4100,GIA,2222222222,7.70,5.40,3.30,61.1,58,",
  "Cushion,1.10,H,VS2,Excellent,EX,VG,None,4800,GIA,6666666666,6.40,6.10,4.10,67,62,3",
].join("\n");

describe("importing into D1", () => {
  it("runs the remote path through wrangler commands (dry run) and refuses an unknown retailer", async () => {
    const dir = await tempDir();
    const file = join(dir, "feed.csv");
    await writeFile(file, FEED_V1);
    const calls: string[][] = [];
    const run: CommandRunner = async (command, args) => {
      calls.push([command, ...args]);
      const sql = args[args.indexOf("--command") + 1] ?? "";
      const results = sql.startsWith("SELECT id, name, type FROM retailers")
        ? sql.includes("= 1")
          ? [{ id: 1, name: "Remote Retailer", type: 3 }]
          : []
        : sql.startsWith("SELECT MAX(id)")
          ? [{ max_id: 1_000_050 }]
          : [];
      return { code: 0, stdout: JSON.stringify([{ results, success: true, meta: {} }]), stderr: "" };
    };
    const out = sink();
    const err = sink();
    const io = {
      stdout: out.stream,
      stderr: err.stream,
      openTarget: async (o: ImportOptions, log: (l: string) => void) => remoteTarget({ env: o.env, run, log }),
    };
    const result = await runImport(importOptions(dir, file, { remote: true, env: "production", dryRun: true }), io);
    expect(result.exitCode).toBe(0);
    expect(result.summary).toMatchObject({ rowsRead: 6, loaded: 3, inserted: 3, rejected: 3, dryRun: true });
    expect(calls.every((c) => c.slice(0, 10).join(" ") === "npx wrangler d1 execute DB --remote --config wrangler.toml --env production")).toBe(true);
    expect(calls.map((c) => c.includes("--file"))).not.toContain(true); // a dry run writes nothing
    const wouldRun = result.summary?.wouldRun ?? "";
    expect(wouldRun).toMatch(/npx wrangler d1 execute DB --remote --config wrangler.toml --env production --yes --file \S+import\.sql/);
    const sqlFile = /--file (\S+)/.exec(wouldRun)?.[1] ?? "";
    tempDirs.push(resolve(sqlFile, ".."));
    const sql = await readFile(sqlFile, "utf8");
    expect(sql).toContain("VALUES (1000051,1,0,'1111111111'");
    expect(sql).toContain("INSERT OR REPLACE INTO diamond_price_history");
    expect(err.text()).toContain("$ npx wrangler d1 execute DB --remote");
    expect(shellLine("npx", ["a b", "c"])).toBe("npx 'a b' c");

    const unknown = await runImport(importOptions(dir, file, { remote: true, retailerId: 9 }), io);
    expect(unknown.exitCode).toBe(2);
    expect(err.text()).toContain("retailer 9 does not exist");
    const unreadable = await runImport(importOptions(dir, join(dir, "missing.csv"), { remote: true }), io);
    expect(unreadable.exitCode).toBe(2);
  });

  it("loads a feed into a fresh local D1, then re-imports a changed feed with --full", { timeout: 120_000 }, async () => {
    const dir = await tempDir();
    const state = join(dir, "state");
    const wrangler = join(ROOT, "node_modules/.bin/wrangler");
    const config = ["--config", join(ROOT, "wrangler.toml")];
    await exec(wrangler, ["d1", "migrations", "apply", "DB", "--local", ...config, "--persist-to", state], { cwd: ROOT });
    const retailers = insertStatements("retailers", generateRetailers().slice(0, 2));
    await exec(wrangler, ["d1", "execute", "DB", "--local", ...config, "--persist-to", state, "--command", retailers.join("\n")], { cwd: ROOT });

    const v1 = join(dir, "feed-v1.csv");
    const v2 = join(dir, "feed-v2.csv");
    await writeFile(v1, FEED_V1);
    await writeFile(v2, FEED_V2);

    const out1 = sink();
    const r1 = await runImport(importOptions(dir, v1), { stdout: out1.stream, stderr: sink().stream });
    expect(r1.exitCode).toBe(0);
    expect(r1.summary).toMatchObject({ rowsRead: 6, loaded: 3, inserted: 3, updated: 0, rejected: 3, priceChanges: 3, markedSold: 0 });
    expect(out1.text()).toMatch(/loaded\s+3\s+inserted 3, updated 0, unchanged 0/);
    const rejects = await readFile(join(dir, "rejects.csv"), "utf8");
    expect(rejects.split("\n").slice(0, 4)).toEqual([
      "line,reasons,raw",
      `5,${I1},"Round,0.50,D,I1,Ideal,EX,EX,None,900,GIA,4444444444,5.10,5.12,3.15,61.6,56,5"`,
      `6,"colour Q is outside the catalogue's colour scale (D–K); ${FAIR}","Round,0.70,Q,VS2,Fair,EX,EX,None,1500,GIA,5555555555,5.70,5.72,3.50,61.5,57,5"`,
      '7,duplicate of line 2,"RB,1.01,G,VS1,Ideal,EX,EX,None,6300,GIA,1111111111,6.42,6.45,3.98,61.8,57,5"',
    ]);

    const out2 = sink();
    const r2 = await runImport(importOptions(dir, v2, { full: true, now: 1_800_000_100_000 }), { stdout: out2.stream, stderr: sink().stream });
    expect(r2.summary).toMatchObject({ rowsRead: 3, loaded: 3, inserted: 1, updated: 1, unchanged: 1, rejected: 0, markedSold: 1, priceChanges: 2 });
    expect(out2.text()).toMatch(/marked sold\s+1/);
    expect(out2.text()).toMatch(/price changes recorded\s+2/);

    const { stdout } = await exec(
      wrangler,
      [
        "d1",
        "execute",
        "DB",
        "--local",
        ...config,
        "--persist-to",
        state,
        "--json",
        "--command",
        "SELECT certificate_id, price_cents, is_sold, shape, cut, clarity, updated_at FROM diamonds ORDER BY certificate_id;" +
          "SELECT d.certificate_id, h.price_cents, h.at, h.source FROM diamond_price_history h JOIN diamonds d ON d.id = h.diamond_id ORDER BY d.certificate_id, h.at;",
      ],
      { cwd: ROOT },
    );
    const [diamonds, history] = z.array(z.object({ results: z.array(z.record(z.string(), z.unknown())) })).parse(JSON.parse(stdout));
    expect(diamonds?.results).toEqual([
      { certificate_id: "1111111111", price_cents: 599_000, is_sold: 0, shape: 1, cut: 1, clarity: 5, updated_at: 1_800_000_100_000 },
      { certificate_id: "2222222222", price_cents: 410_000, is_sold: 0, shape: 6, cut: 0, clarity: 4, updated_at: 1_800_000_000_000 },
      { certificate_id: "3333333333", price_cents: 520_000, is_sold: 1, shape: 2, cut: 2, clarity: 7, updated_at: 1_800_000_100_000 },
      { certificate_id: "6666666666", price_cents: 480_000, is_sold: 0, shape: 10, cut: 1, clarity: 6, updated_at: 1_800_000_100_000 },
    ]);
    expect(history?.results).toEqual([
      { certificate_id: "1111111111", price_cents: 620_000, at: 1_800_000_000_000, source: "import" },
      { certificate_id: "1111111111", price_cents: 599_000, at: 1_800_000_100_000, source: "import" },
      { certificate_id: "2222222222", price_cents: 410_000, at: 1_800_000_000_000, source: "import" },
      { certificate_id: "3333333333", price_cents: 520_000, at: 1_800_000_000_000, source: "import" },
      { certificate_id: "6666666666", price_cents: 480_000, at: 1_800_000_100_000, source: "import" },
    ]);
  });
});
