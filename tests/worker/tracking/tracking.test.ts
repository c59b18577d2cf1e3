/**
 * The tracking calls (issue 23 point 2, producer side): events built from D1, the cart and the order, never
 * from the body; the consent gate; the ad-click cookie; purchase once per order.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { engineView } from "#shared/tracking/engine-view.ts";
import { ADDRESS } from "../orders/orders-helpers";
import type { ErrorBody } from "../helpers";
import { callAndWait, cookiesOf, recordingQueue, someDiamonds, trackedVisitor } from "./tracking-helpers";

const TARGETED = "?exc=One_Trust_Script&exv=1";
const NOT_TARGETED = "?exc=One_Trust_Script&exv=0";
const GRANTED = "loupe_consent=granted";
const DENIED = "loupe_consent=denied";
const PAGE = "https://loupe.test/diamond-search";

describe("the consent gate (One_Trust_Script, loupe_consent)", () => {
  it("queues nothing for a visitor the banner targets until they accept, never after 'denied'; a visitor it does not target is tracked", async () => {
    const cases: [string, string, boolean][] = [
      [TARGETED, "", false],
      [TARGETED, DENIED, false],
      [TARGETED, GRANTED, true],
      [NOT_TARGETED, "", true],
      [NOT_TARGETED, DENIED, false],
    ];
    const { lab } = await someDiamonds();
    for (const [query, consent, tracked] of cases) {
      const q = recordingQueue();
      const v = await trackedVisitor(q.queue, query, consent);
      const label = `${query} ${consent}`;
      const page = await v.post("/api/tracking/pageview", { url: PAGE });
      expect(page.status, label).toBe(202);
      expect(await page.json(), label).toEqual({ queued: tracked });
      const viewed = await v.post("/api/tracking/view-content", { product: "diamond", id: lab[0]!.id });
      expect(await viewed.json(), label).toEqual({ queued: tracked });
      expect((await v.post("/api/cart", { type: "add-diamond", diamondId: lab[0]!.id })).status).toBe(200);
      // The cart's own events (add_to_cart, the experiments' conversion) follow the same gate.
      expect(q.messages.map((m) => m.type).sort(), label).toEqual(tracked ? ["conversion", "conversion", "conversion", "page-view", "visitor-event"] : []);
    }
  });
});

describe("POST /api/tracking/pageview", () => {
  it("records date, url, referrer, the visitor's cookie id and the landing URL's utm_*, and a page_view event", async () => {
    const q = recordingQueue();
    const v = await trackedVisitor(q.queue, NOT_TARGETED);
    const res = await v.post("/api/tracking/pageview", {
      url: `${PAGE}?shape=round`,
      referrer: "https://search.example/?q=diamonds",
      landingUrl: "https://loupe.test/?utm_source=news&utm_medium=email&utm_campaign=spring&gclid=x",
    });
    expect(res.status).toBe(202);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const record = q.messages.find((m) => m.type === "page-view");
    expect(record).toEqual({
      type: "page-view",
      record: {
        at: expect.any(Number),
        url: `${PAGE}?shape=round`,
        referrer: "https://search.example/?q=diamonds",
        cookieId: v.visitorId,
        utm: { utm_source: "news", utm_medium: "email", utm_campaign: "spring" },
      },
    });
    const [event] = q.events("page_view");
    expect(event).toMatchObject({ event_source_url: `${PAGE}?shape=round`, action_source: "website", custom_data: { currency: "USD", value: 0 } });
  });

  it("refuses another site's page and malformed bodies (the error envelope), queuing nothing", async () => {
    const q = recordingQueue();
    const v = await trackedVisitor(q.queue, NOT_TARGETED);
    for (const body of [
      { url: "https://elsewhere.example/x" },
      { url: PAGE, landingUrl: "https://elsewhere.example/?utm_source=x" },
      { url: "not a url" },
      { url: PAGE, extra: 1 },
      {},
      "{oops",
    ]) {
      const res = await v.post("/api/tracking/pageview", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe("bad_request");
    }
    expect(q.messages).toEqual([]);
  });
});

describe("POST /api/tracking/view-content and /search", () => {
  it("builds view_content from the catalogue (the body names the diamond, nothing more); unknown products 404", async () => {
    const q = recordingQueue();
    const v = await trackedVisitor(q.queue, NOT_TARGETED);
    const d = await env.DB.prepare(
      "SELECT id, price_cents, is_lab_grown, paired_diamond_id FROM diamonds WHERE is_sold = 0 AND price_cents < 500000 ORDER BY id LIMIT 1",
    ).first<{
      id: number;
      price_cents: number;
      is_lab_grown: number;
      paired_diamond_id: number | null;
    }>();
    const res = await v.post("/api/tracking/view-content", { product: "diamond", id: d!.id, url: `https://loupe.test/diamond/${d!.id}` });
    expect(res.status).toBe(202);
    const [event] = q.events("view_content");
    expect(event!.event_source_url).toBe(`https://loupe.test/diamond/${d!.id}`);
    expect(event!.custom_data).toMatchObject({
      content_ids: [`diamond-${d!.id}`],
      currency: "USD",
      items: [{ priceCents: d!.price_cents, quantity: 1 }],
      diamond_origin: d!.is_lab_grown ? "lab" : "natural",
      diamond_type: d!.paired_diamond_id ? "paired-diamond" : "diamond",
    });
    // The value is the §9 rules' (shared/tracking/values.ts), from the catalogue's price.
    expect(event!.custom_data.value).toBeGreaterThan(0);
    expect(event!.custom_data.value).toBeLessThanOrEqual(7500);
    expect(event!.user_data.external_id).toMatch(/^[0-9a-f]{64}$/);
    // A value from the browser is refused, not believed.
    expect((await v.post("/api/tracking/view-content", { product: "diamond", id: d!.id, value: 1 })).status).toBe(400);
    const setting = await env.DB.prepare("SELECT id, name FROM settings ORDER BY id LIMIT 1").first<{ id: number; name: string }>();
    expect((await v.post("/api/tracking/view-content", { product: "setting", id: setting!.id })).status).toBe(202);
    expect(q.events("view_content")[1]!.custom_data.content_name).toBe(setting!.name);
    for (const product of ["diamond", "setting"]) {
      const missing = await v.post("/api/tracking/view-content", { product, id: 2_000_000_000 });
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as ErrorBody).error.code).toBe("not_found");
    }
    expect((await v.post("/api/tracking/view-content", { product: "ring", id: 1 })).status).toBe(400);
    expect(q.events("view_content")).toHaveLength(2);
  });

  it("search keeps the diamonds shown that exist, in order", async () => {
    const q = recordingQueue();
    const v = await trackedVisitor(q.queue, NOT_TARGETED);
    const { lab, natural } = await someDiamonds();
    const ids = [natural[0]!.id, 2_000_000_000, lab[0]!.id];
    expect((await v.post("/api/tracking/search", { query: " oval 1 carat ", resultIds: ids })).status).toBe(202);
    const [event] = q.events("search");
    expect(event!.custom_data).toMatchObject({ search_string: "oval 1 carat", result_ids: [`diamond-${natural[0]!.id}`, `diamond-${lab[0]!.id}`] });
    expect((await v.post("/api/tracking/search", { query: "x".repeat(201) })).status).toBe(400);
    expect((await v.post("/api/tracking/search", { query: "x", resultIds: Array.from({ length: 101 }, (_, i) => i + 1) })).status).toBe(400);
  });
});

describe("events the worker emits itself (cart, checkout)", () => {
  it("add_to_cart, remove_from_cart, add_shipping_info, add_shipping_info_user_data and initiate_checkout (once per order), from the cart", async () => {
    const q = recordingQueue();
    const v = await trackedVisitor(q.queue, NOT_TARGETED, GRANTED);
    const { lab } = await someDiamonds();
    const d = lab[1]!;
    expect((await v.post("/api/cart", { type: "add-diamond", diamondId: d.id })).status).toBe(200);
    const [add] = q.events("add_to_cart");
    expect(add!.event_id).toMatch(/^add_to_cart-[0-9a-f]{16}-\d+$/);
    expect(add!.event_id).not.toContain(v.visitorId);
    expect(add!.custom_data).toMatchObject({
      content_ids: [`diamond-${d.id}`],
      diamond_origin: "lab",
      items: [{ priceCents: d.price_cents, kind: "diamond" }],
    });
    expect((await v.post("/api/cart", { type: "remove", lineId: "diamond" })).status).toBe(200);
    const [removed] = q.events("remove_from_cart");
    expect(removed!.custom_data.content_ids).toEqual([`diamond-${d.id}`]);
    expect(removed!.event_id).not.toBe(add!.event_id);
    // A removal of what is not there is refused, and no event.
    expect((await v.post("/api/cart", { type: "remove", lineId: "diamond" })).status).toBe(404);
    expect(q.events("remove_from_cart")).toHaveLength(1);

    expect((await v.post("/api/cart", { type: "add-diamond", diamondId: d.id })).status).toBe(200);
    expect((await v.post("/api/cart", { type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true })).status).toBe(200);
    const [shipping] = q.events("add_shipping_info");
    const sha = async (s: string) =>
      [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)))].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(shipping!.user_data).toMatchObject({ em: await sha("ada@example.com"), zp: await sha("78701"), fn: await sha("ada"), ln: await sha("shopper") });
    expect((await v.post("/api/cart", { type: "set-contact", userEmail: "Ada@Example.com ", phoneNumber: "+1 (512) 555-0100" })).status).toBe(200);
    expect(q.events("add_shipping_info_user_data")[0]!.user_data).toMatchObject({ em: await sha("ada@example.com"), ph: await sha("15125550100") });

    expect((await v.post("/api/cart", { type: "set-payment-method", paymentMethod: "card" })).status).toBe(200);
    const drafts = await Promise.all([v.post("/api/orders/draft", {}), v.post("/api/orders/draft", {})]);
    expect(drafts.map((r) => r.status).sort()).toEqual([200, 201]);
    const [checkout] = q.events("initiate_checkout");
    expect(q.events("initiate_checkout")).toHaveLength(1);
    const { order } = (await drafts.find((r) => r.status === 201)!.json()) as { order: { orderNumber: string } };
    expect(checkout!.event_id).toBe(`initiate_checkout-${order.orderNumber}`);
    expect(q.messages.filter((m) => m.type === "visitor-event").map((m) => m.type === "visitor-event" && m.kind)).toEqual([
      "add-to-cart",
      "add-to-cart",
      "checkout",
    ]);
  });
});

describe("purchase", () => {
  /** A visitor's order placed with the embedded gateway and approved there (paid once its approval call is made). */
  async function approvedAtGateway(queue: Queue, consent = GRANTED, promoCode?: string) {
    const v = await trackedVisitor(queue, NOT_TARGETED, consent);
    // A stone no earlier order of this file holds or bought (a sold stone cannot be ordered again).
    const free = await env.DB.prepare(
      "SELECT id FROM diamonds WHERE is_lab_grown = ? AND is_sold = 0 AND id NOT IN (SELECT item_id FROM inventory_holds) ORDER BY id LIMIT 1",
    )
      .bind(promoCode ? 1 : 0)
      .first<{ id: number }>();
    for (const intent of [
      { type: "add-diamond", diamondId: free!.id },
      ...(promoCode ? [{ type: "apply-promo", code: promoCode }] : []),
      { type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true },
      { type: "set-payment-method", paymentMethod: "card" },
    ])
      expect((await v.post("/api/cart", intent)).status).toBe(200);
    const placed = (await (await v.post("/api/orders", {})).json()) as { order: { orderNumber: string }; payment: { approvalUrl: string } };
    const gateway = await callAndWait(`${new URL(placed.payment.approvalUrl).pathname}/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(gateway.status).toBe(303);
    return { v, orderNumber: placed.order.orderNumber, localId: new URL(placed.payment.approvalUrl).pathname.split("/").pop()! };
  }

  it("the approval that makes the order paid emits it; the page's POST afterwards shares its event id and queues nothing", async () => {
    const q = recordingQueue();
    const { v, orderNumber, localId } = await approvedAtGateway(q.queue);
    const approved = await v.send(`/api/orders/${orderNumber}/local/${localId}/approve`, { method: "PUT" });
    expect(((await approved.json()) as { outcome: string }).outcome).toBe("paid");
    const [purchase] = q.events("purchase");
    expect(purchase).toMatchObject({ event_id: `purchase-${orderNumber}`, custom_data: { order_id: orderNumber, diamond_origin: "natural", currency: "USD" } });
    expect(purchase!.user_data.em).toMatch(/^[0-9a-f]{64}$/);
    const again = await v.post("/api/tracking/purchase", { orderNumber });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ queued: false });
    expect(q.events("purchase")).toHaveLength(1);
  });

  it("carries the order's promo code: a PRICE-MATCH order is never sent to ShareASale, another one is", async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT OR REPLACE INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at) VALUES (?, 'test', 0, ?, ?)").bind(
        "PRICE-MATCH",
        now - 1e6,
        now + 1e8,
      ),
      env.DB.prepare("INSERT OR REPLACE INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at) VALUES (?, 'test', 0, ?, ?)").bind(
        "TWELCOME5",
        now - 1e6,
        now + 1e8,
      ),
      env.DB.prepare("DELETE FROM promotion_rules WHERE code IN ('PRICE-MATCH', 'TWELCOME5')"),
      env.DB.prepare("INSERT INTO promotion_rules (code, category, kind, value) VALUES ('PRICE-MATCH', NULL, 'percent', 5), ('TWELCOME5', NULL, 'percent', 5)"),
    ]);
    for (const [code, toShareASale] of [
      ["PRICE-MATCH", false],
      ["TWELCOME5", true],
    ] as const) {
      const q = recordingQueue();
      const { v, orderNumber, localId } = await approvedAtGateway(q.queue, GRANTED, code);
      await v.send(`/api/orders/${orderNumber}/local/${localId}/approve`, { method: "PUT" });
      const [purchase] = q.events("purchase");
      expect(purchase!.custom_data.promo_code).toBe(code);
      expect(engineView("shareasale", purchase!) !== null).toBe(toShareASale);
    }
  });

  it("20 concurrent posts for the shopper's paid order queue it once; another visitor's order is 404; an unpaid one 409", async () => {
    const q = recordingQueue();
    // Paid while the visitor had not consented yet (declined at first, then accepted): the approval sent nothing.
    const { v, orderNumber, localId } = await approvedAtGateway(q.queue, DENIED);
    await v.send(`/api/orders/${orderNumber}/local/${localId}/approve`, { method: "PUT" });
    expect(q.events("purchase")).toHaveLength(0);
    const granted = await trackedVisitor(q.queue, NOT_TARGETED, GRANTED);
    const asOwner = (body: unknown) =>
      callAndWait("/api/tracking/purchase", {
        method: "POST",
        headers: { cookie: `${v.cookie.replace(DENIED, GRANTED)}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        env: { TRACKING_QUEUE: q.queue },
      });
    const answers = await Promise.all(Array.from({ length: 20 }, () => asOwner({ orderNumber })));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { queued: boolean }[];
    expect(answers.every((r) => r.status === 202)).toBe(true);
    expect(bodies.filter((b) => b.queued)).toHaveLength(1);
    expect(q.events("purchase")).toHaveLength(1);

    const stranger = await granted.post("/api/tracking/purchase", { orderNumber });
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as ErrorBody).error.code).toBe("not_found");
    expect((await asOwner({ orderNumber: "LP0000000000" })).status).toBe(404);
    expect((await asOwner({ orderNumber: "12" })).status).toBe(400);

    const unpaid = await approvedAtGateway(q.queue);
    const notPaid = await unpaid.v.post("/api/tracking/purchase", { orderNumber: unpaid.orderNumber });
    expect(notPaid.status).toBe(409);
    expect(q.events("purchase")).toHaveLength(1);
  });
});

