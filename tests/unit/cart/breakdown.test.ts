/**
 * One money rule (docs/decisions/059-one-money-rule.md): for random carts — items at any cents, quantities,
 * free studs, care plans, engravings, ring sizes, promotions, price locks, a tax region, every payment method
 * (the bank-wire price) — the breakdown a page shows adds up, as displayed, to the total it shows, and the
 * order drafted from it collects exactly that total and shows the same breakdown.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartBreakdown, cartOrderLines, orderBreakdown, rowAmount, type Breakdown } from "#shared/cart/breakdown.ts";
import { emptyCart, PAYMENT_METHODS, type CartState, type PriceLock, type Product, type VariantPart } from "#shared/cart/model.ts";
import { cartLink } from "#shared/cart/link.ts";
import { applyChange, type CartChange } from "#shared/cart/rules.ts";
import { STATE_SALES_TAX_PERCENT } from "#shared/cart/tax.ts";
import { cartView } from "#shared/cart/view.ts";
import { percentOf } from "#shared/money.ts";
import { formatCents } from "#shared/cents.ts";

const NOW = Date.UTC(2026, 10, 20, 12);
const STATES = Object.keys(STATE_SALES_TAX_PERCENT);

/** Reads a displayed amount back: "$1,234.56" → 123456, "−$5.00" → -500, "Free"/"Included"/"At checkout" → 0. */
function shown(text: string): number {
  const m = /^([−-])?\$([\d,]+)\.(\d\d)$/.exec(text);
  if (!m) {
    expect(["Free", "Included", "At checkout"]).toContain(text);
    return 0;
  }
  const cents = Number(m[2]!.replaceAll(",", "")) * 100 + Number(m[3]);
  return m[1] ? -cents : cents;
}

/** The displayed breakdown adds up: the lines to the subtotal, the rows to the total — reading the text a shopper reads. */
function expectAddsUp(b: Breakdown) {
  const lines = b.lines.reduce((a, l) => a + shown(formatCents(l.cents)), 0);
  const [subtotal, ...rest] = b.rows;
  expect(subtotal!.key).toBe("subtotal");
  expect(shown(rowAmount(subtotal!))).toBe(lines);
  expect(rest.reduce((a, r) => a + shown(rowAmount(r)), shown(rowAmount(subtotal!)))).toBe(shown(formatCents(b.totalCents)));
}

const product = (priceCents: number, category: Product["category"]): Product => ({
  name: `item ${priceCents}`,
  imageUrl: "/x.svg",
  url: "/x",
  priceCents,
  listPriceCents: null,
  category,
  status: "available",
});
const variant = (id: number, priceCents: number, category: Product["category"]): VariantPart => ({
  settingId: id,
  variantId: id * 1000 + 1,
  metal: 1,
  matchingBandId: null,
  product: product(priceCents, category),
});

const price = fc.integer({ min: 1, max: 3_000_000 });
const cartArb = fc.record({
  setting: fc.option(price, { nil: null }),
  diamond: fc.option(price, { nil: null }),
  pair: fc.option(price, { nil: null }),
  ringSize: fc.option(fc.constantFrom(4, 5.5, 6.25, 7, 9.75), { nil: null }),
  engraving: fc.option(fc.constantFrom("Always", "A & B 2026", "∞"), { nil: null }),
  items: fc.array(
    fc.record({ placement: fc.constantFrom("wedding-band", "pendant", "stud", "fine-jewelry" as const), price, quantity: fc.integer({ min: 1, max: 3 }) }),
    { maxLength: 4 },
  ),
  plans: fc.array(fc.constantFrom(12, 36, 60), { maxLength: 6 }),
  promo: fc.option(
    fc.record({
      kind: fc.constantFrom("percent", "amount" as const),
      percent: fc.integer({ min: 1, max: 60 }),
      amount: fc.integer({ min: 1, max: 200_000 }),
      category: fc.constantFrom([], ["settings"], ["natural-diamonds", "lab-diamonds"], ["jewelry", "wedding-bands"]),
    }),
    { nil: null },
  ),
  lockShare: fc.option(fc.integer({ min: 80, max: 99 }), { nil: null }),
  state: fc.option(fc.constantFrom(...STATES), { nil: null }),
  method: fc.constantFrom(...PAYMENT_METHODS),
});

type Drawn = typeof cartArb extends fc.Arbitrary<infer T> ? T : never;

