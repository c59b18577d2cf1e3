import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildEvents } from "#shared/tracking/build.ts";
import { engineView } from "#shared/tracking/engine-view.ts";
import { ENGINES, PRODUCT_TYPES, type TrackedItem } from "#shared/tracking/event.ts";
import { CONTEXT } from "./fixtures";

const anItem: fc.Arbitrary<TrackedItem> = fc.record({
  id: fc.string({ minLength: 1, maxLength: 8 }),
  type: fc.constantFrom(...PRODUCT_TYPES),
  name: fc.string({ maxLength: 20 }),
  priceCents: fc.integer({ min: 0, max: 50_000_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
  kind: fc.constantFrom("diamond", "paired-diamond", "setting", "fine-jewelry", null, undefined),
  grade: fc.constantFrom("Good", "Very Good", "Excellent", null),
  color: fc.constantFrom("D", "K", null),
  clarity: fc.constantFrom("SI1", "SI2", "VS1", null),
});
const anEvent = fc.record({
  name: fc.constantFrom("view_content", "add_to_cart", "remove_from_cart", "initiate_checkout", "add_shipping_info", "purchase" as const),
  items: fc.array(anItem, { maxLength: 6 }),
  dynamic: fc.option(fc.double({ min: -5, max: 10, noNaN: true })),
  promo: fc.option(fc.constantFrom("price match", "PRICE MATCH", "SAVE10")),
});

type EventCase = typeof anEvent extends fc.Arbitrary<infer T> ? T : never;
const build = ({ name, items, dynamic, promo }: EventCase) =>
  buildEvents(
    name === "purchase"
      ? { ...CONTEXT, name, items, orderNumber: "L-1", promoCode: promo }
      : name === "view_content" || name === "add_to_cart"
        ? { ...CONTEXT, name, items, dynamicAdsMultiplier: dynamic }
        : { ...CONTEXT, name, items },
  );

describe("properties of every event and engine", () => {
  it("a value is never negative, never above 7,500 USD, and whole cents", async () => {
    await fc.assert(
      fc.asyncProperty(anEvent, async (input) => {
        for (const event of await build(input)) {
          const values = [event.custom_data.value, ...ENGINES.map((e) => engineView(e, event)?.value ?? 0)];
          for (const v of values) {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(7500);
            expect(Math.round(v * 100) / 100).toBe(v);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("ShareASale never hears of a natural diamond or a 'price match' order, and nothing but purchases", async () => {
    await fc.assert(
      fc.asyncProperty(anEvent, async (input) => {
        const [event] = await build(input);
        const view = engineView("shareasale", event!);
        if (view === null) return;
        expect(event!.event_name).toBe("purchase");
        expect(view.items.some((i) => i.type === "natural-diamond")).toBe(false);
        expect(view.items.length).toBeGreaterThan(0);
        expect(input.promo?.toLowerCase()).not.toBe("price match");
      }),
      { numRuns: 300 },
    );
  });

  it("Google Ads is sent 0.011 of what Meta is sent, to the cent, below the cap", async () => {
    await fc.assert(
      fc.asyncProperty(anEvent, async (input) => {
        const [event] = await build({ ...input, name: "purchase" });
        const meta = engineView("meta", event!)!.value;
        const google = engineView("google-ads", event!)!.value;
        if (meta < 7500) expect(Math.abs(google - Math.round(meta * 1.1) / 100)).toBeLessThanOrEqual(0.01);
        else expect(google).toBeGreaterThanOrEqual(82.5);
      }),
      { numRuns: 200 },
    );
  });
});
