/**
 * One money rule, end to end (docs/decisions/059-one-money-rule.md): a ring (setting with a size and an
 * engraving, a diamond with a care plan), a band, a percent promotion and Texas tax — the checkout page, the
 * order's success page and the confirmation email show the same lines and amounts, each breakdown's rows sum
 * to the total it shows, and the payment collected is that total. By bank wire too, with the wire saving.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { PaymentMethod } from "#shared/cart/model.ts";
import type { PlacedOrder } from "#shared/orders/schemas.ts";
import { outbox } from "../accounts/account-helpers";
import { ringSettings, visitor } from "../cart/cart-helpers";
import { call } from "../helpers";
import { ADDRESS, approveLocal, decideAtGateway, localIdOf } from "./orders-helpers";

const CODE = "SUMS15";

beforeAll(async () => {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT OR REPLACE INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at, once_per_customer) VALUES (?, '15% off', 0, ?, ?, 0)",
    ).bind(CODE, now - 86_400_000, now + 86_400_000),
    env.DB.prepare("DELETE FROM promotion_rules WHERE code = ?").bind(CODE),
    env.DB.prepare("INSERT INTO promotion_rules (code, category, kind, value) VALUES (?, NULL, 'percent', 15)").bind(CODE),
  ]);
});

/** "$1,234.56" → 123456, "−$5.00" → -500, "Free" / "Included" → 0. */
function cents(text: string): number {
  const t = text.trim();
  if (t === "Free" || t === "Included") return 0;
  const m = /^([−-])?\$([\d,]+)\.(\d\d)$/.exec(t);
  if (!m) throw new Error(`not an amount: ${JSON.stringify(t)}`);
  const n = Number(m[2]!.replaceAll(",", "")) * 100 + Number(m[3]);
  return m[1] ? -n : n;
}

const strip = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .trim();

/** The `<dt>label</dt><dd …>amount</dd>` pairs of the first `<dl>` inside the element with `className`, as shown. */
function shownRows(html: string, className: string): [string, string][] {
  const at = html.indexOf(`class="${className}"`);
  expect(at, className).toBeGreaterThan(-1);
  const dl = html.slice(html.indexOf("<dl", at), html.indexOf("</dl>", at));
  return [...dl.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>\s*<dd[^>]*>([\s\S]*?)<\/dd>/g)].map((m) => [strip(m[1]!), strip(m[2]!)]);
}

/** A shopper's cart: a ring with a size and an engraving, its diamond with a care plan, the matching band, the promotion, Texas. */
async function fullCart(method: PaymentMethod) {
  const v = await visitor();
  const [ring] = await ringSettings();
  const { results } = await env.DB.prepare("SELECT id FROM diamonds WHERE is_sold = 0 ORDER BY id DESC LIMIT 1 OFFSET ?")
    .bind(method === "wire" ? 1 : 0)
    .all<{ id: number }>();
  await v.ok({ type: "add-item", variantId: ring!.vid, size: 6.5 });
  await v.ok({ type: "add-diamond", diamondId: results[0]!.id });
  const band = await env.DB.prepare("SELECT id FROM setting_variants WHERE setting_id = ? AND is_sold = 0 ORDER BY id LIMIT 1")
    .bind(ring!.matching_band_id)
    .first<{ id: number }>();
  if (band) await v.ok({ type: "add-item", variantId: band.id, size: 7 });
  await v.ok({ type: "set-engraving", parentItemId: "setting", text: "Always & Forever", fontName: "script" });
  await v.ok({ type: "choose-care-plan", productId: "diamond", applicablePlanDuration: 36 });
  await v.ok({ type: "apply-promo", code: CODE });
  await v.ok({ type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true });
  const cart = await v.ok({ type: "set-payment-method", paymentMethod: method });
  return { v, cart, headers: { cookie: v.cookie } };
}

/** Checks a page's rows: they sum to the total it shows, and returns that total. */
function sumsTo(rows: [string, string][], totalLabel: string | RegExp): number {
  const totalAt = rows.findIndex(([label]) => (typeof totalLabel === "string" ? label === totalLabel : totalLabel.test(label)));
  expect(totalAt, `a ${totalLabel} row in ${JSON.stringify(rows)}`).toBeGreaterThan(0);
  const parts = rows.slice(0, totalAt).filter(([label]) => label !== "Total before tax");
  const total = cents(rows[totalAt]![1]);
  expect(parts.reduce((a, [, amount]) => a + cents(amount), 0)).toBe(total);
  return total;
}

async function placeAndPay(headers: Record<string, string>): Promise<PlacedOrder> {
  const res = await call("/api/orders", { method: "POST", headers });
  expect(res.status).toBe(201);
  const placed = (await res.json()) as PlacedOrder;
  await decideAtGateway(placed.payment.approvalUrl!, "approve");
  const approved = await approveLocal(placed.order.orderNumber, localIdOf(placed.payment.approvalUrl!));
  expect(approved.body.outcome).toBe("paid");
  return placed;
}

