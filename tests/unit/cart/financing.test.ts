/**
 * The cart's §3 financing fields (TdAccountNumber, TdCreditPlan, TdTransactionId; issue 22 point 3): set by the
 * server once TD's financing is captured, only the account number's last 4 digits kept, not a change of the
 * cart's contents, kept when the financed order's payment empties the cart, cleared with the cart.
 */
import { describe, expect, it } from "vitest";
import { emptyCart, type CartState, type Product } from "#shared/cart/model.ts";
import { applyChange, type CartChange } from "#shared/cart/rules.ts";
import { cartView } from "#shared/cart/view.ts";

const product: Product = {
  name: "x",
  imageUrl: "/x.svg",
  url: "/x",
  priceCents: 500_000,
  listPriceCents: null,
  category: "natural-diamonds",
  status: "available",
};

function run(s: CartState, ...changes: CartChange[]): CartState {
  for (const c of changes) {
    const r = applyChange(s, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.message}`);
    s = r.state;
  }
  return s;
}

const approved = (orderNumber: string, accountLast4: string | null): CartChange => ({
  type: "financing-approved",
  orderNumber,
  transactionId: "TL123",
  accountLast4,
  creditPlan: "PLAN12",
});

describe("the cart's financing fields", () => {
  const withDiamond = run(emptyCart(), { type: "add-diamond", diamond: { diamondId: 7, product }, pair: null });
  const drafted = run(withDiamond, { type: "order-drafted", orderNumber: "LP0000000001", revision: withDiamond.revision });

  it("keeps only the last 4 digits, whatever it is given, and is not a new revision", () => {
    const s = run(drafted, approved("LP0000000001", "6035 3200 0000 4242"));
    expect(s.revision).toBe(drafted.revision);
    expect(s.financing).toEqual({ orderNumber: "LP0000000001", accountLast4: "4242", creditPlan: "PLAN12", transactionId: "TL123" });
    expect(JSON.stringify(s)).not.toContain("603532");
    expect(cartView(s, [], 0)).toMatchObject({ TdAccountNumber: "4242", TdCreditPlan: "PLAN12", TdTransactionId: "TL123" });
    expect(cartView(emptyCart(), [], 0)).toMatchObject({ TdAccountNumber: null, TdCreditPlan: null, TdTransactionId: null });
  });

  it("survives the financed order's payment emptying the cart (in either order); clearing the cart clears it", () => {
    const paid = { type: "order-paid", orderNumber: "LP0000000001", paymentId: "pay_1", transactionId: "AU1", paymentMethodDescription: "financing" } as const;
    for (const s of [run(drafted, approved("LP0000000001", "4242"), paid), run(drafted, paid, approved("LP0000000001", "4242"))]) {
      expect(cartView(s, [], 0)).toMatchObject({ EngagementRings: [], TdAccountNumber: "4242", TdTransactionId: "TL123", PaymentId: "pay_1" });
      expect(run(s, { type: "clear" }).financing).toBeNull();
    }
    // Another order's payment leaves the financing of this one.
    expect(run(drafted, approved("LP0000000001", "4242"), { ...paid, orderNumber: "LP0000000002" }).financing?.orderNumber).toBe("LP0000000001");
  });
});
