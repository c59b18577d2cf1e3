/** The cart's remembered-address rule (docs/decisions/064-pay-again-and-remembered-address.md): fills only an empty address. */
import { describe, expect, it } from "vitest";
import { type Address, emptyCart } from "#shared/cart/model.ts";
import { applyChange } from "#shared/cart/rules.ts";

const home: Address = {
  name: "Ada",
  line1: "1 Market St",
  apt: "",
  city: "Austin",
  state: "TX",
  postalCode: "78701",
  countryCode: "US",
  email: "a@example.com",
  phone: "",
};
const bank: Address = { ...home, line1: "9 Bank Row", city: "Dallas", postalCode: "75201", email: "" };

describe("remember-addresses", () => {
  it("fills a cart without an address as set-addresses would: shipping, and billing or the same", () => {
    const r = applyChange(emptyCart(), { type: "remember-addresses", shippingAddress: home, billingAddress: bank });
    expect(r.ok && r.state).toMatchObject({ shippingAddress: home, billingAddress: bank, billingSameAsShipping: false, revision: 1 });
    const same = applyChange(emptyCart(), { type: "remember-addresses", shippingAddress: home, billingAddress: null });
    expect(same.ok && same.state).toMatchObject({ shippingAddress: home, billingAddress: home, billingSameAsShipping: true });
  });

  it("leaves an address the shopper gave as it is, without a new revision", () => {
    const given = applyChange(emptyCart(), { type: "set-addresses", shippingAddress: bank, billingSameAsShipping: true });
    if (!given.ok) throw new Error(given.message);
    const r = applyChange(given.state, { type: "remember-addresses", shippingAddress: home, billingAddress: null });
    expect(r.ok && r.state).toBe(given.state);
  });
});
