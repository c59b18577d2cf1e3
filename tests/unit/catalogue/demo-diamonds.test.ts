import { describe, expect, it } from "vitest";
import { CERTIFICATE_LABS, CLARITIES, COLORS, CUTS, EYE_CLEANLINESS, FINISH_GRADES, FLUORESCENCES, SHAPES } from "#shared/enums.ts";
import { DIAMOND_ID_BASE, retailerAccepts } from "#shared/catalogue/generate.ts";
import { certificateNumber, generateDiamonds } from "#shared/catalogue/generate-diamonds.ts";
import { generateRetailers } from "#shared/catalogue/generate-retailers.ts";
import { generateSettings } from "#shared/catalogue/generate-settings.ts";
import type { DiamondRow } from "#shared/catalogue/rows.ts";
import { NOW, codes, columnsOf, keysOf } from "./catalogue-helpers";
import { wholeDollarCents } from "#shared/money.ts";

describe("demo diamonds", () => {
  const { diamonds, history } = generateDiamonds(0, 5000, NOW);
  const retailers = generateRetailers();
  const byId = new Map(diamonds.map((d) => [d.id, d]));

  it("is deterministic and sliceable", () => {
    const whole = generateDiamonds(0, 2000, NOW);
    const a = generateDiamonds(0, 1000, NOW);
    const b = generateDiamonds(1000, 1000, NOW);
    expect(whole.diamonds).toEqual([...a.diamonds, ...b.diamonds]);
    expect(whole.history).toEqual([...a.history, ...b.history]);
    // An odd start (possibly the second stone of a pair) reproduces too.
    expect(generateDiamonds(777, 5, NOW).diamonds).toEqual(diamonds.slice(777, 782));
  });

  it("has rows keyed exactly by the SQL columns", () => {
    expect(keysOf(diamonds[0]!)).toEqual(columnsOf("diamonds"));
    expect(keysOf(history[0]!)).toEqual(columnsOf("diamond_price_history"));
    expect(keysOf(retailers[0]!)).toEqual(columnsOf("retailers"));
    const { settings, variants } = generateSettings();
    expect(keysOf(settings[0]!)).toEqual(columnsOf("settings"));
    expect(keysOf(variants[0]!)).toEqual(columnsOf("setting_variants"));
  });

  it("covers all shapes and both origins", () => {
    expect(new Set(diamonds.map((d) => d.shape))).toEqual(codes(SHAPES));
    expect(new Set(diamonds.map((d) => d.is_lab_grown))).toEqual(new Set([0, 1]));
    const labShare = diamonds.filter((d) => d.is_lab_grown).length / diamonds.length;
    expect(labShare).toBeGreaterThan(0.4);
    expect(labShare).toBeLessThan(0.5);
  });

  it("uses only valid enumeration codes and plausible values", () => {
    const valid: [keyof DiamondRow, Set<number>][] = [
      ["shape", codes(SHAPES)],
      ["color", codes(COLORS)],
      ["clarity", codes(CLARITIES)],
      ["cut", codes(CUTS)],
      ["polish", codes(FINISH_GRADES)],
      ["symmetry", codes(FINISH_GRADES)],
      ["fluorescence", codes(FLUORESCENCES)],
      ["certificate_lab", codes(CERTIFICATE_LABS)],
      ["eye_clean", codes(EYE_CLEANLINESS)],
    ];
    for (const d of diamonds) {
      for (const [key, set] of valid) expect(set.has(d[key] as number), `${key} ${d[key]}`).toBe(true);
      expect(d.carat).toBeGreaterThanOrEqual(0.23);
      expect(d.carat).toBeLessThanOrEqual(5);
      expect(Number.isInteger(d.price_cents)).toBe(true);
      expect(d.price_cents % 100, "catalogue prices are whole dollars").toBe(0);
      expect(d.shipping_days).toBeGreaterThanOrEqual(1);
      expect(d.shipping_days).toBeLessThanOrEqual(14);
      expect(d.updated_at).toBe(NOW);
      expect(d.lw_ratio).toBeCloseTo(d.length_mm / d.width_mm, 1);
      if (d.discount_percentage !== null) {
        expect(d.price_before_discount_cents).toBe(wholeDollarCents(Math.round(d.price_cents / (1 - d.discount_percentage / 100))));
      } else {
        expect(d.price_before_discount_cents).toBeNull();
      }
      if (d.is_rc_ideal) {
        expect(d.shape).toBe(1);
        expect([0, 4]).toContain(d.cut);
      }
      if (d.cut === 4) expect(d.shape).toBe(1);
      expect(d.video_preview_url).toBe(d.has_video ? d.image_url : null);
    }
    const round1ct = diamonds.find((d) => d.shape === 1 && d.carat === 1)!;
    expect(round1ct.width_mm).toBeGreaterThan(6.2);
    expect(round1ct.width_mm).toBeLessThan(6.7);
  });

  it("has unique 10-digit certificate numbers", () => {
    const ids = diamonds.map((d) => d.certificate_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[1-9]\d{9}$/);
    const many = new Set(Array.from({ length: 200_000 }, (_, i) => certificateNumber(DIAMOND_ID_BASE + i)));
    expect(many.size).toBe(200_000);
  });

  it("links pairs both ways with near-identical stones", () => {
    const paired = diamonds.filter((d) => d.paired_diamond_id !== null);
    expect(paired.length).toBeGreaterThan(0);
    expect(paired.length / diamonds.length).toBeLessThan(0.05);
    for (const d of paired) {
      const p = byId.get(d.paired_diamond_id!);
      if (!p) continue; // the partner of the last stone may lie beyond the slice
      expect(p.paired_diamond_id).toBe(d.id);
      for (const key of ["shape", "color", "clarity", "cut", "polish", "symmetry", "is_lab_grown", "retailer_id"] as const) {
        expect(p[key]).toBe(d[key]);
      }
      expect(Math.abs(p.carat - d.carat)).toBeLessThanOrEqual(0.02 + 1e-9);
    }
  });

  it("assigns every diamond a retailer that sells its origin", () => {
    expect(retailers.length).toBeGreaterThanOrEqual(20);
    expect(retailers.map((r) => r.id)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(retailers.filter((r) => r.type === 1)).toHaveLength(10);
    expect(retailers.filter((r) => r.type === 2)).toHaveLength(8);
    expect(retailers.filter((r) => r.type === 3)).toHaveLength(6);
    expect(retailers.filter((r) => r.status === 2)).toHaveLength(22);
    expect(new Set(retailers.map((r) => r.slugurl)).size).toBe(24);
    const type = new Map(retailers.map((r) => [r.id, r.type]));
    for (const d of diamonds) expect(retailerAccepts(type.get(d.retailer_id)!, d.is_lab_grown === 1)).toBe(true);
    for (const r of retailers) {
      for (const json of [r.features, r.sociallinks, r.ratings]) expect(Array.isArray(JSON.parse(json))).toBe(true);
    }
  });

  it("writes 1-4 increasing history rows ending with the current price", () => {
    const rowsOf = new Map<number, typeof history>();
    for (const h of history) rowsOf.set(h.diamond_id, [...(rowsOf.get(h.diamond_id) ?? []), h]);
    expect(rowsOf.size).toBe(diamonds.length);
    for (const d of diamonds) {
      const rows = rowsOf.get(d.id)!;
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect(rows.length).toBeLessThanOrEqual(4);
      rows.slice(1).forEach((h, i) => expect(h.at).toBeGreaterThan(rows[i]!.at));
      expect(rows.at(-1)).toEqual({ diamond_id: d.id, at: NOW, price_cents: d.price_cents, source: "seed" });
      for (const h of rows) {
        expect(h.at).toBeGreaterThanOrEqual(NOW - 181 * 86_400_000);
        expect(Math.abs(h.price_cents / d.price_cents - 1)).toBeLessThanOrEqual(0.12 + 1e-3);
      }
    }
  });
});
