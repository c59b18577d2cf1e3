import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import type { CartView } from "#shared/cart/schemas.ts";
import { call, postJson, type ErrorBody } from "../helpers";
import { type DiamondFix, type Intent, diamonds, jewelry, one, ringSettings, variantsOf, visitor } from "./cart-helpers";
import { percentOf } from "#shared/money.ts";

describe("cart: the whole cart model over POST/GET /api/cart", () => {
  it("starts empty with the §9 defaults and a private answer", async () => {
    const v = await visitor();
    const res = await call("/api/cart", { headers: { cookie: v.cookie } });
    expect(res.headers.get("cache-control")).toContain("private");
    const cart = (await res.json()) as CartView;
    expect(cart).toMatchObject({
      Kind: "empty",
      Total: 0,
      Subtotal: 0,
      EngagementRings: [],
      WeddingBands: [],
      PaymentMethod: "paypal",
      freeStudsTreshold: 998,
      PromoCode: null,
      LockedPrices: [],
    });
  });

  it("keeps the other half of the ring when a diamond or a setting is added, priced from the catalogue", async () => {
    const v = await visitor();
    const [d] = await diamonds();
    const [s] = await ringSettings();
    await v.ok({ type: "add-item", variantId: s!.vid });
    const cart = await v.ok({ type: "add-diamond", diamondId: d!.id });
    expect(cart.Kind).toBe("complete-ring");
    expect(cart.EngagementRings[0]!.setting).toMatchObject({ productId: s!.id, variantId: s!.vid, unitPrice: s!.price_cents, status: "available" });
    expect(cart.EngagementRings[0]!.diamond).toMatchObject({ productId: d!.id, unitPrice: d!.price_cents });
    expect(cart.Subtotal).toBe(s!.price_cents + d!.price_cents);
    expect(cart.RingSizeError).toBe("Choose a ring size");
    // A price from the client is not part of any intent.
    const cheat = await v.send({ type: "add-diamond", diamondId: d!.id, price: 1 });
    expect(cheat.status).toBe(400);
  });

  it("clears the ring size when the setting changes, not when only its metal does", async () => {
    const v = await visitor();
    const rings = await ringSettings();
    const a = rings[0]!;
    const b = rings.find((r) => r.id !== a.id)!;
    const metals = await variantsOf(a.id);
    await v.ok({ type: "add-item", variantId: a.vid });
    expect((await v.ok({ type: "set-ring-size", ringSize: 6.5 })).RingSize).toBe(6.5);
    const otherMetal = metals.find((m) => m.id !== a.vid)!;
    const recoloured = await v.ok({ type: "update", lineId: "setting", variantId: otherMetal.id });
    expect(recoloured).toMatchObject({ RingSize: 6.5, RingSizeError: null });
    expect(recoloured.EngagementRings[0]!.setting!.variantId).toBe(otherMetal.id);
    const changed = await v.ok({ type: "add-item", variantId: b.vid });
    expect(changed).toMatchObject({ RingSize: null, RingSizeError: "Choose a ring size" });
    expect((await v.send({ type: "set-ring-size", ringSize: 6.3 })).status).toBe(400);
  });

  it("knows the matching band (the first band, when it is the ring's matching band) and clears its size when it changes", async () => {
    const v = await visitor();
    const [ring] = await ringSettings();
    const bandMetals = await variantsOf(ring!.matching_band_id);
    await v.ok({ type: "add-item", variantId: ring!.vid });
    let cart = await v.ok({ type: "add-item", variantId: bandMetals[0]!.id, size: 7 });
    const band = cart.WeddingBands[0]!;
    expect(band).toMatchObject({ isMatchingBand: true, size: 7, productId: ring!.matching_band_id });
    expect(cart.Kind).toBe("bridal-set");
    cart = await v.ok({ type: "update", lineId: band.lineId, variantId: bandMetals[1]!.id });
    expect(cart.WeddingBands[0]).toMatchObject({ variantId: bandMetals[1]!.id, size: null, isMatchingBand: true });
    expect(cart.BandSizeErrors[band.lineId]).toBe("Choose a band size");
  });

  it("removing either half clears the pair; removing both empties the ring list; clearing resets everything", async () => {
    const v = await visitor();
    const paired = (await diamonds()).find((d) => d.paired_diamond_id !== null);
    const withPair =
      paired ??
      (await one<DiamondFix>(
        "SELECT id, price_cents, paired_diamond_id, is_lab_grown FROM diamonds WHERE is_sold = 0 AND paired_diamond_id IS NOT NULL LIMIT 1",
      ))!;
    const [s] = await ringSettings();
    await v.ok({ type: "add-item", variantId: s!.vid });
    let cart = await v.ok({ type: "add-diamond", diamondId: withPair.id, pairId: withPair.paired_diamond_id! });
    expect(cart.PairedDiamond).toMatchObject({ productId: withPair.paired_diamond_id });
    cart = await v.ok({ type: "remove", lineId: "setting" });
    expect(cart.PairedDiamond).toBeNull();
    expect(cart.EngagementRings).toHaveLength(1);
    cart = await v.ok({ type: "remove", lineId: "diamond" });
    expect(cart.EngagementRings).toEqual([]);
    await v.ok({ type: "add-diamond", diamondId: withPair.id });
    await v.ok({ type: "apply-promo", code: "NOPE" });
    await v.ok({ type: "set-instructions", instructions: "Gift wrap please" });
    cart = await v.ok({ type: "clear" });
    expect(cart).toMatchObject({
      Kind: "empty",
      Subtotal: 0,
      Total: 0,
      PromoCode: null,
      InvalidDiscountMessage: null,
      Instructions: "",
      EngagementRings: [],
      PairedDiamond: null,
      Engravings: [],
      ActiveCarePlans: [],
      ShippingAddress: null,
    });
    // A wrong pair is refused.
    expect(
      (
        await v.send({
          type: "add-diamond",
          diamondId: withPair.id,
          pairId: withPair.id + 1 === withPair.paired_diamond_id ? withPair.id + 2 : withPair.id + 1,
        })
      ).status,
    ).toBeGreaterThanOrEqual(400);
  });

  it("keeps one engraving per item (replaced), only on the ring or a band", async () => {
    const v = await visitor();
    const [s] = await ringSettings();
    await v.ok({ type: "add-item", variantId: s!.vid });
    await v.ok({ type: "set-engraving", parentItemId: "setting", text: "Forever", fontName: "script" });
    const cart = await v.ok({ type: "set-engraving", parentItemId: "setting", text: "Always", fontName: "block" });
    expect(cart.Engravings).toEqual([{ parentItemId: "setting", text: "Always", fontName: "block" }]);
    expect((await v.send({ type: "set-engraving", parentItemId: "wb999", text: "x", fontName: "block" })).status).toBe(404);
    expect((await v.send({ type: "set-engraving", parentItemId: "setting", text: "x".repeat(25), fontName: "block" })).status).toBe(400);
    const removed = await v.ok({ type: "remove", lineId: "setting" });
    expect(removed.Engravings).toEqual([]);
  });

  it("quotes care plans per product and reconciles chosen plans with the latest quotes", async () => {
    const v = await visitor();
    const [d] = await diamonds();
    await v.ok({ type: "add-diamond", diamondId: d!.id });
    const res = await v.quote();
    expect(res.status).toBe(200);
    const { quotes } = (await res.json()) as {
      quotes: { productId: string; quotes: { applicablePlanDuration: number; cost: number; planSku: string; planRetailPrice: number }[] }[];
    };
    expect(quotes[0]!.productId).toBe("diamond");
    expect(quotes[0]!.quotes.map((q) => q.applicablePlanDuration)).toEqual([12, 36, 60]);
    for (const q of quotes[0]!.quotes) expect(q.planRetailPrice).toBeGreaterThan(q.cost);
    const chosen = await v.ok({ type: "choose-care-plan", productId: "diamond", applicablePlanDuration: 36 });
    expect(chosen.ActiveCarePlans).toEqual([{ productId: "diamond", ...quotes[0]!.quotes[1]! }]);
    expect(chosen.CarePlansTotal).toBe(quotes[0]!.quotes[1]!.cost);
    expect(chosen.Total).toBe(chosen.Subtotal + chosen.CarePlansTotal);
    // The product goes: its plan has no quote any more and is dropped.
    expect((await v.ok({ type: "remove", lineId: "diamond" })).ActiveCarePlans).toEqual([]);
    expect((await v.send({ type: "choose-care-plan", productId: "diamond", applicablePlanDuration: 36 })).status).toBe(404);
  });

  it("applies promo codes: percentage by category, amount with a minimum, and says why a code gives nothing", async () => {
    const now = Date.now();
    const day = 86_400_000;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT OR REPLACE INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at) VALUES ('TSET30', '30% off settings', 0, ?, ?)",
      ).bind(now - day, now + day),
      env.DB.prepare(
        "INSERT OR REPLACE INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at) VALUES ('TBIG', '$250 off $1,000,000', 100000000, ?, ?)",
      ).bind(now - day, now + day),
      env.DB.prepare("INSERT OR REPLACE INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at) VALUES ('TOLD', 'ended', 0, ?, ?)").bind(
        now - 3 * day,
        now - day,
      ),
      env.DB.prepare("DELETE FROM promotion_rules WHERE code IN ('TSET30', 'TBIG', 'TOLD')"),
      env.DB.prepare(
        "INSERT INTO promotion_rules (code, category, kind, value) VALUES ('TSET30', 'settings', 'percent', 30), ('TBIG', NULL, 'amount', 25000), ('TOLD', NULL, 'percent', 50)",
      ),
    ]);
    const v = await visitor();
    const [d] = await diamonds();
    await v.ok({ type: "add-diamond", diamondId: d!.id });
    let cart = await v.ok({ type: "apply-promo", code: "tset30" });
    expect(cart).toMatchObject({ PromoCode: "TSET30", Discount: 0, InvalidDiscountMessage: "Promo code TSET30 applies to settings only" });
    const [s] = await ringSettings();
    cart = await v.ok({ type: "add-item", variantId: s!.vid });
    expect(cart.Discount).toBe(percentOf(s!.price_cents, 30));
    expect(cart.InvalidDiscountMessage).toBeNull();
    expect(cart.Discounts).toEqual([{ code: "TSET30", description: "30% off settings", amount: percentOf(s!.price_cents, 30) }]);
    expect(cart.Total).toBe(cart.Subtotal - cart.Discount);
    cart = await v.ok({ type: "apply-promo", code: "TBIG" });
    expect(cart).toMatchObject({ PromoCode: "TBIG", Discount: 0, InvalidDiscountMessage: "Promo code TBIG needs a subtotal of at least $1,000,000" });
    cart = await v.ok({ type: "apply-promo", code: "TOLD" });
    expect(cart).toMatchObject({ PromoCode: null, Discount: 0, InvalidDiscountMessage: "Promo code TOLD has expired" });
    cart = await v.ok({ type: "apply-promo", code: "NOSUCH" });
    expect(cart).toMatchObject({ PromoCode: null, InvalidDiscountMessage: "Promo code NOSUCH is not valid" });
    // The item-level lookup (§7 get-valid-promotion-code) finds the settings code for a setting.
    const promo = (await (await call(`/api/settings/get-valid-promotion-code/${s!.id}`)).json()) as {
      data: { data: { promoCode: string; amount: number } | null };
    };
    expect(promo.data.data).toMatchObject({ promoCode: "TSET30" });
    expect(promo.data.data!.amount).toBeGreaterThan(0);
    expect((await call("/api/get-valid-promotion-code/999999999")).status).toBe(404);
  });

  it("flags a sold or missing item on its line instead of dropping it, and counts nothing for it", async () => {
    const v = await visitor();
    const ds = await diamonds();
    const d = ds[30]!;
    await v.ok({ type: "add-diamond", diamondId: d.id });
    await env.DB.prepare("UPDATE diamonds SET is_sold = 1 WHERE id = ?").bind(d.id).run();
    try {
      await v.quote(); // reads the catalogue afresh
      const cart = await v.get();
      expect(cart.EngagementRings[0]!.diamond).toMatchObject({ productId: d.id, status: "sold", total: 0 });
      expect(cart.Subtotal).toBe(0);
      // Adding a sold diamond is refused (409) and changes nothing.
      const other = await visitor();
      expect((await other.send({ type: "add-diamond", diamondId: d.id })).status).toBe(409);
      expect((await other.get()).Revision).toBe(0);
    } finally {
      await env.DB.prepare("UPDATE diamonds SET is_sold = 0 WHERE id = ?").bind(d.id).run();
    }
  });

  it("prices an add from catalogue facts read in the last 30 s, and a refresh reads the catalogue afresh for every cart", async () => {
    const item = (await jewelry("Bracelet", 12))[11];
    const a = await visitor();
    const b = await visitor();
    expect((await a.ok({ type: "add-item", variantId: item!.vid })).FineJewelry[0]!.unitPrice).toBe(item!.price_cents);
    await env.DB.prepare("UPDATE setting_variants SET price_cents = price_cents + 5000 WHERE id = ?").bind(item!.vid).run();
    try {
      // Within 30 s of A's add, B's add is priced from the same read (no D1 round trip on the add path).
      expect((await b.ok({ type: "add-item", variantId: item!.vid })).FineJewelry[0]!.unitPrice).toBe(item!.price_cents);
      // A refresh (here: care-plan quotes) reads D1 afresh, and later adds take the new price too.
      const quoted = (await (await a.quote()).json()) as { cart: CartView };
      expect(quoted.cart.FineJewelry[0]!.unitPrice).toBe(item!.price_cents + 5000);
      const c = await visitor();
      expect((await c.ok({ type: "add-item", variantId: item!.vid })).FineJewelry[0]!.unitPrice).toBe(item!.price_cents + 5000);
    } finally {
      await env.DB.prepare("UPDATE setting_variants SET price_cents = price_cents - 5000 WHERE id = ?").bind(item!.vid).run();
    }
  });

  it("estimates tax from the shipping state, copies billing from shipping, and shows the wire price", async () => {
    const v = await visitor();
    const [d] = await diamonds();
    await v.ok({ type: "add-diamond", diamondId: d!.id });
    const address = { name: "Ada Shopper", line1: "1 Market St", city: "San Francisco", state: "ca", postalCode: "94105", countryCode: "us" };
    const cart = await v.ok({ type: "set-addresses", shippingAddress: address, billingSameAsShipping: true });
    expect(cart.ShippingAddress).toMatchObject({ state: "CA", countryCode: "US" });
    expect(cart.BillingAddress).toEqual(cart.ShippingAddress);
    expect(cart.Tax).toBe(percentOf(cart.Total, 7.25));
    expect(cart.WireTotal).toBe(cart.Total - percentOf(cart.Total, 2));
    expect(cart.TotalWithTax).toBe(cart.Total + cart.Tax);
    const bad = await v.send({ type: "set-addresses", shippingAddress: { ...address, countryCode: "USA" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.details?.[0]?.path).toContain("countryCode");
  });

  it("estimates tax for the visitor's location until the shopper picks a state or gives a shipping address", async () => {
    const v = await visitor();
    const [d] = await diamonds();
    await v.ok({ type: "add-diamond", diamondId: d!.id });
    const from = (cf: Record<string, unknown>) => async (intent?: Intent) => {
      const init = { headers: { cookie: v.cookie, "content-type": "application/json" }, cf };
      const res = intent ? await call("/api/cart", { ...init, method: "POST", body: JSON.stringify(intent) }) : await call("/api/cart", init);
      return { status: res.status, body: (await res.json()) as CartView & ErrorBody };
    };
    const texas = from({ country: "US", regionCode: "TX", city: "Austin", postalCode: "78701" });
    let cart = (await texas()).body;
    expect(cart.Location).toEqual({ countryCode: "US", regionCode: "TX", city: "Austin", postalCode: "78701" });
    expect(cart.TaxRegion).toEqual({ countryCode: "US", state: "TX", source: "location" });
    expect(cart.Tax).toBe(percentOf(cart.Total, 6.25));
    expect(cart.TotalWithTax).toBe(cart.Total + cart.Tax);
    // The same cart seen from abroad: no US sales tax.
    expect((await from({ country: "GB", regionCode: "ENG" })()).body).toMatchObject({ TaxRegion: { countryCode: "GB", source: "location" }, Tax: 0 });
    // The shopper's choice beats the location…
    cart = (await texas({ type: "set-tax-region", taxRegion: { countryCode: "us", state: "ny" } })).body;
    expect(cart.TaxRegion).toEqual({ countryCode: "US", state: "NY", source: "chosen" });
    expect(cart.Tax).toBe(percentOf(cart.Total, 4));
    // …and the shipping address beats both.
    const address = { name: "Ada Shopper", line1: "1 Market St", city: "San Francisco", state: "CA", postalCode: "94105", countryCode: "US" };
    cart = (await texas({ type: "set-addresses", shippingAddress: address })).body;
    expect(cart.TaxRegion).toEqual({ countryCode: "US", state: "CA", source: "shipping" });
    expect(cart.Tax).toBe(percentOf(cart.Total, 7.25));
    await texas({ type: "set-addresses", shippingAddress: null });
    cart = (await texas({ type: "set-tax-region", taxRegion: null })).body;
    expect(cart.TaxRegion).toMatchObject({ state: "TX", source: "location" });
    // A state that is not one: 400 with the field, cart unchanged.
    const bad = await texas({ type: "set-tax-region", taxRegion: { countryCode: "US", state: "ZZ" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.[0]?.path).toBe("taxRegion.state");
    expect((await texas()).body.Revision).toBe(cart.Revision);
  });

  it("refuses invalid intents, unknown ids, other content types and oversized bodies without changing the cart", async () => {
    const v = await visitor();
    const [d] = await diamonds();
    const before = await v.ok({ type: "add-diamond", diamondId: d!.id });
    const refused: [Intent | string, number][] = [
      [{ type: "fly" }, 400],
      [{ type: "add-diamond" }, 400],
      [{ type: "add-diamond", diamondId: "12" }, 400],
      [{ type: "add-diamond", diamondId: -1 }, 400],
      [{ type: "update", lineId: "wb1; DROP TABLE", quantity: 1 }, 400],
      [{ type: "update", lineId: "wb1", quantity: 100 }, 400],
      [{ type: "add-diamond", diamondId: 999_999_999 }, 404],
      [{ type: "add-item", variantId: 999_999_999 }, 404],
      [{ type: "remove", lineId: "wb77" }, 404],
      [{ type: "restore", link: "https://evil.example/cart/1" }, 400],
      ["{not json", 400],
      ["[1,2]", 400],
    ];
    for (const [intent, status] of refused) {
      const res = await v.send(intent);
      expect(res.status, JSON.stringify(intent)).toBe(status);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.message).toBeTruthy();
      expect((await v.get()).Revision, JSON.stringify(intent)).toBe(before.Revision);
    }
    const text = await call("/api/cart", {
      method: "POST",
      headers: { cookie: v.cookie, "content-type": "text/plain" },
      body: JSON.stringify({ type: "clear" }),
    });
    expect(text.status).toBe(415);
    const big = await postJson("/api/cart", { type: "set-instructions", instructions: "x".repeat(70_000) }, { cookie: v.cookie });
    expect(big.status).toBe(413);
    const after = await v.get();
    expect(after.Revision).toBe(before.Revision);
    expect(after.Subtotal).toBe(before.Subtotal);
  });

  it("gives a shareable link that rebuilds the same cart for another visitor", async () => {
    const v = await visitor();
    const [d] = await diamonds();
    const [ring] = await ringSettings();
    const [band] = await variantsOf(ring!.matching_band_id);
    const [necklace] = await jewelry("Necklace");
    await v.ok({ type: "add-item", variantId: ring!.vid });
    await v.ok({ type: "add-diamond", diamondId: d!.id });
    await v.ok({ type: "add-item", variantId: band!.id });
    const cart = await v.ok({ type: "add-item", variantId: necklace!.vid, quantity: 2 });
    expect(cart.CartLink).toBe(
      `/cart/${ring!.id}/${ring!.vid}/${d!.id}?wb=${encodeURIComponent(`[${band!.id}]`)}&fj=${encodeURIComponent(`[${necklace!.vid},${necklace!.vid}]`)}`,
    );
    const other = await visitor();
    const rebuilt = await other.ok({ type: "restore", link: cart.CartLink });
    expect(rebuilt.CartLink).toBe(cart.CartLink);
    expect(rebuilt.Subtotal).toBe(cart.Subtotal);
    expect(rebuilt.FineJewelry[0]!.quantity).toBe(2);
    // Only bands or jewellery: a 0 holds the diamond's place; only a setting: the setting's page.
    const bands = await visitor();
    expect((await bands.ok({ type: "add-item", variantId: band!.id })).CartLink).toBe(`/cart/0?wb=${encodeURIComponent(`[${band!.id}]`)}`);
    const settingOnly = await visitor();
    expect((await settingOnly.ok({ type: "add-item", variantId: ring!.vid })).CartLink).toBe(`/setting/${ring!.id}/${ring!.metal}`);
  });

  it("loses none of 500 simultaneous adds", { timeout: 60_000 }, async () => {
    const v = await visitor();
    const items = [...(await jewelry("Necklace", 8)), ...(await jewelry("Bracelet", 8))];
    expect(items.length).toBeGreaterThanOrEqual(10);
    const picks = Array.from({ length: 500 }, (_, i) => items[i % items.length]!);
    const answers = await Promise.all(picks.map((it) => v.send({ type: "add-item", variantId: it.vid })));
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const cart = await v.get();
    const byVariant = new Map(cart.FineJewelry.map((l) => [l.variantId, l.quantity]));
    for (const it of items) expect(byVariant.get(it.vid)).toBe(picks.filter((p) => p.vid === it.vid).length);
    expect(cart.FineJewelry.reduce((a, l) => a + l.quantity, 0)).toBe(500);
    expect(cart.Revision).toBe(500);
  });
});
