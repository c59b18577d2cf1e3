import { describe, expect, it } from "vitest";
import { parseCli } from "../../../scripts/import/cli.ts";
import { Progress } from "../../../scripts/import/progress.ts";

describe("command line", () => {
  it("parses options and resolves paths against the caller's directory", () => {
    const r = parseCli(["feeds/stock.csv", "--retailer", "3", "--full", "--default-shape", "RB", "--env", "staging"], "/home/u", "/tmp/state");
    expect(r).toEqual({
      ok: true,
      options: {
        file: "/home/u/feeds/stock.csv",
        retailerId: 3,
        full: true,
        remote: false,
        env: "staging",
        rejectsPath: "/home/u/rejects-stock.csv",
        dryRun: false,
        defaultShape: 1,
        defaultLab: null,
        defaultOrigin: null,
        persistTo: "/tmp/state",
      },
    });
  });

  it("rejects bad usage with a message", () => {
    expect(parseCli(["f.csv"], "/")).toMatchObject({ ok: false, message: "--retailer <id> is required" });
    expect(parseCli(["f.csv", "--retailer", "x"], "/")).toMatchObject({ ok: false, message: "--retailer must be a positive whole number" });
    expect(parseCli(["f.csv", "--retailer", "1", "--env", "dev"], "/")).toMatchObject({ ok: false, message: "--env must be staging or production" });
    expect(parseCli(["f.csv", "--retailer", "1", "--default-shape", "blob"], "/")).toMatchObject({
      ok: false,
      message: "--default-shape: unknown shape (got 'blob')",
    });
    expect(parseCli(["--retailer", "1"], "/")).toMatchObject({ ok: false, message: "no feed file given" });
    expect(parseCli(["f.csv", "--retailer", "1", "--bogus"], "/")).toMatchObject({ ok: false });
    expect(parseCli(["--help"], "/")).toMatchObject({ ok: false, help: true });
  });
});

describe("progress", () => {
  it("prints a line per tenth when stderr is not a terminal", () => {
    const lines: string[] = [];
    let t = 0;
    const p = new Progress({ isTTY: false, write: (s: string) => lines.push(s) }, () => t);
    p.start("write");
    for (let i = 1; i <= 100; i++) {
      t += 10;
      p.update(i / 100, `${i} rows`, i);
    }
    p.finish();
    expect(lines).toHaveLength(11); // 0 %, 10 %, …, 100 %
    expect(lines.at(-1)).toBe("write    [########################] 100%  100 rows  100 rows/s\n");
  });
});
