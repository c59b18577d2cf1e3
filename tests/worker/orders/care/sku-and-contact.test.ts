/**
 * A retailer's stone by its stock number (admin, or the order's retailer with its key), and the operator's
 * "contact the customer" flag (admin; recorded with who and when) — issue 22 point 4.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContactFlag, RetailerDiamond } from "#shared/orders/care.ts";
import { call, type ErrorBody } from "../../helpers";
import { ADMIN, answer, paidOrder, retailerOf, stoneWith, keyFor } from "./care-helpers";

const bySku = (n: string, body: Record<string, unknown>, headers: Record<string, string> = ADMIN) =>
  call(`/api/orders/get-retailer-diamond-by-sku/${n}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const flag = (n: string, value: string, headers: Record<string, string> = ADMIN) =>
  call(`/api/orders/set-contact-customer/${n}/${value}`, { method: "POST", headers });

describe("get-retailer-diamond-by-sku", () => {
  it("answers the order's stone by its certificate number with its facts and whether it can still be sold", async () => {
    const diamond = await stoneWith(() => true);
    const retailer = await retailerOf(diamond);
    const { n } = await paidOrder(diamond);
    const row = (await env.DB.prepare("SELECT certificate_id, price_cents, carat FROM diamonds WHERE id = ?").bind(diamond).first<{
      certificate_id: string;
      price_cents: number;
      carat: number;
    }>())!;
    const sku = (await env.DB.prepare("SELECT sku FROM order_items WHERE order_number = ? AND line_id = 'diamond'").bind(n).first<{ sku: string }>())!.sku;
    expect(sku).toBe(row.certificate_id);
    const res = await bySku(n, { sku });
    expect(res.status).toBe(200);
    const stone = (await res.json()) as RetailerDiamond;
    expect(stone).toMatchObject({
      diamondId: diamond,
      retailerId: retailer,
      sku,
      price: row.price_cents,
      carat: row.carat,
      available: true,
      inThisOrder: { lineId: "diamond", availability: "unconfirmed" },
    });
    expect(stone.name).toMatch(/^\d+\.\d\d ct /);
    // The retailer with its key gets the same; once it says unavailable, the stone is no longer available.
    await answer(n, [{ lineId: "diamond", available: false }], retailer);
    const mine = await bySku(n, { sku, retailerId: retailer, key: await keyFor(n, retailer) }, {});
    expect(mine.status).toBe(200);
    expect((await mine.json()) as RetailerDiamond).toMatchObject({ available: false, inThisOrder: { lineId: "diamond", availability: "unavailable" } });
  });

  it("is a 404 for an unknown stock number, another retailer's stone, a wrong key or no proof; bad input is a 400", async () => {
    const diamond = await stoneWith(() => true);
    const retailer = await retailerOf(diamond);
    const { n } = await paidOrder(diamond);
    const other = (await env.DB.prepare("SELECT certificate_id, retailer_id FROM diamonds WHERE retailer_id != ? LIMIT 1").bind(retailer).first<{
      certificate_id: string;
      retailer_id: number;
    }>())!;
    const key = await keyFor(n, retailer);
    expect((await bySku(n, { sku: "NO-SUCH-STOCK" })).status).toBe(404);
    // The admin looks among the order's retailers only; a retailer among its own stones only.
    expect((await bySku(n, { sku: other.certificate_id })).status).toBe(404);
    expect((await bySku(n, { sku: other.certificate_id, retailerId: retailer, key }, {})).status).toBe(404);
    expect((await bySku(n, { sku: other.certificate_id, retailerId: other.retailer_id, key }, {})).status).toBe(404);
    expect((await bySku(n, { sku: "x" }, {})).status).toBe(404);
    expect((await bySku("LP0000000003", { sku: "x" })).status).toBe(404);
    const bad = await bySku(n, { sku: "" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.details?.[0]?.path).toBe("sku");
  });
});

describe("set-contact-customer", () => {
  it("sets and clears the flag (true, false, 1, 0), recording each change with the operator", async () => {
    const { n } = await paidOrder(await stoneWith(() => true));
    const set = async (value: string) => (await (await flag(n, value, ADMIN)).json()) as ContactFlag;
    expect(await set("true")).toEqual({ orderNumber: n, contactCustomer: true, changed: true });
    expect(await set("1")).toEqual({ orderNumber: n, contactCustomer: true, changed: false });
    expect(await set("0")).toEqual({ orderNumber: n, contactCustomer: false, changed: true });
    expect(await set("false")).toEqual({ orderNumber: n, contactCustomer: false, changed: false });
    const { results } = await env.DB.prepare("SELECT action, actor, detail FROM order_actions WHERE order_number = ? ORDER BY id").bind(n).all();
    expect(results).toEqual([
      { action: "contact-customer", actor: "operator:local-admin", detail: '{"contactCustomer":true}' },
      { action: "contact-customer", actor: "operator:local-admin", detail: '{"contactCustomer":false}' },
    ]);
    // Ten at once set it once.
    const many = await Promise.all(Array.from({ length: 10 }, () => flag(n, "true")));
    const answers = (await Promise.all(many.map((r) => r.json()))) as ContactFlag[];
    expect(answers.filter((a) => a.changed)).toHaveLength(1);
    expect((await env.DB.prepare("SELECT contact_customer AS c FROM orders WHERE order_number = ?").bind(n).first<{ c: number }>())?.c).toBe(1);
  });

  it("needs the admin token (404 without), a known order and a flag", async () => {
    const { n } = await paidOrder(await stoneWith(() => true));
    expect((await flag(n, "true", {})).status).toBe(404);
    expect((await flag("LP0000000004", "true")).status).toBe(404);
    const bad = await flag(n, "yes");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.details?.[0]?.path).toBe("flag");
  });
});