describe("the ad-click cookie (§5 fb.1.{13 digits}.{id}, §9 90 days)", () => {
  it("sets _fbc from a landing URL's fbclid, removes a malformed one, keeps a good one, and drops it when tracking is declined", async () => {
    const landed = await callAndWait("/diamond-search?fbclid=AbC_123-x");
    const set = landed.headers.getSetCookie().find((c) => c.startsWith("_fbc="));
    expect(set).toMatch(/^_fbc=fb\.1\.\d{13}\.AbC_123-x; Max-Age=7776000; Path=\//);
    const good = "fb.1.1700000000000.AbC";
    for (const [cookie, expected] of [
      [`_fbc=${good}`, undefined],
      ["_fbc=fb.1.170000000000.AbC", /^_fbc=; Max-Age=0/],
      ["_fbc=fb.2.1700000000000.AbC", /^_fbc=; Max-Age=0/],
      ["_fbc=garbage", /^_fbc=; Max-Age=0/],
      [`_fbc=${good}; loupe_consent=denied`, /^_fbc=; Max-Age=0/],
    ] as const) {
      const res = await callAndWait("/api/cart", { headers: { cookie } });
      const header = res.headers.getSetCookie().find((c) => c.startsWith("_fbc="));
      if (expected) expect(header, cookie).toMatch(expected);
      else expect(header, cookie).toBeUndefined();
    }
    // The same click again keeps the cookie's first time; a declined visitor gets none.
    expect((await callAndWait(`/?fbclid=AbC`, { headers: { cookie: `_fbc=${good}` } })).headers.getSetCookie().some((c) => c.startsWith("_fbc="))).toBe(false);
    expect((await callAndWait(`/?fbclid=AbC`, { headers: { cookie: DENIED } })).headers.getSetCookie().some((c) => c.startsWith("_fbc="))).toBe(false);
  });

  it("events carry a good cookie; savefbc keeps it for the email (hashed), getfbc answers it only for the shopper's own email", async () => {
    const q = recordingQueue();
    const fbc = "fb.1.1700000000123.ClickOne";
    const v = await trackedVisitor(q.queue, NOT_TARGETED, `${GRANTED}; _fbc=${fbc}`);
    const { lab } = await someDiamonds();
    await v.post("/api/tracking/view-content", { product: "diamond", id: lab[0]!.id });
    expect(q.events("view_content")[0]!.user_data.fbc).toBe(fbc);

    const email = `fbc-${crypto.randomUUID()}@example.com`;
    // Not the shopper's email (yet): nothing is told.
    expect(await (await v.send(`/api/tracking/getfbc?email=${encodeURIComponent(email)}`)).json()).toEqual({ fbc: null });
    expect((await v.post("/api/cart", { type: "set-contact", userEmail: email })).status).toBe(200);
    expect(await (await v.post("/api/tracking/savefbc", { email: email.toUpperCase() })).json()).toEqual({ saved: true });
    const stored = await env.DB.prepare("SELECT email_hash, fbc FROM ad_clicks WHERE fbc = ?").bind(fbc).all<{ email_hash: string }>();
    expect(stored.results.map((r) => r.email_hash)).not.toContain(email);
    // Another browser of the same shopper, with that email in its cart, finds the click.
    const other = await trackedVisitor(q.queue, NOT_TARGETED, GRANTED);
    expect((await other.post("/api/cart", { type: "set-contact", userEmail: email })).status).toBe(200);
    expect(await (await other.send(`/api/tracking/getfbc?email=${encodeURIComponent(email)}`)).json()).toEqual({ fbc });
    expect((await other.send("/api/tracking/getfbc?email=nope")).status).toBe(400);

    // No cookie, a malformed one, or no consent: nothing kept.
    expect(await (await other.post("/api/tracking/savefbc", { email })).json()).toEqual({ saved: false });
    const bad = await trackedVisitor(q.queue, NOT_TARGETED, `${GRANTED}; _fbc=fb.1.12.x`);
    expect(await (await bad.post("/api/tracking/savefbc", { email })).json()).toEqual({ saved: false });
    const declined = await trackedVisitor(q.queue, NOT_TARGETED, `${DENIED}; _fbc=${fbc}`);
    expect(await (await declined.post("/api/tracking/savefbc", { email })).json()).toEqual({ saved: false });
    expect(cookiesOf(await bad.send("/api/cart"))).toContain("_fbc=");
  });
});
