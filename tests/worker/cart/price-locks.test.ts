import { describe, expect, it } from "vitest";
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { CartView, OrderDraft } from "#shared/cart/schemas.ts";
import { DAILY_LOCK_LIMIT_MESSAGE, PRICE_LOCK_MS } from "#shared/cart/model.ts";
import { call, type ErrorBody } from "../helpers";
import { diamonds, jewelry, one, ringSettings, visitor } from "./cart-helpers";

describe("price locks", () => {
  it("locks the total for 72 hours, answers the same lock for the same total, and honours it when prices rise", async () => {
    const v = await visitor();
    const [s] = await ringSettings();
    await v.ok({ type: "add-item", variantId: s!.vid });
    const first = await v.lock();
    expect(first.status).toBe(201);
    const { lock, cart } = (await first.json()) as { lock: { id: string; total: number; expiry: number; createdAt: number; cartLink: string }; cart: CartView };
    expect(lock.total).toBe(s!.price_cents);
    expect(lock.expiry - lock.createdAt).toBe(PRICE_LOCK_MS);
    expect(lock.cartLink).toBe(cart.CartLink);
    const again = await v.lock();
    expect(again.status).toBe(200);
    expect(((await again.json()) as { lock: { id: string } }).lock.id).toBe(lock.id);
    await env.DB.prepare("UPDATE setting_variants SET price_cents = price_cents + 5000 WHERE id = ?").bind(s!.vid).run();
    try {
      await v.quote(); // fresh catalogue prices
      const honoured = await v.get();
      expect(honoured.Subtotal).toBe(s!.price_cents + 5000);
      expect(honoured.LockedPrice?.id).toBe(lock.id);
      expect(honoured.LockSavings).toBe(5000);
      expect(honoured.Total).toBe(s!.price_cents);
    } finally {
      await env.DB.prepare("UPDATE setting_variants SET price_cents = price_cents - 5000 WHERE id = ?").bind(s!.vid).run();
    }
  });

  it("honours a price lock at checkout: the drafted order charges the locked total after prices rise", async () => {
    const v = await visitor();
    const [item, other] = (await jewelry("Bracelet", 14)).slice(12);
    await v.ok({ type: "add-item", variantId: item!.vid });
    const draft = () => call("/api/orders/draft", { method: "POST", headers: { cookie: v.cookie } });
    // Not ready yet: one detail per missing thing.
    const early = await draft();
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error.details?.map((d) => d.path)).toEqual(["shippingAddress", "shippingAddress.email"]);
    const address = {
      name: "Ada Shopper",
      line1: "1 Market St",
      city: "Austin",
      state: "TX",
      postalCode: "78701",
      countryCode: "US",
      email: "ada@example.com",
    };
    await v.ok({ type: "set-addresses", shippingAddress: address, billingSameAsShipping: true });
    const lock = (await (await v.lock()).json()) as { lock: { id: string; total: number } };
    expect(lock.lock.total).toBe(item!.price_cents);
    await env.DB.prepare("UPDATE setting_variants SET price_cents = price_cents + 5000 WHERE id = ?").bind(item!.vid).run();
    try {
      const first = await draft();
      expect(first.status).toBe(201);
      const { order, cart } = (await first.json()) as { order: OrderDraft; cart: CartView };
      expect(order).toMatchObject({
        status: "drafted",
        subtotal: item!.price_cents + 5000,
        lockSavings: 5000,
        priceLockId: lock.lock.id,
        total: item!.price_cents,
        email: "ada@example.com",
      });
      expect(order.tax).toBe(Math.ceil((item!.price_cents * 6.25) / 100));
      expect(order.totalWithTax).toBe(order.total + order.tax);
      expect(order.orderNumber).toMatch(/^LP\d{10}$/);
      expect(cart.OrderDrafted).toBe(order.orderNumber);
      // Drafting the same cart again (a double click) answers the same order.
      const again = await draft();
      expect(again.status).toBe(200);
      expect(((await again.json()) as { order: OrderDraft }).order.orderNumber).toBe(order.orderNumber);
      // A changed cart is a new order, and its lock (made for other items) no longer applies.
      const changed = await v.ok({ type: "add-item", variantId: other!.vid });
      expect(changed.OrderDrafted).toBeNull();
      const second = (await (await draft()).json()) as { order: OrderDraft };
      expect(second.order.orderNumber).not.toBe(order.orderNumber);
      expect(second.order).toMatchObject({ priceLockId: null, lockSavings: 0, total: item!.price_cents + 5000 + other!.price_cents });
      const stored = await one<{ n: number }>("SELECT COUNT(*) AS n FROM orders WHERE visitor_id = ?", v.visitorId);
      expect(stored!.n).toBe(2);
    } finally {
      await env.DB.prepare("UPDATE setting_variants SET price_cents = price_cents - 5000 WHERE id = ?").bind(item!.vid).run();
    }
  });

  it("refuses the fourth lock of a day with HTTP 429 and the exact message, and an empty cart with 409", async () => {
    const v = await visitor();
    const items = await jewelry("Bracelet", 5);
    for (let i = 0; i < 3; i++) {
      await v.ok({ type: "add-item", variantId: items[i]!.vid });
      expect((await v.lock()).status).toBe(201);
    }
    await v.ok({ type: "add-item", variantId: items[3]!.vid });
    const fourth = await v.lock();
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as ErrorBody).error).toEqual({ code: "rate_limited", message: DAILY_LOCK_LIMIT_MESSAGE });
    expect((await v.get()).LockedPrices).toHaveLength(3);
    const empty = await visitor();
    expect((await empty.lock()).status).toBe(409);
  });

  it("stores exactly one lock for 50 simultaneous requests on an unchanged cart", async () => {
    const v = await visitor();
    const [d] = await diamonds();
    await v.ok({ type: "add-diamond", diamondId: d!.id });
    const answers = await Promise.all(Array.from({ length: 50 }, () => v.lock()));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as { lock: { id: string } }).lock.id)));
    expect(ids.size).toBe(1);
    expect((await v.get()).LockedPrices).toHaveLength(1);
  });

  it("never stores more than 3 locks made today or 4 in all under 200 interleaved changes and locks; every refusal is the 429", async () => {
    const v = await visitor();
    const items = await jewelry("Necklace", 8);
    const [base] = await jewelry("Bracelet", 1);
    await v.ok({ type: "add-item", variantId: base!.vid });
    // An older lock (two days ago, still valid) so "4 in all" is reachable.
    await v.stub.lockPrice(null, Date.now() - 2 * 86_400_000);
    const requests = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0
        ? v.lock()
        : i % 4 === 1
          ? v.send({ type: "add-item", variantId: items[(i >> 2) % items.length]!.vid })
          : v.send({ type: "update", lineId: "fj1", quantity: 1 + ((i >> 2) % 5) }),
    );
    const answers = await Promise.all(requests);
    for (let i = 0; i < answers.length; i += 2) {
      const r = answers[i]!;
      expect([200, 201, 429]).toContain(r.status);
      if (r.status === 429) expect(((await r.json()) as ErrorBody).error.message).toBe(DAILY_LOCK_LIMIT_MESSAGE);
    }
    const { locks, madeToday } = await runInDurableObject(v.stub, (_o, state) => {
      const rows = state.storage.sql.exec<{ created_at: number }>("SELECT created_at FROM price_locks").toArray();
      const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
      return { locks: rows.length, madeToday: rows.filter((r) => r.created_at >= today).length };
    });
    expect(madeToday).toBeLessThanOrEqual(3);
    expect(locks).toBeLessThanOrEqual(4);
    expect(answers.filter((r, i) => i % 2 === 0 && r.status === 201).length).toBe(madeToday);
  });

  it("expires locks by an alarm set to the earliest expiry", async () => {
    const v = await visitor();
    const items = await jewelry("Pendant", 3);
    const now = Date.now();
    await v.ok({ type: "add-item", variantId: items[0]!.vid });
    // One lock that expires first (made 72 hours ago, less a minute), one made now.
    const soon = await v.stub.lockPrice(null, now - PRICE_LOCK_MS + 60_000);
    await v.ok({ type: "add-item", variantId: items[1]!.vid });
    const fresh = await v.stub.lockPrice(null, now);
    const alarmAt = () => runInDurableObject(v.stub, (_o, state) => state.storage.getAlarm());
    expect(await alarmAt()).toBe(soon.lock!.expiresAt);
    // The alarm fires when the first lock expires: the object's clock reads that time.
    await runInDurableObject(v.stub, (obj) => {
      obj.clock = () => soon.lock!.expiresAt;
    });
    await runDurableObjectAlarm(v.stub);
    const stored = await runInDurableObject(v.stub, (_o, state) => state.storage.sql.exec<{ id: string }>("SELECT id FROM price_locks").toArray());
    expect(stored.map((r) => r.id)).toEqual([fresh.lock!.id]);
    expect(await alarmAt()).toBe(fresh.lock!.expiresAt);
    expect((await v.get()).LockedPrices.map((l) => l.id)).toEqual([fresh.lock!.id]);
  });
});
