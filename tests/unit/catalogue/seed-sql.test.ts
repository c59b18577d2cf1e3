import { describe, expect, it } from "vitest";
import { seedGroups, seedStatements } from "#shared/catalogue/seed-plan.ts";
import { insertStatements, sqlLiteral } from "#shared/catalogue/sql.ts";
import { NOW } from "./catalogue-helpers";

describe("sql", () => {
  it("writes literals safely", () => {
    expect(sqlLiteral("Maren O'Dell")).toBe("'Maren O''Dell'");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(true)).toBe("1");
    expect(sqlLiteral(false)).toBe("0");
    expect(sqlLiteral(-1.5)).toBe("-1.5");
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral(Number.POSITIVE_INFINITY)).toThrow();
  });

  it("builds multi-row inserts and validates identifiers", () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: i, name: `a'${i}`, note: null }));
    const statements = insertStatements("things", rows, 2);
    expect(statements).toHaveLength(3);
    expect(statements[0]).toBe("INSERT INTO things (id, name, note) VALUES (0,'a''0',NULL),(1,'a''1',NULL);");
    expect(insertStatements("things", [])).toEqual([]);
    expect(() => insertStatements("things; DROP TABLE x", rows)).toThrow();
    expect(() => insertStatements("things", [{ "bad-col": 1 }])).toThrow();
  });

  it("plans the seed in foreign-key order", () => {
    const groups = [...seedGroups({ diamonds: 1201, now: NOW, chunk: 500 })];
    expect(groups.map((g) => g.label)).toEqual(["retailers", "settings", "setting_variants", "diamonds 0-499", "diamonds 500-999", "diamonds 1000-1200"]);
    expect(groups.reduce((n, g) => n + g.diamonds, 0)).toBe(1201);
    expect([...seedStatements({ diamonds: 1201, now: NOW, chunk: 500 })]).toEqual(groups.map((g) => g.statements));
    for (const g of groups) for (const s of g.statements) expect(s.length).toBeLessThan(100_000); // D1 statement limit
  });
});
