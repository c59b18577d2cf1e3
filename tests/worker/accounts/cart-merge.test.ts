import { describe, expect, it } from "vitest";
import type { CartView } from "#shared/cart/schemas.ts";
import { call, postJson } from "../helpers";
import { diamonds, visitor } from "../cart/cart-helpers";
import { bearer, confirmedUser, freshIp, PASSWORD } from "./account-helpers";

async function cartWith(headers: Record<string, string>): Promise<CartView> {
  return (await (await call("/api/cart", { headers })).json()) as CartView;
}

describe("the cart on sign-in", () => {
  it("merges the visitor's cart into the customer's and follows them to another browser", async () => {
    const email = await confirmedUser("cart");
    const [d] = await diamonds();
    const browserA = await visitor();
    await browserA.ok({ type: "add-diamond", diamondId: d!.id });
    const login = await postJson("/api/accounts/login", { email, password: PASSWORD }, { cookie: browserA.cookie, "cf-connecting-ip": freshIp() });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { token: { data: string } }).token.data;
    // The visitor's own cart is now empty; the customer's holds the diamond.
    expect((await browserA.get()).EngagementRings).toEqual([]);
    const mine = await cartWith({ cookie: browserA.cookie, ...bearer(token) });
    expect(mine.EngagementRings).toHaveLength(1);
    expect(JSON.stringify(mine.EngagementRings[0]!.diamond)).toContain(String(d!.id));
    // Another browser (a new visitor) signed in as the same customer sees the same cart.
    const browserB = await visitor();
    // (Its promotions may differ: browser B may be in the other Promocode_Variation_Global group.)
    const theirs = await cartWith({ cookie: browserB.cookie, ...bearer(token) });
    expect(theirs.EngagementRings).toEqual(mine.EngagementRings);
    expect(theirs.Revision).toBe(mine.Revision);
    // Signed out, browser B has its own (empty) cart.
    expect((await browserB.get()).EngagementRings).toEqual([]);
  });
});
