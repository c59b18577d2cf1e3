import { describe, expect, it } from "vitest";
import { env, runInDurableObject } from "cloudflare:test";
import type { CartObject } from "../../worker/cart/cart-object";

describe("CartObject (foundation)", () => {
  it("creates its versioned SQLite schema on first use", async () => {
    const stub = env.CART.get(env.CART.idFromName("visitor-schema-test")) as DurableObjectStub<CartObject>;
    expect(await stub.schemaVersion()).toBe(1);
    await runInDurableObject(stub, (_obj, state) => {
      const tables = state.storage.sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").toArray().map((r) => r.name);
      expect(tables).toEqual(expect.arrayContaining(["meta", "cart_items"]));
    });
  });
});
