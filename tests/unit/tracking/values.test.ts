import { describe, expect, it } from "vitest";
import { buildEvent } from "#shared/tracking/build.ts";
import { engineView } from "#shared/tracking/engine-view.ts";
import type { EngineName, ProductType, TrackedItem } from "#shared/tracking/event.ts";
import { BASE_VALUE_MULTIPLIERS, clampDynamicAdsMultiplier, finalCents } from "#shared/tracking/values.ts";
import { CONTEXT, item } from "./fixtures";

const sent = async (name: "view_content" | "add_to_cart" | "initiate_checkout" | "purchase", items: TrackedItem[], engine: EngineName, extra = {}) => {
  const event = await buildEvent(name === "purchase" ? { ...CONTEXT, name, orderNumber: "L-1001", items, ...extra } : { ...CONTEXT, name, items, ...extra });
  return engineView(engine, event)?.value ?? null;
};

describe("a purchase is worth the §9 order value (0.5 of a lab-grown order, 0.12 otherwise) to the ad engines", () => {
  const rows: [string, TrackedItem[], Partial<Record<EngineName, number | null>>][] = [
    [
      "a 5,000 USD lab diamond",
      [item("lab-diamond", 5000)],
      { meta: 2500, "google-ads": 27.5, tiktok: 2500, pinterest: 2500, criteo: 2500, ga4: 2013, shareasale: 5000 },
    ],
    ["a 5,000 USD natural diamond", [item("natural-diamond", 5000)], { meta: 600, "google-ads": 6.6, ga4: 480.25, shareasale: null }],
    [
      "a ring: 1,500 USD setting and 3,000 USD lab diamond",
      [item("setting", 1500), item("lab-diamond", 3000)],
      { meta: 2250, "google-ads": 24.75, ga4: 1801.8, shareasale: 4500 },
    ],
    [
      "a ring with a natural diamond and a band: 1,500 + 3,000 + 800 USD",
      [item("setting", 1500), item("natural-diamond", 3000), item("wedding-band", 800)],
      { meta: 636, "google-ads": 7, ga4: 1186.15, shareasale: 2300 },
    ],
    ["a 20,000 USD lab diamond (capped at 7,500)", [item("lab-diamond", 20000)], { meta: 7500, "google-ads": 110, ga4: 7500, shareasale: 7500 }],
    ["two 600 USD pendants", [item("pendant", 600, { quantity: 2 })], { meta: 144, "google-ads": 1.58, ga4: 192, shareasale: 1200 }],
  ];
  it.each(rows)("%s", async (_, items, expected) => {
    for (const [engine, value] of Object.entries(expected)) expect([engine, await sent("purchase", items, engine as EngineName)]).toEqual([engine, value]);
  });
});

