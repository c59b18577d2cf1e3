import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CERTIFICATE_LABS,
  CLARITIES,
  COLORS,
  CUTS,
  EYE_CLEANLINESS,
  FINISH_GRADES,
  FLUORESCENCES,
  METALS,
  SHAPES,
  labelOf,
  type EnumEntry,
} from "#shared/enums.ts";
import { ALTERNATIVE_BAND_METALS, TWO_TONE_SETTING_METALS } from "#shared/settings/pages.ts";
import { DIAMOND_ID_BASE, retailerAccepts } from "#shared/catalogue/generate.ts";
import { certificateNumber, generateDiamonds } from "#shared/catalogue/generate-diamonds.ts";
import { generateRetailers } from "#shared/catalogue/generate-retailers.ts";
import { generateSettings } from "#shared/catalogue/generate-settings.ts";
import { settingImageKeys } from "#shared/catalogue/setting-styles.ts";
import type { DiamondRow, SettingVariantRow } from "#shared/catalogue/rows.ts";
import { diamondSvg } from "#shared/catalogue/images.ts";
import { retailerLogoSvg } from "#shared/catalogue/retailer-images.ts";
import { metalColours, metalParts, settingSvg } from "#shared/catalogue/setting-images.ts";
import { expectWellFormedXml } from "./xml";
import {
  LAB_FLOOR_CENTS,
  LAB_FRACTION,
  PRICE_MODEL,
  fittedPricePerCarat2008,
  modelPriceCents,
  naturalPricePerCaratUsd,
} from "#shared/catalogue/price-model.ts";
import { rng } from "#shared/catalogue/random.ts";
import { seedGroups, seedStatements } from "#shared/catalogue/seed-plan.ts";
import { insertStatements, sqlLiteral } from "#shared/catalogue/sql.ts";

const NOW = Date.UTC(2026, 10, 1);
const CSV = new URL("../../../../shared/data/diamonds-ggplot2.csv", import.meta.url);

const codes = (list: readonly EnumEntry[]): Set<number> => new Set(list.map((e) => e.code));

/** The values of every id attribute in an SVG. */
const idsOf = (svg: string): string[] => [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Column names of a table in the migration, in order. */
/** A table's columns after every migration (CREATE TABLE, then ALTER TABLE … ADD COLUMN), sorted. */
function columnsOf(table: string): string[] {
  const dir = new URL("../../../migrations/", import.meta.url);
  const sql = readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => readFileSync(new URL(f, dir), "utf8"))
    .join("\n");
  const body = new RegExp(`CREATE TABLE ${table} \\(([\\s\\S]*?)\\n\\);`).exec(sql)?.[1];
  if (!body) throw new Error(`no table ${table}`);
  const created = body
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /^[a-z_]+ [A-Z]/.test(l))
    .map((l) => l.split(" ")[0]!);
  const added = [...sql.matchAll(new RegExp(`ALTER TABLE ${table} ADD COLUMN ([a-z_]+)`, "g"))].map((m) => m[1]!);
  return [...created, ...added].sort();
}

const keysOf = (row: object) => Object.keys(row).sort();

