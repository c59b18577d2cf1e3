import { describe, expect, it } from "vitest";
import { buildEvent, buildEvents } from "#shared/tracking/build.ts";
import { ENGINE_EVENTS, EVENT_CAPS, engineView, eventCapKey, eventsUnderCap } from "#shared/tracking/engine-view.ts";
import { ENGINES, TRACKING_EVENT_NAMES, type TrackedItem } from "#shared/tracking/event.ts";
import { CONTEXT, item, NOW } from "./fixtures";

const order = (items: TrackedItem[], promoCode: string | null = null) => buildEvent({ ...CONTEXT, name: "purchase", orderNumber: "L-2002", items, promoCode });

describe("ShareASale takes purchases only, without natural diamonds or the 'price match' code", () => {
  const rows: [string, TrackedItem[], string | null, number | null, number][] = [
    ["a lab diamond", [item("lab-diamond", 5000)], null, 5000, 1],
    ["a natural diamond alone: nothing left", [item("natural-diamond", 5000)], null, null, 0],
    ["a ring with a natural diamond: the setting only", [item("setting", 1500), item("natural-diamond", 3000)], null, 1500, 1],
    [
      "a natural pair and studs: the studs only",
      [item("natural-diamond", 900), item("natural-diamond", 900, { kind: "paired-diamond" }), item("earrings", 400)],
      null,
      400,
      1,
    ],
    ["promo code 'price match'", [item("lab-diamond", 5000)], "price match", null, 0],
    ["promo code ' Price  MATCH '", [item("lab-diamond", 5000)], " Price  MATCH ", null, 0],
    ["the cart's spelling PRICE-MATCH", [item("lab-diamond", 5000)], "PRICE-MATCH", null, 0],
    ["the cart's spelling PRICE_MATCH", [item("lab-diamond", 5000)], "PRICE_MATCH", null, 0],
    ["another promo code", [item("lab-diamond", 5000)], "PRICEMATCHING", 5000, 1],
  ];
  it.each(rows)("%s", async (_, items, promo, value, lines) => {
    const view = engineView("shareasale", await order(items, promo));
    expect(view?.value ?? null).toBe(value);
    expect(view?.items.length ?? 0).toBe(lines);
    expect(view?.items.some((i) => i.type === "natural-diamond") ?? false).toBe(false);
    // The ad engines still see the whole order.
    expect(engineView("meta", await order(items, promo))?.items.length).toBe(items.length);
  });

  it("is sent nothing but purchases", async () => {
    const items = [item("lab-diamond", 5000)];
    for (const name of ["view_content", "add_to_cart", "initiate_checkout"] as const)
      expect(engineView("shareasale", await buildEvent({ ...CONTEXT, name, items }))).toBeNull();
  });
});

describe("criteo's search lists at most the first 5 results", () => {
  const rows: [number, string[]][] = [
    [0, []],
    [3, ["a", "b", "c"]],
    [5, ["a", "b", "c", "d", "e"]],
    [7, ["a", "b", "c", "d", "e"]],
  ];
  it.each(rows)("%d results: criteo gets %j", async (count, expected) => {
    const resultIds = Array.from({ length: count }, (_, i) => "abcdefg"[i]!);
    const event = await buildEvent({ ...CONTEXT, name: "search", query: "round", resultIds });
    expect(engineView("criteo", event)?.content_ids).toEqual(expected);
    expect(engineView("meta", event)?.content_ids).toEqual(resultIds);
  });
});

describe("which engine takes which event", () => {
  it("GA4 takes every event, Meta all but the error event, Google Ads the conversions, ShareASale purchases", () => {
    expect(ENGINE_EVENTS.ga4).toEqual(TRACKING_EVENT_NAMES);
    expect(ENGINE_EVENTS.meta).toEqual(TRACKING_EVENT_NAMES.filter((n) => n !== "error_message_shown"));
    expect(ENGINE_EVENTS["google-ads"]).toEqual(["add_to_cart", "initiate_checkout", "add_shipping_info", "add_shipping_info_user_data", "purchase"]);
    expect(ENGINE_EVENTS.shareasale).toEqual(["purchase"]);
  });

  it("an engine is sent null for events it does not take, and the error event reaches GA4 only", async () => {
    const [, error] = await buildEvents({ ...CONTEXT, name: "purchase", orderNumber: "L-3", items: [] });
    expect(error?.event_name).toBe("error_message_shown");
    expect(ENGINES.filter((e) => engineView(e, error!) !== null)).toEqual(["ga4"]);
    const view = await buildEvent({ ...CONTEXT, name: "view_content", items: [item("lab-diamond", 1000)] });
    expect(ENGINES.filter((e) => engineView(e, view) === null)).toEqual(["google-ads", "shareasale"]);
  });
});

describe("event caps (10,000 per engine and event kind, 1e8 for the email marketing tool)", () => {
  it("counts per engine, event kind and UTC day", () => {
    expect(eventCapKey("meta", "purchase", NOW)).toBe("meta:purchase:2026-11-28");
    expect(eventCapKey("meta", "purchase", Date.UTC(2026, 10, 28, 23, 59, 59, 999))).toBe("meta:purchase:2026-11-28");
    expect(eventCapKey("meta", "purchase", Date.UTC(2026, 10, 29))).toBe("meta:purchase:2026-11-29");
    expect(eventCapKey("meta", "view_content", NOW)).not.toBe(eventCapKey("meta", "purchase", NOW));
  });
  const rows: [string, Parameters<typeof eventsUnderCap>, number][] = [
    ["the first event of the day", ["meta", 0], 1],
    ["the 10,000th", ["meta", 9_999], 1],
    ["the 10,001st", ["meta", 10_000], 0],
    ["a batch of 100 with 9,950 sent", ["criteo", 9_950, 100], 50],
    ["a batch past the cap", ["tiktok", 12_000, 10], 0],
    ["the email marketing tool at 10,000", ["email-marketing", 10_000, 100], 100],
    ["the email marketing tool at 1e8", ["email-marketing", 1e8, 1], 0],
  ];
  it.each(rows)("%s", (_, args, expected) => {
    expect(eventsUnderCap(...args)).toBe(expected);
  });
  it("every engine has a cap", () => {
    for (const e of ENGINES) expect(EVENT_CAPS[e]).toBe(10_000);
  });
});