async function captured(orderNumber: string): Promise<number> {
  const { results } = await env.DB.prepare("SELECT amount_cents FROM payments WHERE order_number = ? AND status = 'captured'")
    .bind(orderNumber)
    .all<{ amount_cents: number }>();
  expect(results).toHaveLength(1);
  return results[0]!.amount_cents;
}

describe("the amounts a shopper reads add up, everywhere, to what is charged", () => {
  it("by card: checkout, success page and confirmation email show the same lines and a total their rows sum to, and that is what the payment collected", async () => {
    const { cart, headers } = await fullCart("card");
    expect(cart.Discount).toBeGreaterThan(0);
    expect(cart.CarePlansTotal).toBeGreaterThan(0);
    expect(cart.Tax).toBeGreaterThan(0);

    // Checkout: the lines with their choices, and the order summary summing to its total.
    const checkout = await (await call("/checkout", { headers })).text();
    const checkoutRows = shownRows(checkout, "cart-totals");
    expect(checkoutRows.map(([l]) => l)).toEqual(
      expect.arrayContaining(["Subtotal", `Promo ${CODE}`, "Care plans", "Independent appraisal", "Tax", "Shipping", "Total"]),
    );
    const checkoutTotal = sumsTo(checkoutRows, "Total");
    expect(checkoutTotal).toBe(cart.TotalWithTax);
    const checkoutText = strip(checkout);
    for (const detail of ["Size 6.5", "Engraving: “Always & Forever” (script)", "Loupe Care, 36 months: $"]) expect(checkoutText).toContain(detail);

    const placed = await placeAndPay(headers);
    const n = placed.order.orderNumber;
    expect(placed.order.amountDue).toBe(checkoutTotal);
    expect(await captured(n)).toBe(checkoutTotal);

    // The success page: the same lines and rows, "Paid" their sum.
    const success = await (await call(`/orders/${n}/success`, { headers })).text();
    const successRows = shownRows(success, "order-summary");
    expect(sumsTo(successRows, "Paid")).toBe(checkoutTotal);
    const successText = strip(success);
    for (const detail of [
      "Size 6.5",
      "Size 7",
      "Engraving: “Always & Forever” (script)",
      "Loupe Care, 36 months: $",
      "Ships to Ada Shopper, 1 Market St, Austin, TX 78701",
    ])
      expect(successText).toContain(detail);
    const amounts = (rows: [string, string][]) => rows.filter(([l]) => !["Total before tax", "Independent appraisal"].includes(l)).map(([, a]) => cents(a));
    expect(amounts(successRows)).toEqual(amounts(checkoutRows));

    // The confirmation email: the same lines, the same rows, "Amount" their sum; the address.
    const mail = (await outbox(ADDRESS.email)).find((m) => m.template === "order-confirmation" && m.data.orderNumber === n)!;
    expect(mail).toBeDefined();
    const shown = await call(`/dev/outbox/${mail.id}`);
    const text = strip(await shown.text());
    const emailRows = [...text.matchAll(/^(Subtotal|Discount|Care plans|Tax|Shipping|Amount): ([^\n(]+?)(?: \(tax included\))?$/gm)].map(
      (m) => [m[1]!, m[2]!] as [string, string],
    );
    expect(sumsTo(emailRows, "Amount")).toBe(checkoutTotal);
    expect(emailRows.slice(0, -1).map(([, a]) => cents(a))).toEqual(amounts(successRows).slice(0, -1));
    for (const detail of [
      "Size 6.5",
      "Engraving: “Always & Forever” (script)",
      "Loupe Care, 36 months: $",
      "Ships to: Ada Shopper, 1 Market St, Austin, TX 78701, US",
    ])
      expect(text).toContain(detail);
    for (const l of placed.order.lines) expect(text).toContain(`${l.quantity} × ${l.name}: $`);
  });

  it("by bank wire: the wire saving and the tax on the wire price are rows, and the sum is the amount to wire", async () => {
    const { cart, headers } = await fullCart("wire");
    const checkout = await (await call("/checkout", { headers })).text();
    const rows = shownRows(checkout, "cart-totals");
    expect(rows.map(([l]) => l)).toContain("Bank wire saving");
    const total = sumsTo(rows, "Total");
    expect(total).toBe(cart.WireTotal + cart.WireTax);
    const res = await call("/api/orders", { method: "POST", headers });
    expect(res.status).toBe(201);
    const placed = (await res.json()) as PlacedOrder;
    expect(placed.order.amountDue).toBe(total);
    expect(placed.order.tax).toBe(cart.WireTax);
    expect(placed.order.wireSaving).toBe(cart.Total - cart.WireTotal);
    const page = await (await call(`/orders/${placed.order.orderNumber}/success`, { headers })).text();
    expect(sumsTo(shownRows(page, "order-summary"), "Amount due")).toBe(total);
    const { results } = await env.DB.prepare("SELECT amount_cents FROM payments WHERE order_number = ?")
      .bind(placed.order.orderNumber)
      .all<{ amount_cents: number }>();
    expect(results.map((p) => p.amount_cents)).toEqual([total]);
    expect(strip(page)).toContain(`Wire ${strip(rows.at(-1)![1])} with the reference`);
  });
});
