import { describe, expect, it } from "vitest";
import { runInDurableObject } from "cloudflare:test";
import { diamonds, jewelry, visitor } from "./cart-helpers";

describe("sign-in merge", () => {
  it("moves a visitor's cart into the user's: the visitor's ring wins, lines add up, the visitor cart empties", async () => {
    const visitorCart = await visitor();
    const userCart = await visitor();
    const [d] = await diamonds();
    const [necklace] = await jewelry("Necklace", 1);
    const [bracelet] = await jewelry("Bracelet", 1);
    await visitorCart.ok({ type: "add-diamond", diamondId: d!.id });
    await visitorCart.ok({ type: "add-item", variantId: necklace!.vid });
    await userCart.ok({ type: "add-item", variantId: necklace!.vid, quantity: 2 });
    await userCart.ok({ type: "add-item", variantId: bracelet!.vid });
    const taken = await visitorCart.stub.takeAll();
    await userCart.stub.mergeFrom(taken);
    const merged = await userCart.get();
    expect(merged.EngagementRings[0]!.diamond!.productId).toBe(d!.id);
    expect(merged.FineJewelry.map((l) => [l.variantId, l.quantity])).toEqual([
      [necklace!.vid, 3],
      [bracelet!.vid, 1],
    ]);
    expect((await visitorCart.get()).Kind).toBe("empty");
  });
});

describe("CartObject storage", () => {
  it("runs the versioned schema (v2: cart, price_locks, lock_log)", async () => {
    const v = await visitor();
    expect(await v.stub.schemaVersion()).toBe(2);
    await runInDurableObject(v.stub, (_obj, state) => {
      const tables = state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .toArray()
        .map((r) => r.name);
      expect(tables).toEqual(expect.arrayContaining(["meta", "cart", "price_locks", "lock_log"]));
      expect(tables).not.toContain("cart_items");
    });
  });
});
