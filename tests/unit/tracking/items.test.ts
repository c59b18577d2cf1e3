import { describe, expect, it } from "vitest";
import type { ProductType } from "#shared/tracking/event.ts";
import { type LineFacts, productTypeOf, trackedItemOfOrderLine } from "#shared/tracking/items.ts";

describe("productTypeOf: a cart or order line's §9 product type", () => {
  const rows: [LineFacts, ProductType][] = [
    [{ kind: "diamond", lab: true }, "lab-diamond"],
    [{ kind: "diamond", lab: false }, "natural-diamond"],
    [{ kind: "paired-diamond", category: "lab-diamonds" }, "lab-diamond"],
    [{ kind: "diamond", category: "natural-diamonds" }, "natural-diamond"],
    [{ kind: "diamond" }, "other"],
    [{ kind: "setting", itemTypeName: "Setting" }, "setting"],
    [{ kind: "setting", itemTypeName: "PresetEngagementRing" }, "preset-engagement-ring"],
    [{ kind: "setting", name: "Classic Round Solitaire Engagement Ring, 1 ct" }, "preset-engagement-ring"],
    [{ kind: "setting", name: "Classic Vintage Halo" }, "setting"],
    [{ kind: "wedding-band" }, "wedding-band"],
    [{ kind: "pendant" }, "pendant"],
    [{ kind: "stud" }, "earrings"],
    [{ kind: "care-plan" }, "care-plan"],
    [{ kind: "fine-jewelry", itemTypeName: "PresetEarrings" }, "preset-earrings"],
    [{ kind: "fine-jewelry", itemTypeName: "Necklace" }, "preset-necklace"],
    [{ kind: "fine-jewelry", itemTypeName: "Bracelet" }, "bracelet"],
    [{ kind: "fine-jewelry", name: "Round Diamond Stud Earrings, 1 ct tw" }, "preset-earrings"],
    [{ kind: "fine-jewelry", name: "Bold Station Necklace" }, "preset-necklace"],
    [{ kind: "fine-jewelry", name: "Petite Open Cuff, 2 ct tw" }, "bracelet"],
    [{ kind: "fine-jewelry", name: "Gift card" }, "other"],
    [{ kind: null, name: "Tennis Bracelet" }, "other"],
  ];
  it.each(rows)("%j is %s", (facts, expected) => {
    expect(productTypeOf(facts)).toBe(expected);
  });
});

describe("trackedItemOfOrderLine", () => {
  const row = {
    line_id: "diamond",
    name: "1.01 ct G VS1 Diamond",
    quantity: 1,
    total_cents: 480000,
    kind: "diamond",
    diamond_id: 77,
    setting_id: null,
    variant_id: null,
  };
  it("a diamond line with its origin and grading", () => {
    expect(trackedItemOfOrderLine({ ...row, lab: false, grade: "Very Good", color: "G", clarity: "VS1" })).toEqual({
      id: "diamond-77",
      type: "natural-diamond",
      name: row.name,
      priceCents: 480000,
      quantity: 1,
      kind: "diamond",
      grade: "Very Good",
      color: "G",
      clarity: "VS1",
    });
  });
  it("two bands: the unit price; an indivisible total: one piece at the total", () => {
    const band = { ...row, line_id: "wb1", name: "Band", kind: "wedding-band", diamond_id: null, setting_id: 190, variant_id: 2 };
    expect(trackedItemOfOrderLine({ ...band, quantity: 2, total_cents: 120000 })).toMatchObject({
      id: "setting-190-2",
      type: "wedding-band",
      priceCents: 60000,
      quantity: 2,
    });
    expect(trackedItemOfOrderLine({ ...band, quantity: 3, total_cents: 100000 })).toMatchObject({ priceCents: 100000, quantity: 1 });
  });
  it("an order line from before kinds were kept is of unknown kind (the purchase has no diamond type)", () => {
    expect(trackedItemOfOrderLine({ ...row, kind: null, diamond_id: null, line_id: "l1" })).toMatchObject({ id: "line-l1", type: "other", kind: null });
    expect(trackedItemOfOrderLine({ ...row, kind: "mystery" })).toMatchObject({ kind: null, type: "other" });
    expect(trackedItemOfOrderLine({ ...row })).toMatchObject({ kind: "diamond", type: "other" });
  });
});