describe("price model", () => {
  // ggplot2 grades → catalogue codes (Fair and I1 have none).
  const colour: Record<string, number> = { D: 1, E: 2, F: 3, G: 4, H: 5, I: 6, J: 7 };
  const clarity: Record<string, number> = { IF: 2, VVS1: 3, VVS2: 4, VS1: 5, VS2: 6, SI1: 7, SI2: 8 };
  const cut: Record<string, number> = { Ideal: 0, Premium: 1, "Very Good": 2, Good: 3 };
  const rows = readFileSync(CSV, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.replace(/"/g, "").split(","))
    .map(([carat, cutName, colourName, clarityName, , , price]) => ({
      carat: Number(carat),
      cut: cut[cutName!],
      color: colour[colourName!],
      clarity: clarity[clarityName!],
      price: Number(price),
    }))
    .filter(
      (r): r is { carat: number; cut: number; color: number; clarity: number; price: number } =>
        r.cut !== undefined && r.color !== undefined && r.clarity !== undefined,
    );
  const ape = (subset: typeof rows): number =>
    median(subset.map((r) => Math.abs(fittedPricePerCarat2008(r) / (r.price / r.carat) - 1)));

  it("reproduces the ggplot2 prices per carat (median absolute % error)", () => {
    expect(rows.length).toBeGreaterThan(50_000);
    expect(ape(rows)).toBeLessThan(0.1); // measured 0.083
    expect(ape(rows.filter((r) => r.carat >= 1))).toBeLessThan(0.1); // measured 0.079
    expect(PRICE_MODEL.fit.r2LogPricePerCarat).toBeGreaterThan(0.9);
  });

  const stone = { shape: 1, carat: 1, color: 4, clarity: 6, cut: 1, fluorescence: 0, isLabGrown: false };

  it("prices better colour, clarity and cut higher, monotonically", () => {
    for (const carat of [0.3, 0.5, 1, 1.5, 2, 3, 5]) {
      const by = (change: Partial<typeof stone>): number => modelPriceCents({ ...stone, carat, ...change });
      const colours = [1, 2, 3, 4, 5, 6, 7, 8].map((color) => by({ color }));
      const clarities = [1, 2, 3, 4, 5, 6, 7, 8].map((c) => by({ clarity: c }));
      const cuts = [4, 0, 1, 2, 3].map((c) => by({ cut: c })); // Loupe Ideal, Ideal, Excellent, Very Good, Good
      for (const list of [colours, clarities, cuts]) {
        list.slice(1).forEach((p, i) => expect(p).toBeLessThan(list[i]!));
      }
      expect(by({ clarity: 1 }) / by({ clarity: 2 })).toBeGreaterThanOrEqual(1.05 - 1e-3); // FL ≥ IF + 5 %
      expect(by({ cut: 4 }) / by({ cut: 0 })).toBeCloseTo(1.03, 2);
    }
    const perCarat = [0.3, 0.5, 1, 2, 3, 5].map((carat) => naturalPricePerCaratUsd({ ...stone, carat }));
    perCarat.slice(1).forEach((p, i) => expect(p).toBeGreaterThan(perCarat[i]!));
  });

  it("applies shape and fluorescence discounts to natural stones", () => {
    const round = modelPriceCents(stone);
    for (let shape = 2; shape <= 10; shape++) {
      const ratio = modelPriceCents({ ...stone, shape }) / round;
      expect(ratio).toBeGreaterThanOrEqual(0.7);
      expect(ratio).toBeLessThanOrEqual(0.85);
    }
    const fluorescence = [0, 1, 2, 3, 4].map((f) => modelPriceCents({ ...stone, fluorescence: f }));
    fluorescence.slice(1).forEach((p, i) => expect(p).toBeLessThan(fluorescence[i]!));
    expect(() => modelPriceCents({ ...stone, color: 9 })).toThrow(RangeError);
  });

  it("prices lab-grown below natural, at 5-35 % of it, never below the floor", () => {
    expect(LAB_FRACTION(0.3)).toBeCloseTo(0.28, 2);
    expect(LAB_FRACTION(3)).toBeLessThan(0.11);
    expect(LAB_FRACTION(5)).toBeGreaterThanOrEqual(0.1);
    for (let c = 0.25; c < 5; c += 0.05) expect(LAB_FRACTION(c + 0.05)).toBeLessThan(LAB_FRACTION(c));
    for (const shape of [1, 2, 5, 6, 10]) {
      for (const carat of [0.23, 0.3, 0.5, 1, 1.5, 2, 3, 5]) {
        for (const color of [1, 4, 8]) {
          for (const clarity of [1, 5, 8]) {
            const d = { ...stone, shape, carat, color, clarity };
            const natural = modelPriceCents(d);
            const lab = modelPriceCents({ ...d, isLabGrown: true });
            expect(Number.isInteger(lab)).toBe(true);
            expect(lab).toBeGreaterThanOrEqual(LAB_FLOOR_CENTS);
            expect(lab).toBeLessThan(natural);
            if (lab > LAB_FLOOR_CENTS) {
              expect(lab / natural).toBeGreaterThanOrEqual(0.05);
              expect(lab / natural).toBeLessThanOrEqual(0.35);
            }
          }
        }
      }
    }
  });
});

describe("random", () => {
  it("is deterministic per seed and stays in range", () => {
    const a = rng(42);
    const b = rng(42);
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b.next()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(rng(43).next()).not.toBe(rng(42).next());
    const r = rng(7);
    for (let i = 0; i < 1000; i++) {
      const n = r.int(-3, 3);
      expect(n).toBeGreaterThanOrEqual(-3);
      expect(n).toBeLessThanOrEqual(3);
    }
    expect(r.weighted([["x", 0], ["y", 1]])).toBe("y");
  });
});

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
      expect(d.shipping_days).toBeGreaterThanOrEqual(1);
      expect(d.shipping_days).toBeLessThanOrEqual(14);
      expect(d.updated_at).toBe(NOW);
      expect(d.lw_ratio).toBeCloseTo(d.length_mm / d.width_mm, 1);
      if (d.discount_percentage !== null) {
        expect(d.price_before_discount_cents).toBe(Math.round(d.price_cents / (1 - d.discount_percentage / 100)));
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

describe("demo settings", () => {
  const { settings, variants } = generateSettings();

  it("is deterministic", () => {
    expect(generateSettings()).toEqual({ settings, variants });
  });

  it("has the planned mix of items with unique names", () => {
    expect(settings).toHaveLength(300);
    expect(new Set(settings.map((s) => s.name)).size).toBe(settings.length);
    const count = (type: number) => settings.filter((s) => s.item_type === type).length;
    expect(count(1)).toBe(180);
    expect(count(0)).toBe(40);
    expect(count(5)).toBe(20);
    expect(count(4)).toBe(20);
    expect(count(2)).toBe(40);
    const bandIds = new Set(settings.filter((s) => s.item_type === 0).map((s) => s.id));
    for (const s of settings) if (s.matching_band_id !== null) expect(bandIds.has(s.matching_band_id)).toBe(true);
    const retailerIds = new Set(generateRetailers().map((r) => r.id));
    for (const s of settings) expect(retailerIds.has(s.retailer_id)).toBe(true);
  });

  it("prices metals consistently from $340 up", () => {
    const ringIds = new Set(settings.filter((s) => s.item_type === 1).map((s) => s.id));
    const ring14k = variants.filter((v) => ringIds.has(v.setting_id) && [2, 4, 6].includes(v.metal));
    expect(Math.min(...ring14k.map((v) => v.price_cents))).toBeGreaterThanOrEqual(34_000);
    const metalCodes = codes(METALS);
    const bySetting = new Map<number, Map<number, number>>();
    for (const v of variants) {
      expect(metalCodes.has(v.metal)).toBe(true);
      expect(v.id).toBe(v.setting_id * 1000 + v.metal);
      bySetting.set(v.setting_id, (bySetting.get(v.setting_id) ?? new Map()).set(v.metal, v.price_cents));
    }
    for (const prices of bySetting.values()) {
      if (prices.has(6) && prices.has(2)) expect(prices.get(6)).toBe(prices.get(2)); // 14K rose = white
      if (prices.has(7) && prices.has(3)) expect(prices.get(7)).toBe(prices.get(3)); // 18K rose = white
      if (prices.has(4) && prices.has(2)) expect(prices.get(4)).toBe(prices.get(2));
      if (prices.has(3) && prices.has(2)) expect(prices.get(3)! / prices.get(2)!).toBeCloseTo(1.25, 1);
      if (prices.has(1) && prices.has(2)) expect(prices.get(1)! / prices.get(2)!).toBeCloseTo(1.45, 1);
    }
  });
  it("adds two-tone variants to about a quarter of the ring settings and women's bands", () => {
    const twoTone = variants.filter((v) => v.metal >= 100);
    const metalCodes = codes(METALS);
    for (const v of twoTone) {
      expect(v.metal).toBeLessThanOrEqual(191);
      expect(metalCodes.has(v.metal)).toBe(true);
      expect(TWO_TONE_SETTING_METALS as readonly number[]).toContain(v.metal);
    }
    const found = new Set(twoTone.map((v) => v.metal));
    // Both orders of a pair somewhere (band in one gold, head in the other, and the other way round).
    expect([[124, 142], [126, 162], [146, 164]].some(([a, b]) => found.has(a!) && found.has(b!))).toBe(true);
    const settingOf = new Map(settings.map((s) => [s.id, s]));
    const withTwoTone = new Set(twoTone.map((v) => v.setting_id));
    for (const id of withTwoTone) {
      const s = settingOf.get(id)!;
      expect(s.item_type === 1 || (s.item_type === 0 && s.gender === "women")).toBe(true);
    }
    const rings = settings.filter((s) => s.item_type === 1);
    const womensBands = settings.filter((s) => s.item_type === 0 && s.gender === "women");
    const share = (list: typeof settings) => list.filter((s) => withTwoTone.has(s.id)).length / list.length;
    expect(share(rings)).toBeGreaterThan(0.15);
    expect(share(rings)).toBeLessThan(0.35);
    expect(share(womensBands)).toBeGreaterThan(0.1);
    expect(share(womensBands)).toBeLessThan(0.4);
  });

  it("prices a two-tone like its 14K golds plus about 10 % and only in golds the setting has", () => {
    const bySetting = new Map<number, SettingVariantRow[]>();
    for (const v of variants) bySetting.set(v.setting_id, [...(bySetting.get(v.setting_id) ?? []), v]);
    const listOf = (v: SettingVariantRow) => v.price_before_discount_cents ?? v.price_cents;
    let checked = 0;
    for (const list of bySetting.values()) {
      const metals = new Map(list.map((v) => [v.metal, v]));
      for (const v of list.filter((x) => x.metal >= 100)) {
        const [first, second] = metalParts(v.metal);
        expect([2, 4, 6]).toContain(first);
        expect([2, 4, 6]).toContain(second);
        expect(metals.has(first) && metals.has(second)).toBe(true);
        const gold14k = metals.get(first)!;
        expect(listOf(v) / listOf(gold14k)).toBeCloseTo(1.1, 1);
        expect(v.discount_percentage).toBe(gold14k.discount_percentage);
        checked++;
      }
      // Rose costs the same as white and yellow in two-tone too.
      for (const [a, b] of [[124, 126], [142, 162], [146, 126]] as const) {
        if (metals.has(a) && metals.has(b)) expect(listOf(metals.get(a)!)).toBe(listOf(metals.get(b)!));
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("offers the men's bands in alternative metals besides gold and platinum, mostly for less", () => {
    const alternative = new Set<number>(ALTERNATIVE_BAND_METALS);
    const mens = settings.filter((s) => s.item_type === 0 && s.gender === "men");
    expect(mens).toHaveLength(16);
    const seen = new Set<number>();
    let cheaper = 0;
    let dearer = 0;
    for (const band of mens) {
      const own = variants.filter((v) => v.setting_id === band.id);
      const alt = own.filter((v) => alternative.has(v.metal));
      expect(alt.length).toBeGreaterThanOrEqual(2);
      expect(own.some((v) => v.metal >= 1 && v.metal <= 7)).toBe(true);
      const gold = own.find((v) => v.metal === 2 || v.metal === 4)!;
      for (const v of alt) {
        seen.add(v.metal);
        expect(v.name).toContain(labelOf(METALS, v.metal));
        if (gold) (v.price_cents < gold.price_cents ? cheaper++ : dearer++);
      }
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([...ALTERNATIVE_BAND_METALS]);
    expect(cheaper).toBeGreaterThan(dearer);
    const others = new Set(settings.filter((s) => !(s.item_type === 0 && s.gender === "men")).map((s) => s.id));
    for (const v of variants) if (others.has(v.setting_id)) expect(alternative.has(v.metal)).toBe(false);
  });

  it("keeps variants grouped by setting in metal order, with images settingImageKeys lists", () => {
    const ids = variants.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < variants.length; i++) {
      const [a, b] = [variants[i - 1]!, variants[i]!];
      expect(a.setting_id < b.setting_id || (a.setting_id === b.setting_id && a.metal < b.metal)).toBe(true);
    }
    const keys = new Set(settingImageKeys().map((k) => `${k.slug}-${k.metal}`));
    for (const v of variants) {
      const m = /^\/images\/settings\/([a-z0-9-]+)-(\d{1,3})\.svg$/.exec(v.image_url);
      expect(m, v.image_url).not.toBeNull();
      expect(Number(m![2])).toBe(v.metal);
      expect(keys.has(`${m![1]}-${m![2]}`), v.image_url).toBe(true);
    }
  });

  it("has stud settings for a pair of chosen diamonds besides preset earrings", () => {
    const earrings = settings.filter((s) => s.item_type === 4);
    const studs = earrings.filter((s) => s.item_type_name === "Stud");
    const presets = earrings.filter((s) => s.item_type_name === "PresetEarrings");
    expect(studs).toHaveLength(8);
    expect(presets).toHaveLength(12);
    for (const s of studs) {
      expect([32, 2]).toContain(s.style);
      expect(s.shapes_mask).not.toBe(0);
      expect(SHAPES.filter((sh) => s.shapes_mask & (1 << (sh.code - 1))).length).toBeGreaterThanOrEqual(3);
      expect(s.name).toMatch(/Stud Earring Settings$/);
      expect(s.description).toContain("for a pair of diamonds you choose");
      const own = variants.filter((v) => v.setting_id === s.id);
      expect(own.length).toBeGreaterThan(0);
      for (const v of own) expect(v.price_cents).toBeGreaterThanOrEqual(34_000);
      for (const v of own.filter((x) => [2, 4, 6].includes(x.metal))) {
        expect(v.price_before_discount_cents ?? v.price_cents).toBeLessThanOrEqual(120_000);
      }
    }
    expect(new Set(studs.map((s) => s.style))).toEqual(new Set([32, 2]));
    expect(new Set(presets.map((s) => s.style))).toEqual(new Set([32, 2, 128]));
    for (const s of presets) {
      expect(s.shapes_mask & (s.shapes_mask - 1)).toBe(0); // one shape: the stones they are set with
      expect(s.description).not.toContain("you choose");
    }
  });

  it("describes pendants as settings for a chosen diamond and necklaces as set with diamonds", () => {
    const jewellery = settings.filter((s) => s.item_type === 2);
    const pendants = jewellery.filter((s) => s.item_type_name === "Pendant");
    const necklaces = jewellery.filter((s) => s.item_type_name === "Necklace");
    expect(pendants.length).toBeGreaterThan(0);
    expect(necklaces.length).toBeGreaterThan(0);
    expect(jewellery.filter((s) => s.item_type_name === "Bracelet")).toHaveLength(20);
    for (const s of pendants) expect(s.description).toContain("for a diamond you choose");
    for (const s of necklaces) expect(s.description).toContain("set with diamonds");
  });
});

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
    expect(groups.map((g) => g.label)).toEqual([
      "retailers",
      "settings",
      "setting_variants",
      "diamonds 0-499",
      "diamonds 500-999",
      "diamonds 1000-1200",
    ]);
    expect(groups.reduce((n, g) => n + g.diamonds, 0)).toBe(1201);
    expect([...seedStatements({ diamonds: 1201, now: NOW, chunk: 500 })]).toEqual(groups.map((g) => g.statements));
    for (const g of groups) for (const s of g.statements) expect(s.length).toBeLessThan(100_000); // D1 statement limit
  });
});

describe("images", () => {
  it("draws every shape, logo and setting as escaped SVG", () => {
    for (const s of SHAPES) {
      const svg = diamondSvg(s.code);
      expect(svg).toMatch(/^<svg [^>]*width="200" height="200" viewBox="0 0 200 200"/);
      expect(svg).not.toMatch(/NaN|Infinity/);
    }
    const logo = retailerLogoSvg(`Ember & Facet <"O'Dell">`, false);
    expect(logo).toContain("Ember &amp; Facet &lt;&quot;O&apos;Dell&quot;&gt;");
    expect(logo).not.toMatch(/& |<"/);
    expect(retailerLogoSvg("Ember & Facet", true)).toContain(">EF<");
    expect(settingSvg("halo", 4)).toMatch(/^<svg /);
  });

  it("draws every metal a variant uses as well-formed SVG in that metal's colours", () => {
    const { variants } = generateSettings();
    const pairs = new Map<string, { slug: string; metal: number }>();
    for (const v of variants) {
      const [, slug, metal] = /\/images\/settings\/(.+)-(\d+)\.svg$/.exec(v.image_url)!;
      pairs.set(`${slug}-${metal}`, { slug: slug!, metal: Number(metal) });
    }
    for (const { slug, metal } of settingImageKeys()) pairs.set(`${slug}-${metal}`, { slug, metal });
    const allIds = new Map<string, string>();
    for (const [key, { slug, metal }] of pairs) {
      const svg = settingSvg(slug, metal);
      expectWellFormedXml(svg);
      expect(svg).not.toMatch(/NaN|Infinity|undefined/);
      const [first, second] = metalParts(metal);
      for (const part of [first, second]) {
        const c = metalColours(part);
        if (c.texture) expect(svg).toContain("<pattern");
        expect(svg).toContain(c.mid);
      }
      const ids = idsOf(svg);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) {
        expect(allIds.get(id), `id ${id} of ${key}`).toBeUndefined();
        allIds.set(id, key);
      }
    }
  });

  it("draws a two-tone band in its first metal and the head in its second", () => {
    for (const [first, second] of [[2, 4], [4, 2], [6, 2], [4, 6]] as const) {
      const code = 100 + 10 * first + second;
      for (const slug of ["halo", "three-stone", "solitaire", "stud", "halo-pendant"]) {
        const svg = settingSvg(slug, code);
        expect(svg).toContain(metalColours(first).mid);
        expect(svg).toContain(metalColours(second).mid);
        expect(svg).toContain(labelOf(METALS, code).replace(/&/g, "&amp;"));
      }
      // The band is painted with the first metal's paint, the head with the second's.
      const ring = settingSvg("solitaire", code);
      const paintOf = (part: string) => new RegExp(`id="([^"]+-${part})"[^>]*>(?:(?!</linearGradient>).)*${metalColours(part === "metal" ? first : second).mid}`);
      expect(ring).toMatch(paintOf("metal"));
      expect(ring).toMatch(paintOf("head"));
    }
    // One metal: a single paint.
    expect(idsOf(settingSvg("halo", 6))).toHaveLength(1);
  });

  it("gives the alternative metals their own colours and textures, and unknown metals a light grey", () => {
    const drawings = [1, 2, 4, 6, ...ALTERNATIVE_BAND_METALS].map((m) => settingSvg("mens-band", m).replace(/-\d+-/g, "-"));
    expect(new Set(drawings).size).toBe(drawings.length);
    const mid = new Set([1, 2, 4, 6, ...ALTERNATIVE_BAND_METALS].map((m) => metalColours(m).mid));
    expect(mid.size).toBe(4 + ALTERNATIVE_BAND_METALS.length);
    expect(metalColours(14).texture).toBe("weave");
    expect(metalColours(16).texture).toBe("waves");
    expect(settingSvg("mens-band", 14)).toMatch(/<pattern id="loupe-setting-mens-band-14-metal"/);
    const luminance = (hex: string) => [1, 3, 5].reduce((n, i) => n + parseInt(hex.slice(i, i + 2), 16), 0) / 3;
    for (const dark of [11, 13, 14, 15]) expect(luminance(metalColours(dark).mid)).toBeLessThan(luminance(metalColours(2).mid));
    for (const unknown of [0, 9, 17, 99, 111, 192, 999]) {
      const svg = settingSvg("solitaire", unknown);
      expectWellFormedXml(svg);
      expect(luminance(metalColours(unknown).mid)).toBeGreaterThan(180);
      expect(svg).toContain(metalColours(0).mid);
    }
    expect(metalParts(124)).toEqual([2, 4]);
    expect(metalParts(142)).toEqual([4, 2]);
    expect(metalParts(111)).toEqual([111, 111]);
    expect(metalParts(7)).toEqual([7, 7]);
  });

  it("draws stud settings as empty mountings", () => {
    const mounting = settingSvg("stud-setting", 2);
    const preset = settingSvg("stud", 2);
    expectWellFormedXml(mounting);
    expect(mounting).toContain("stroke-dasharray"); // the empty seat
    expect((mounting.match(/fill="#f4f9fd"/g) ?? []).length).toBe(0); // no stones
    expect((preset.match(/fill="#f4f9fd"/g) ?? []).length).toBe(2);
    expect((settingSvg("halo-stud-setting", 2).match(/fill="#f4f9fd"/g) ?? []).length).toBe(24); // halo stones only
  });
});
