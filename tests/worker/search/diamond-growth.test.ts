import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import type { Diamond } from "#shared/schemas.ts";
import { diamondSlug } from "#shared/slug.ts";
import { call } from "../helpers";

type Row = { id: number; shape: number; carat: number; color: number; clarity: number; cut: number; is_lab_grown: number };
const COLS = "id, shape, carat, color, clarity, cut, is_lab_grown";

async function first(where: string): Promise<Row> {
  const row = await env.DB.prepare(`SELECT ${COLS} FROM diamonds WHERE ${where} ORDER BY id LIMIT 1`).first<Row>();
  if (!row) throw new Error(`no seeded diamond where ${where}`);
  return row;
}

async function detail(id: number): Promise<Diamond> {
  const res = await call(`/api/diamonds/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Diamond;
}

describe("a lab-grown diamond's growth method and treatment", () => {
  it("is in the full diamond record, and null for natural stones and where the retailer does not say", async () => {
    const treated = await first("growth_method = 'CVD' AND treated = 1");
    expect(await detail(treated.id)).toMatchObject({ isLabGrown: true, growthMethod: "CVD", treated: true });
    const hpht = await first("growth_method = 'HPHT' AND treated = 0");
    expect(await detail(hpht.id)).toMatchObject({ growthMethod: "HPHT", treated: false });
    const unstated = await first("is_lab_grown = 1 AND growth_method IS NULL");
    expect(await detail(unstated.id)).toMatchObject({ isLabGrown: true, growthMethod: null, treated: null });
    const natural = await first("is_lab_grown = 0");
    expect(await detail(natural.id)).toMatchObject({ isLabGrown: false, growthMethod: null, treated: null });
  });

  it("shows on the diamond page of a lab-grown stone only", async () => {
    const page = async (r: Row) => {
      const res = await call(`/diamond/${r.id}/${diamondSlug({ ...r, isLabGrown: r.is_lab_grown === 1 })}`);
      expect(res.status).toBe(200);
      return res.text();
    };
    const asGrown = await page(await first("growth_method = 'CVD' AND treated = 0"));
    expect(asGrown).toMatch(/Growth<\/dt>\s*<dd[^>]*>CVD · as grown</);
    expect(await page(await first("is_lab_grown = 1 AND growth_method IS NULL"))).toMatch(/Growth<\/dt>\s*<dd[^>]*>Not stated</);
    expect(await page(await first("is_lab_grown = 0"))).not.toContain("Growth</dt>");
  });
});
