/**
 * The TD account number lookup (orders/GetTdAccountNumber; docs/decisions/052-order-ownership.md) inside workerd:
 * only for a financing order the caller may act on — its key, or its own shopper — never for the order number
 * alone, another shopper, another customer or an operator (404, nothing counted); the number answered masked but
 * for its last 4 digits; limited per order, per signed-in customer and per client address, exactly under
 * concurrent tries.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TdAccountLookupResult } from "#shared/orders/td.ts";
import { orderKey, type OrderKeyBindings } from "#worker/orders/keys.ts";
import { LOCAL_TD_ACCOUNT } from "#worker/orders/td/local.ts";
import { bearer, confirmedUser, signIn } from "../accounts/account-helpers";
import { call } from "../helpers";
import { placedWith } from "../orders/orders-helpers";
import { financedOrder, tdApp } from "./td-control";
import { deployedBindings } from "../deployed-env";

let next = 0;
const ADMIN = { authorization: "Bearer test-admin-token" };
const CARDHOLDER = { lastName: "Byron", postalCode: "78701", ssnLast4: "4321" };
const randomIp = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A lookup for `orderNumber` with these headers (a cookie, a bearer token, none) from `ip`. */
function lookup(orderNumber: string, headers: Record<string, string>, ip = randomIp(), extra: Record<string, string> = {}, bindings = {}) {
  return call("/api/orders/GetTdAccountNumber", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip, ...headers },
    body: JSON.stringify({ orderNumber, ...CARDHOLDER, ...extra }),
    env: bindings,
  });
}

/** How many tries were counted for the order. */
async function counted(orderNumber: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM td_account_lookup_identities WHERE identity = ?")
    .bind(`order:${orderNumber}`)
    .first<{ n: number }>();
  return row!.n;
}

/** A financing order placed in its own browser (the embedded gateway is the lender; the stand-in answers lookups). */
async function financing(bindings = {}) {
  const o = await financedOrder(bindings, next++);
  const n = o.placed.order.orderNumber;
  return { ...o, n, owner: { cookie: o.cookie }, key: await orderKey(env as OrderKeyBindings, n) };
}

describe("who may look the account number up", () => {
  it("the order number alone, another shopper, another signed-in customer and an operator get 404, and nothing is counted", async () => {
    const o = await financing();
    const other = await financing();
    const token = await signIn(await confirmedUser("td-stranger"));
    for (const [who, headers] of [
      ["anonymous", {}],
      ["another shopper's browser", other.owner],
      ["another signed-in customer", bearer(token)],
      ["an operator", ADMIN],
    ] as const) {
      const res = await lookup(o.n, headers);
      expect(res.status, who).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code, who).toBe("not_found");
    }
    // A wrong key is no key.
    expect((await lookup(o.n, {}, randomIp(), { key: "A".repeat(22) })).status).toBe(404);
    expect(await counted(o.n)).toBe(0);
  });

  it("the order's own browser and the holder of its key get the number masked but for its last 4 digits", async () => {
    const o = await financing();
    const own = await lookup(o.n, o.owner);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toContain("no-store");
    const text = await own.text();
    expect(text).not.toContain(LOCAL_TD_ACCOUNT);
    expect(JSON.parse(text) as TdAccountLookupResult).toMatchObject({ accountNumber: "************4242" });
    const keyed = await lookup(o.n, {}, randomIp(), { key: o.key });
    expect(((await keyed.json()) as TdAccountLookupResult).accountNumber).toBe("************4242");
    // A miss answers the same shape.
    const miss = (await (await lookup(o.n, o.owner, randomIp(), { ssnLast4: "0000" })).json()) as TdAccountLookupResult;
    expect(Object.keys(miss).sort()).toEqual(["accountNumber", "message"]);
    expect(miss.accountNumber).toBeNull();
    expect(await counted(o.n)).toBe(3);
  });

  it("the signed-in customer whose order it is, from any browser", async () => {
    const o = await financing();
    const email = await confirmedUser("td-owner");
    const token = await signIn(email);
    expect(
      (
        await call("/api/orders/Save", {
          method: "POST",
          headers: { "content-type": "application/json", ...bearer(token) },
          body: JSON.stringify({ orderNumber: o.n, key: o.key }),
        })
      ).status,
    ).toBe(200);
    const res = await lookup(o.n, bearer(token));
    expect(res.status).toBe(200);
    expect(((await res.json()) as TdAccountLookupResult).accountNumber).toBe("************4242");
  });

  it("an order not paid by financing is not found, even to its own browser", async () => {
    const card = await placedWith({}, "card", next++);
    expect((await lookup(card.placed.order.orderNumber, { cookie: card.cookie })).status).toBe(404);
  });

  it("TD's answer is masked too: the whole number never leaves the server; with no lender at all it is 501", async () => {
    const app = await tdApp();
    await app.addCardholder({ ...CARDHOLDER, dateOfBirth: "1788-01-22", accountNumber: "6035321234567890" });
    const o = await financing(app.bindings);
    const res = await lookup(o.n, o.owner, randomIp(), {}, app.bindings);
    const text = await res.text();
    expect(text).not.toContain("6035321234567890");
    expect((JSON.parse(text) as TdAccountLookupResult).accountNumber).toBe("************7890");
    const byBirth = await lookup(o.n, o.owner, randomIp(), { ssnLast4: "", dateOfBirth: "1788-01-22" }, app.bindings);
    expect(((await byBirth.json()) as TdAccountLookupResult).accountNumber).toBe("************7890");
    // A deployed site with no lender: the order's key (signed under the deployment's secret) opens it, and the call is not implemented.
    const deployed = deployedBindings("production");
    expect((await lookup(o.n, {}, randomIp(), { key: await orderKey(deployed, o.n) }, deployed)).status).toBe(501);
  });
});

describe("the lookup's limits", () => {
  it("5 tries per order in 15 minutes, exactly, under 20 at once from 20 addresses; the rest wait (429, Retry-After)", async () => {
    const o = await financing();
    const answers = await Promise.all(Array.from({ length: 20 }, () => lookup(o.n, o.owner)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited).toHaveLength(15);
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(await counted(o.n)).toBe(5);
    // The key holder shares the order's limit.
    expect((await lookup(o.n, {}, randomIp(), { key: o.key })).status).toBe(429);
  });

  it("5 tries per signed-in customer across their orders, exactly, under 20 at once", async () => {
    const token = await signIn(await confirmedUser("td-many"));
    const orders = [await financing(), await financing()];
    for (const o of orders)
      expect(
        (
          await call("/api/orders/Save", {
            method: "POST",
            headers: { "content-type": "application/json", ...bearer(token) },
            body: JSON.stringify({ orderNumber: o.n, key: o.key }),
          })
        ).status,
      ).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => lookup(orders[i % 2]!.n, bearer(token))));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15);
  });

  it("10 tries per client address across orders, exactly, under 21 at once", async () => {
    const orders = [await financing(), await financing(), await financing()];
    const ip = randomIp();
    const answers = await Promise.all(Array.from({ length: 21 }, (_, i) => lookup(orders[i % 3]!.n, orders[i % 3]!.owner, ip)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(11);
  });
});