function build(d: Drawn): { state: CartState; locks: PriceLock[] } {
  let s = emptyCart();
  const run = (c: CartChange) => {
    const r = applyChange(s, c);
    if (r.ok) s = r.state;
  };
  if (d.setting !== null) run({ type: "add-item", placement: "ring-setting", item: variant(7, d.setting, "settings"), size: d.ringSize, quantity: 1 });
  if (d.setting !== null && d.ringSize === null) run({ type: "set-ring-size-later", lineId: "setting" });
  if (d.diamond !== null)
    run({
      type: "add-diamond",
      diamond: { diamondId: 1_000_001, product: product(d.diamond, "natural-diamonds") },
      pair: d.pair === null ? null : { diamondId: 1_000_002, product: product(d.pair, "lab-diamonds") },
    });
  d.items.forEach((i, n) =>
    run({
      type: "add-item",
      placement: i.placement,
      item: variant(100 + n, i.price, i.placement === "wedding-band" ? "wedding-bands" : "jewelry"),
      size: null,
      quantity: i.quantity,
    }),
  );
  for (const l of s.weddingBands) run({ type: "update", lineId: l.lineId, size: 6 });
  if (d.engraving) run({ type: "set-engraving", parentItemId: "setting", text: d.engraving, fontName: "script" });
  s.carePlans.forEach((o, n) => {
    const months = d.plans[n];
    if (months) run({ type: "choose-care-plan", productId: o.productIds[0]!, applicablePlanDuration: months });
  });
  if (d.promo) {
    const rule = d.promo.kind === "percent" ? { kind: "percent" as const, value: d.promo.percent } : { kind: "amount" as const, value: d.promo.amount };
    const promo = {
      code: "SAVE",
      description: "A saving",
      rules: [{ ...rule, appliesTo: [...d.promo.category] }],
      minSubtotalCents: 0,
      startsAt: 0,
      endsAt: NOW * 2,
    };
    run({ type: "apply-promo", code: "SAVE", promo, rejection: null });
  }
  if (d.state) run({ type: "set-tax-region", taxRegion: { countryCode: "US", state: d.state } });
  run({ type: "set-payment-method", paymentMethod: d.method });
  // A price lock for these very items, below today's total.
  const before = cartView(s, [], NOW);
  const locks: PriceLock[] =
    d.lockShare !== null && before.Total > 0
      ? [{ id: "lock", totalCents: Math.floor((before.Total * d.lockShare) / 100), createdAt: NOW - 1000, expiresAt: NOW + 3600_000, cartLink: cartLink(s) }]
      : [];
  return { state: s, locks };
}

describe("one money rule", () => {
  it("percentOf: to the nearest cent, half a cent up, in integers", () => {
    expect(percentOf(100_001, 4)).toBe(4_000);
    expect(percentOf(100_013, 4)).toBe(4_001);
    expect(percentOf(1_000, 6.875)).toBe(69);
    expect(percentOf(1_050, 2)).toBe(21);
    expect(percentOf(25, 2)).toBe(1); // half a cent up
    expect(percentOf(24, 2)).toBe(0);
    expect(percentOf(9_007_199, 100)).toBe(9_007_199);
    expect(() => percentOf(-1, 2)).toThrow(RangeError);
    expect(() => percentOf(1.5, 2)).toThrow(RangeError);
  });

  it("formatCents: every amount to the cent, with thousands separators", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(116_130)).toBe("$1,161.30");
    expect(formatCents(-250_000)).toBe("-$2,500.00");
    expect(formatCents(1_000_000_001)).toBe("$10,000,000.01");
  });

  it("for random carts, the displayed breakdown sums to the displayed total, and the order collects and shows exactly that", () => {
    let checked = 0;
    fc.assert(
      fc.property(cartArb, (d) => {
        const { state, locks } = build(d);
        const cart = cartView(state, locks, NOW);
        const b = cartBreakdown(cart);
        expectAddsUp(b);
        // The total is the pricing's own: the card price and its tax, or the bank-wire price and its tax.
        const priced = cart.PaymentMethod === "wire" ? cart.WireTotal + (cart.TaxRegion ? cart.WireTax : 0) : cart.Total + (cart.TaxRegion ? cart.Tax : 0);
        expect(b.totalCents).toBe(priced);
        if (cart.TaxRegion) expect(b.totalCents).toBe(cart.PaymentMethod === "wire" ? cart.WireTotal + cart.WireTax : cart.TotalWithTax);
        // Every chosen care plan and engraving is on its line.
        const lines = cartOrderLines(cart);
        expect(lines.filter((l) => l.carePlan).length).toBe(cart.ActiveCarePlans.length);
        expect(lines.reduce((a, l) => a + (l.carePlan?.cost ?? 0), 0)).toBe(cart.CarePlansTotal);
        if (d.engraving && d.setting !== null) expect(b.lines.find((l) => l.lineId === "setting")!.details.join(" ")).toContain(d.engraving);
        // The order drafted from it (worker/cart/orders.ts): the amount the payment collects is the displayed total,
        // and the order's own breakdown (pages and email) shows the same rows and total.
        const wire = cart.PaymentMethod === "wire";
        const amountDue = b.totalCents;
        const tax = wire ? cart.WireTax : cart.Tax;
        const order = orderBreakdown({
          lines,
          discount: cart.Discount,
          carePlans: cart.CarePlansTotal,
          lockSavings: cart.LockSavings,
          wireSaving: wire ? Math.max(0, cart.Total + tax - amountDue) : 0,
          tax,
        });
        expectAddsUp(order);
        if (cart.TaxRegion) {
          expect(order.totalCents).toBe(amountDue);
          const amounts = (x: Breakdown) => x.rows.filter((r) => r.cents !== 0).map((r) => [r.key, r.cents]);
          expect(amounts(order)).toEqual(amounts(b).filter(([k]) => k !== "appraisal"));
          expect(order.lines).toEqual(b.lines);
        }
        checked++;
      }),
      { seed: 20_261_202, numRuns: 400 },
    );
    expect(checked).toBe(400);
  });
});
