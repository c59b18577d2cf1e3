import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildEvent, buildEvents, NO_DIAMOND_TYPE_TITLE, purchaseEventId } from "#shared/tracking/build.ts";
import type { TrackedItem } from "#shared/tracking/event.ts";
import { CONTEXT, item, NOW } from "./fixtures";

const sha = (s: string): string => createHash("sha256").update(s, "utf8").digest("hex");
const purchase = (items: TrackedItem[], extra = {}) => buildEvents({ ...CONTEXT, name: "purchase", orderNumber: "L-1001", items, ...extra });

describe("the conversion event's fields (§7)", () => {
  it("a purchase carries its order number as event id, the time in seconds, the page, IP, agent and hashed user", async () => {
    const [event, ...rest] = await purchase([item("setting", 1500), item("lab-diamond", 3000)], {
      user: { em: " Shopper@Example.com ", ph: "(650) 555-1212", country: "US", external_id: "v-123" },
      promoCode: "SPRING",
    });
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      event_id: "purchase-L-1001",
      event_name: "purchase",
      event_time: Math.floor(NOW / 1000),
      event_source_url: CONTEXT.url,
      action_source: "website",
      client_ip_address: "203.0.113.7",
      client_user_agent: "Mozilla/5.0 test",
      user_data: { em: sha("shopper@example.com"), ph: sha("16505551212"), country: sha("us"), external_id: sha("v-123") },
      custom_data: {
        content_category: "order",
        content_name: "Order L-1001",
        content_type: "product_group",
        currency: "USD",
        value: 2250,
        diamond_type: "diamond",
        diamond_origin: "lab",
        order_id: "L-1001",
        promo_code: "SPRING",
      },
    });
    expect(event!.custom_data.content_ids).toHaveLength(2);
  });

  it("the same purchase reported twice is the same event (engines de-duplicate it by event_id)", async () => {
    const items = [item("lab-diamond", 5000)];
    const first = await purchase(items);
    const again = await purchase(items);
    expect(again).toEqual(first);
    expect(first[0]!.event_id).toBe(purchaseEventId("L-1001"));
  });

  it("other events take the browser tag's id when given, else one derived from what happened", async () => {
    const items = [item("lab-diamond", 5000)];
    const given = await buildEvent({ ...CONTEXT, name: "add_to_cart", items, eventId: "tag-42" });
    expect(given.event_id).toBe("tag-42");
    const a = await buildEvent({ ...CONTEXT, name: "add_to_cart", items, user: { external_id: "v1" } });
    const b = await buildEvent({ ...CONTEXT, name: "add_to_cart", items, user: { external_id: "v1" } });
    const later = await buildEvent({ ...CONTEXT, now: NOW + 1000, name: "add_to_cart", items, user: { external_id: "v1" } });
    const other = await buildEvent({ ...CONTEXT, name: "add_to_cart", items, user: { external_id: "v2" } });
    expect(a.event_id).toMatch(/^add_to_cart-[0-9a-f]{24}$/);
    expect(b.event_id).toBe(a.event_id);
    expect(new Set([a.event_id, later.event_id, other.event_id]).size).toBe(3);
  });

  it("a diamond with a paired diamond is the event type paired-diamond (§4)", async () => {
    const pair = [item("lab-diamond", 1200), item("lab-diamond", 1200, { kind: "paired-diamond" })];
    const viewed = await buildEvent({ ...CONTEXT, name: "view_content", items: pair });
    expect(viewed.custom_data).toMatchObject({ diamond_type: "paired-diamond", diamond_origin: "lab", content_type: "product_group" });
    const single = await buildEvent({ ...CONTEXT, name: "view_content", items: [item("natural-diamond", 1200)] });
    expect(single.custom_data).toMatchObject({ diamond_type: "diamond", diamond_origin: "natural", content_type: "product" });
    const band = await buildEvent({ ...CONTEXT, name: "view_content", items: [item("wedding-band", 900)] });
    expect(band.custom_data).not.toHaveProperty("diamond_type");
    expect(band.custom_data).not.toHaveProperty("diamond_origin");
  });

  it("a search lists its query and results; a page view names its page; neither has a value", async () => {
    const ids = ["d1", "d2", "d3", "d4", "d5", "d6", "d7"];
    const search = await buildEvent({ ...CONTEXT, name: "search", query: "oval 1.5 ct", resultIds: ids });
    expect(search.custom_data).toMatchObject({ search_string: "oval 1.5 ct", result_ids: ids, content_ids: ids, content_name: "oval 1.5 ct", value: 0 });
    const page = await buildEvent({ ...CONTEXT, url: "https://loupe.example/diamonds?shape=oval#top", name: "page_view" });
    expect(page.custom_data).toMatchObject({ content_name: "/diamonds", content_category: "page", content_ids: [], value: 0 });
  });

  it("removing from the cart is sent with no value; checkout steps are worth 0.1 of the base value", async () => {
    const items = [item("setting", 1000)];
    const values = await Promise.all(
      (["remove_from_cart", "initiate_checkout", "add_shipping_info", "add_shipping_info_user_data"] as const).map(
        async (name) => (await buildEvent({ ...CONTEXT, name, items })).custom_data.value,
      ),
    );
    expect(values).toEqual([0, 47, 47, 47]);
  });
});

describe("'Purchase with no diamond_type' (§8)", () => {
  const rows: [string, TrackedItem[], boolean][] = [
    ["a lab diamond purchase", [item("lab-diamond", 5000)], false],
    ["a ring with a natural diamond", [item("setting", 900), item("natural-diamond", 4000)], false],
    ["jewellery alone, every line known", [item("wedding-band", 800), item("bracelet", 2000)], false],
    ["an order line from before kinds were kept", [item("other", 3000, { kind: null })], true],
    ["a diamond whose origin is unknown", [item("other", 3000, { kind: "diamond" })], true],
    ["a paired diamond whose origin is unknown", [item("lab-diamond", 2000), item("other", 2000, { kind: "paired-diamond" })], true],
    ["a purchase with no lines", [], true],
  ];
  it.each(rows)("%s: error event %s", async (_, items, expected) => {
    const events = await purchase(items);
    expect(events[0]!.event_name).toBe("purchase");
    expect(events.length).toBe(expected ? 2 : 1);
    if (!expected) return;
    expect(events[1]).toMatchObject({
      event_id: "purchase-L-1001-no-diamond-type",
      event_name: "error_message_shown",
      event_time: events[0]!.event_time,
      user_data: events[0]!.user_data,
      custom_data: { title: NO_DIAMOND_TYPE_TITLE, content_name: "Purchase with no diamond_type", value: 0, order_id: "L-1001", items: [] },
    });
  });

  it("buildEvent alone gives the purchase itself", async () => {
    expect((await buildEvent({ ...CONTEXT, name: "purchase", orderNumber: "L-9", items: [] })).event_name).toBe("purchase");
  });
});