describe("product events are worth the first factor set (base value multipliers)", () => {
  const types = Object.keys(BASE_VALUE_MULTIPLIERS) as ProductType[];
  const expected: Record<ProductType, number> = {
    "lab-diamond": 790,
    "natural-diamond": 110,
    setting: 470,
    earrings: 396,
    pendant: 396,
    "wedding-band": 400,
    "preset-earrings": 550,
    "preset-necklace": 450,
    bracelet: 600,
    "care-plan": 400,
    "preset-engagement-ring": 500,
    other: 390,
  };
  it.each(types)("viewing a 1,000 USD %s sends Meta its base value", async (type) => {
    expect(await sent("view_content", [item(type, 1000)], "meta")).toBe(expected[type]);
  });

  const rows: [string, "view_content" | "add_to_cart" | "initiate_checkout", TrackedItem[], object, Partial<Record<EngineName, number | null>>][] = [
    [
      "adding a 5,000 USD lab diamond to the cart",
      "add_to_cart",
      [item("lab-diamond", 5000)],
      {},
      { meta: 9.88, tiktok: 9.88, pinterest: 9.88, "google-ads": 0.11, ga4: 3950, criteo: 3950, shareasale: null },
    ],
    ["adding a 10,000 USD natural diamond", "add_to_cart", [item("natural-diamond", 10000)], {}, { meta: 2.75, ga4: 1100, criteo: 1100 }],
    [
      "beginning checkout with a 1,500 setting and a 3,000 lab diamond",
      "initiate_checkout",
      [item("setting", 1500), item("lab-diamond", 3000)],
      {},
      { meta: 307.5, "google-ads": 3.38, ga4: 307.5, criteo: 307.5, shareasale: null },
    ],
    [
      "viewing a 5,000 USD lab diamond, dynamic ads multiplier 1.5",
      "view_content",
      [item("lab-diamond", 5000)],
      { dynamicAdsMultiplier: 1.5 },
      { meta: 5925, criteo: 5925, "google-ads": null },
    ],
    ["the multiplier 3 is clamped to 2 (and the value to 7,500)", "view_content", [item("lab-diamond", 5000)], { dynamicAdsMultiplier: 3 }, { meta: 7500 }],
    ["the multiplier 0.1 is clamped to 0.3", "view_content", [item("lab-diamond", 5000)], { dynamicAdsMultiplier: 0.1 }, { meta: 1185 }],
    ["adding 5,000 USD lab diamond with multiplier 2", "add_to_cart", [item("lab-diamond", 5000)], { dynamicAdsMultiplier: 2 }, { meta: 19.75, ga4: 7500 }],
  ];
  it.each(rows)("%s", async (_, name, items, extra, expected) => {
    for (const [engine, value] of Object.entries(expected)) expect([engine, await sent(name, items, engine as EngineName, extra)]).toEqual([engine, value]);
  });
});

describe("the §5 revenue estimate rules decide GA4's purchase value", () => {
  // What a shopper bought, its price in USD, its grading, and what GA4 is sent.
  const rows: [string, number, Partial<TrackedItem>, number][] = [
    ["a 399.99 USD natural diamond (under 400)", 399.99, {}, 0],
    ["a 400 USD natural diamond", 400, {}, 38.42],
    ["a 99,999.99 USD natural diamond (capped)", 99999.99, {}, 7500],
    ["a 100,000 USD natural diamond (at least 100,000)", 100000, {}, 0],
    ["a 5,000 USD natural diamond cut good", 5000, { grade: "Good" }, 0],
    ["a 5,000 USD natural diamond clarity SI2", 5000, { clarity: "SI2" }, 0],
    ["a 5,000 USD natural diamond cut very good (halved)", 5000, { grade: "Very Good" }, 240.13],
    ["a 5,000 USD natural diamond colour K (halved)", 5000, { color: "K" }, 240.13],
    ["a 5,000 USD natural diamond clarity SI1 (halved)", 5000, { clarity: "si1" }, 240.13],
    ["a 5,000 USD natural diamond, very good and SI1 (halved once)", 5000, { grade: "very_good", clarity: "SI1" }, 240.13],
    ["a 5,000 USD natural diamond, very good and SI2 (nothing)", 5000, { grade: "very good", clarity: "SI2" }, 0],
  ];
  it.each(rows)("%s", async (_, usd, grading, expected) => {
    expect(await sent("purchase", [item("natural-diamond", usd, grading)], "ga4")).toBe(expected);
  });

  it("a halved lab diamond: 5,000 USD colour K is 1,006.50, the rules reading diamonds only (a setting is whole)", async () => {
    expect(await sent("purchase", [item("lab-diamond", 5000, { color: "K" })], "ga4")).toBe(1006.5);
    expect(await sent("purchase", [item("setting", 300, { grade: "Good" })], "ga4")).toBe(118.8);
    expect(await sent("purchase", [item("bracelet", 1000)], "ga4")).toBe(160);
  });
});

describe("value arithmetic", () => {
  it("rounds once to whole cents, half up, and never below 0 or above the cap", () => {
    expect([finalCents(987.5), finalCents(987.4999999999), finalCents(-3), finalCents(Number.NaN), finalCents(1e12)]).toEqual([988, 988, 0, 0, 750000]);
  });
  it("clamps the dynamic ads multiplier to 0.3–2 (not a number: 1)", () => {
    expect([0, 0.3, 1, 2, 5, Number.NaN, null].map(clampDynamicAdsMultiplier)).toEqual([0.3, 0.3, 1, 2, 2, 1, 1]);
  });
});
