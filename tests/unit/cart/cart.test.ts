import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quotesFor, reconcileCarePlans } from "#shared/cart/care-plans.ts";
import { cartLink, formatCartLink, parseCartLink, sameItems, type CartLinkItems } from "#shared/cart/link.ts";
import { decideLock, honouredLock, utcDayStart } from "#shared/cart/locks.ts";
import { mergeCarts } from "#shared/cart/merge.ts";
import { emptyCart, PRICE_LOCK_MS, type CartState, type PriceLock, type Product, type VariantPart } from "#shared/cart/model.ts";
import { priceCart } from "#shared/cart/pricing.ts";
import { applyChange, cartKind, type CartChange } from "#shared/cart/rules.ts";
import { salesTaxCents } from "#shared/cart/tax.ts";
import { checkoutProblems } from "#shared/cart/checkout.ts";
import { cartView } from "#shared/cart/view.ts";

const product = (priceCents: number, category: Product["category"] = "jewelry"): Product => ({
  name: "x",
  imageUrl: "/x.svg",
  url: "/x",
  priceCents,
  listPriceCents: null,
  category,
  status: "available",
});
const variant = (
  settingId: number,
  variantId: number,
  priceCents: number,
  category: Product["category"] = "jewelry",
  matchingBandId: number | null = null,
): VariantPart => ({
  settingId,
  variantId,
  metal: 1,
  matchingBandId,
  product: product(priceCents, category),
});

function run(s: CartState, ...changes: CartChange[]): CartState {
  for (const c of changes) {
    const r = applyChange(s, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.message}`);
    s = r.state;
  }
  return s;
}

describe("cart links (§2)", () => {
  const ids = fc.array(fc.integer({ min: 1, max: 9_999_999 }), { maxLength: 6 });
  const items = fc.record({
    ring: fc.option(fc.tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 1, max: 99_999 })), { nil: null }),
    diamondId: fc.option(fc.integer({ min: 1, max: 9_999_999 }), { nil: null }),
    pairId: fc.option(fc.integer({ min: 1, max: 9_999_999 }), { nil: null }),
    bands: ids,
    jewelry: ids,
  });

  it("parses back to the same items it was formatted from", () => {
    fc.assert(
      fc.property(items, (i) => {
        const named: CartLinkItems = {
          settingId: i.ring?.[0] ?? null,
          variantId: i.ring?.[1] ?? null,
          diamondId: i.diamondId,
          pairId: i.pairId,
          bands: i.bands,
          jewelry: i.jewelry,
        };
        const link = formatCartLink(named);
        const url = new URL(link, "https://loupe.test");
        const parsed = parseCartLink(url.pathname.split("/").filter(Boolean).slice(1), url.searchParams);
        expect(parsed).not.toBeNull();
        expect(sameItems(parsed!, named)).toBe(true);
      }),
    );
  });

  it("appends 0 when only bands or jewellery are present and refuses malformed links", () => {
    expect(formatCartLink({ settingId: null, variantId: null, diamondId: null, pairId: null, bands: [7], jewelry: [9] })).toBe("/cart/0?wb=%5B7%5D&fj=%5B9%5D");
    const q = (s: string) => new URLSearchParams(s);
    expect(parseCartLink(["abc"], q(""))).toBeNull();
    expect(parseCartLink(["1", "2", "3", "4"], q(""))).toBeNull();
    expect(parseCartLink(["5"], q("wb=[1,-2]"))).toBeNull();
    expect(parseCartLink(["5"], q("wb=notjson"))).toBeNull();
    expect(parseCartLink(["5"], q("pairId=x"))).toBeNull();
  });

  it("links a cart holding only a setting to the setting's page", () => {
    const s = run(emptyCart(), {
      type: "add-item",
      placement: "ring-setting",
      item: { ...variant(12, 1201, 90_000, "settings"), metal: 3 },
      size: null,
      quantity: 1,
    });
    expect(cartLink(s)).toBe("/setting/12/3");
  });
});

describe("cart rules (§4)", () => {
  const diamond = (id: number, price = 500_000) => ({ diamondId: id, product: product(price, "natural-diamonds") });
  const ring = (settingId: number, variantId: number, band: number | null = null) => variant(settingId, variantId, 100_000, "settings", band);

  it("gives the page kind: loose diamond, complete ring, bridal set, necklace, earring setting", () => {
    let s = run(emptyCart(), { type: "add-diamond", diamond: diamond(1), pair: null });
    expect(cartKind(s)).toBe("loose-diamond");
    s = run(s, { type: "add-item", placement: "ring-setting", item: ring(10, 1001, 20), size: null, quantity: 1 });
    expect(cartKind(s)).toBe("complete-ring");
    s = run(s, { type: "add-item", placement: "wedding-band", item: variant(20, 2001, 50_000, "wedding-bands"), size: 6, quantity: 1 });
    expect(cartKind(s)).toBe("bridal-set");
    const necklace = run(
      emptyCart(),
      { type: "add-diamond", diamond: diamond(1), pair: null },
      { type: "add-item", placement: "pendant", item: variant(30, 3001, 40_000), size: null, quantity: 1 },
    );
    expect(cartKind(necklace)).toBe("necklace");
    const earrings = run(
      emptyCart(),
      { type: "add-diamond", diamond: diamond(1), pair: diamond(2) },
      { type: "add-item", placement: "stud", item: variant(40, 4001, 40_000), size: null, quantity: 1 },
    );
    expect(cartKind(earrings)).toBe("earring-setting");
  });

  it("reconciles care plans: a plan stays with a same-duration quote (at its new price) and goes without one", () => {
    const quotes = quotesFor(300_000);
    const plan = { productId: "diamond", ...quotes[1]! };
    expect(reconcileCarePlans([plan], [{ productIds: ["diamond"], quotes: quotesFor(600_000), activated: true }])).toEqual([
      { productId: "diamond", ...quotesFor(600_000)[1]! },
    ]);
    expect(reconcileCarePlans([plan], [{ productIds: ["diamond"], quotes: quotes.filter((q) => q.applicablePlanDuration !== 36), activated: true }])).toEqual(
      [],
    );
    expect(reconcileCarePlans([plan], [{ productIds: ["setting"], quotes, activated: false }])).toEqual([]);
  });

  it("merges on sign-in: the visitor's ring wins, the same item adds up, notes follow renamed lines", () => {
    const user = run(
      emptyCart(),
      { type: "add-diamond", diamond: diamond(1), pair: null },
      { type: "add-item", placement: "fine-jewelry", item: variant(50, 5001, 10_000), size: null, quantity: 2 },
    );
    const visitor = run(
      emptyCart(),
      { type: "add-diamond", diamond: diamond(9), pair: null },
      { type: "add-item", placement: "fine-jewelry", item: variant(50, 5001, 10_000), size: null, quantity: 1 },
      { type: "add-item", placement: "fine-jewelry", item: variant(51, 5101, 20_000), size: null, quantity: 1 },
      { type: "set-item-data", lineId: "fj2", data: { giftMessage: "For you" } },
    );
    const merged = mergeCarts(user, visitor);
    expect(merged.ring?.diamond?.diamondId).toBe(9);
    expect(merged.fineJewelry.map((l) => [l.variantId, l.quantity])).toEqual([
      [5001, 3],
      [5101, 1],
    ]);
    const renamed = merged.fineJewelry.find((l) => l.variantId === 5101)!.lineId;
    expect(merged.itemUserData[renamed]).toEqual({ giftMessage: "For you" });
    expect(merged.revision).toBeGreaterThan(Math.max(user.revision, visitor.revision));
  });
});

describe("cart pricing", () => {
  it("gives one pair of studs free once the rest reaches $998, and tells how far it is otherwise", () => {
    const studs = { type: "add-item", placement: "stud", item: variant(60, 6001, 30_000), size: null, quantity: 2 } as const;
    const small = run(emptyCart(), studs, { type: "add-item", placement: "fine-jewelry", item: variant(61, 6101, 99_700), size: null, quantity: 1 });
    expect(priceCart(small, [], 0).freeStuds).toEqual({ thresholdCents: 99_800, eligible: false, remainingCents: 100 });
    expect(priceCart(small, [], 0).totals.subtotalCents).toBe(99_700 + 60_000);
    const enough = run(emptyCart(), studs, { type: "add-item", placement: "fine-jewelry", item: variant(61, 6101, 99_800), size: null, quantity: 1 });
    const priced = priceCart(enough, [], 0);
    expect(priced.freeStuds.eligible).toBe(true);
    expect(priced.totals.subtotalCents).toBe(99_800 + 30_000);
    expect(priced.lines.find((l) => l.kind === "stud")).toMatchObject({ freeQuantity: 1, totalCents: 30_000 });
  });

  it("honours the lowest unexpired lock made for the same items, and only for them", () => {
    const s = run(emptyCart(), { type: "add-item", placement: "fine-jewelry", item: variant(70, 7001, 50_000), size: null, quantity: 1 });
    const link = cartLink(s);
    const lock = (total: number, expiresAt: number, cartLink = link): PriceLock => ({
      id: String(total),
      totalCents: total,
      createdAt: 0,
      expiresAt,
      cartLink,
    });
    const locks = [lock(45_000, 1000), lock(40_000, 10), lock(30_000, 1000, "/cart/0?fj=%5B1%5D")];
    expect(honouredLock(locks, link, 100)?.totalCents).toBe(45_000);
    const priced = priceCart(s, locks, 100);
    expect(priced.totals).toMatchObject({ totalBeforeLockCents: 50_000, lockSavingsCents: 5_000, totalCents: 45_000 });
    // A lock above today's price changes nothing.
    expect(priceCart(s, [lock(60_000, 1000)], 100).totals.totalCents).toBe(50_000);
  });

  it("estimates tax by the shipping state's rate, to the nearest cent (half a cent up), and none outside the US", () => {
    expect(salesTaxCents(100_000, "US", "CA")).toBe(7_250);
    expect(salesTaxCents(100_001, "US", "NY")).toBe(4_000); // $4,000.04
    expect(salesTaxCents(100_013, "US", "NY")).toBe(4_001); // $4,000.52
    expect(salesTaxCents(1_000, "US", "MN")).toBe(69); // 6.875 % of $10: 68.75 cents
    expect(salesTaxCents(100_000, "US", "OR")).toBe(0);
    expect(salesTaxCents(100_000, "CA", "ON")).toBe(0);
    expect(salesTaxCents(100_000, "US", null)).toBe(0);
  });
});

describe("price-lock rules", () => {
  const DAY = 86_400_000;
  const lock = (total: number, createdAt: number): PriceLock => ({
    id: String(total),
    totalCents: total,
    createdAt,
    expiresAt: createdAt + PRICE_LOCK_MS,
    cartLink: "/cart/1",
  });

  it("counts the UTC calendar day: a lock made at 23:59 UTC and one at 00:01 fall on two days", () => {
    const midnight = utcDayStart(Date.UTC(2026, 10, 21, 12));
    expect(midnight).toBe(Date.UTC(2026, 10, 21));
    const made = [midnight - 60_000, midnight - 120_000, midnight - 180_000];
    const stored = made.map((t, i) => lock(1000 + i, t));
    expect(decideLock(stored, made, 5000, midnight - 1000).action).toBe("daily-limit");
    expect(decideLock(stored, made, 5000, midnight + 60_000).action).toBe("add");
  });

  it("adds only a new total, below 4 stored and 3 a day; a stored total answers itself", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 5 * DAY })), { maxLength: 30 }), (steps) => {
        let stored: PriceLock[] = [];
        const made: number[] = [];
        let now = 0;
        for (const [total, dt] of steps) {
          now += dt;
          stored = stored.filter((l) => l.expiresAt > now);
          const d = decideLock(stored, made, total, now);
          const today = made.filter((t) => utcDayStart(t) === utcDayStart(now)).length;
          if (stored.some((l) => l.totalCents === total)) expect(d.action).toBe("existing");
          else if (today >= 3) expect(d.action).toBe("daily-limit");
          else if (stored.length >= 4) expect(d.action).toBe("stored-limit");
          else expect(d).toEqual({ action: "add", expiresAt: now + PRICE_LOCK_MS });
          if (d.action === "add") {
            stored.push(lock(total, now));
            made.push(now);
          }
          expect(stored.length).toBeLessThanOrEqual(4);
        }
      }),
    );
  });
});

describe("checkout readiness", () => {
  it("lists what the shopper still has to do: a ring size, a sold item, an address and email, a payment method PayPal can take", () => {
    const address = { name: "A", line1: "1 St", apt: "", city: "Austin", state: "TX", postalCode: "78701", countryCode: "US", email: "", phone: "" };
    let s = run(
      emptyCart(),
      { type: "add-item", placement: "ring-setting", item: variant(12, 1201, 1_200_000, "settings"), size: null, quantity: 1 },
      { type: "add-item", placement: "fine-jewelry", item: variant(30, 3001, 50_000), size: null, quantity: 1 },
    );
    expect(checkoutProblems(cartView(emptyCart(), [], 0))).toEqual([{ path: "cart", message: "Your cart is empty" }]);
    expect(checkoutProblems(cartView(s, [], 0)).map((p) => p.path)).toEqual(["ringSize", "shippingAddress", "shippingAddress.email", "paymentMethod"]);
    const line = s.fineJewelry[0]!;
    s = run(
      s,
      { type: "refresh", products: { v3001: { ...line.product, status: "sold" } }, at: 1 },
      { type: "set-ring-size", ringSize: 6.5 },
      { type: "set-addresses", shippingAddress: address },
      { type: "set-contact", userEmail: "a@example.com" },
    );
    expect(checkoutProblems(cartView(s, [], 0))).toEqual([
      { path: line.lineId, message: "Remove x: it is no longer available" },
      { path: "paymentMethod", message: "PayPal takes orders up to $10,000; choose another payment method" },
    ]);
    s = run(s, { type: "remove", lineId: line.lineId }, { type: "set-payment-method", paymentMethod: "wire" });
    expect(checkoutProblems(cartView(s, [], 0))).toEqual([]);
  });
});
