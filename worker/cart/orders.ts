/**
 * Order drafts (§7 orders/draft): the `orders` table. Checkout drafts the order of the visitor's cart as it
 * is; payment and the order's later life come with the orders issue.
 */
import { cartBreakdown, cartOrderLines } from "#shared/cart/breakdown.ts";
import { checkoutProblems } from "#shared/cart/checkout.ts";
import type { CartLine, CartView, OrderDraft } from "#shared/cart/schemas.ts";
import { refused } from "#shared/refusal.ts";
import { refuseTaken } from "../orders/holds";
import type { OrderRow } from "../orders/store";
import { promoRefusal } from "../promotions/eligibility";
import { cartKeyOf, shopperCart, refreshed, view, type CartBindings, type Shopper } from "./service";

const orderOf = (r: OrderRow): OrderDraft => ({
  orderNumber: r.order_number,
  status: "drafted",
  createdAt: r.created_at,
  lines: JSON.parse(r.lines_json) as OrderDraft["lines"],
  subtotal: r.subtotal_cents,
  discount: r.discount_cents,
  carePlans: r.care_plans_cents,
  lockSavings: r.lock_savings_cents,
  priceLockId: r.price_lock_id,
  total: r.total_cents,
  tax: r.tax_cents,
  totalWithTax: r.total_cents + r.tax_cents,
  paymentMethod: r.payment_method as OrderDraft["paymentMethod"],
  email: r.email,
  shippingAddress: JSON.parse(r.shipping_json) as OrderDraft["shippingAddress"],
  cartLink: r.cart_link,
});

type Kind = "setting" | "diamond" | "paired-diamond" | "wedding-band" | "pendant" | "stud" | "fine-jewelry";

/** Each line of the cart with what it is: the order keeps it for availability, substitutes and ring sizes. */
function itemsOf(cart: CartView): { line: CartLine; kind: Kind; size: number | null; sizeRequired: boolean }[] {
  const ring = cart.EngagementRings[0];
  const out: ReturnType<typeof itemsOf> = [];
  if (ring?.setting) out.push({ line: ring.setting, kind: "setting", size: ring.RingSize, sizeRequired: true });
  if (ring?.diamond) out.push({ line: ring.diamond, kind: "diamond", size: null, sizeRequired: false });
  if (cart.PairedDiamond) out.push({ line: cart.PairedDiamond, kind: "paired-diamond", size: null, sizeRequired: false });
  for (const l of cart.WeddingBands) out.push({ line: l, kind: "wedding-band", size: l.size, sizeRequired: true });
  for (const l of cart.Pendants) out.push({ line: l, kind: "pendant", size: null, sizeRequired: false });
  for (const l of cart.Studs) out.push({ line: l, kind: "stud", size: null, sizeRequired: false });
  for (const l of cart.FineJewelry) out.push({ line: l, kind: "fine-jewelry", size: l.size, sizeRequired: false });
  return out;
}

const isStone = (kind: Kind) => kind === "diamond" || kind === "paired-diamond";

/**
 * The statement that stores one line of a new order (only with a new order: the statement before inserted a
 * row — the order, or the line before), with its retailer and the retailer's stock number read from the
 * catalogue: a stone's certificate number, an item's `S{setting}-{variant}`.
 */
function itemStatement(db: D1Database, orderNumber: string, item: ReturnType<typeof itemsOf>[number]): D1PreparedStatement {
  const { line, kind } = item;
  const common = [orderNumber, line.lineId, line.name, line.quantity, line.total, kind];
  if (isStone(kind))
    return db
      .prepare(
        `INSERT INTO order_items (order_number, line_id, name, quantity, total_cents, kind, diamond_id, retailer_id, sku, size, size_required)
         SELECT ?, ?, ?, ?, ?, ?, ?7, d.retailer_id, d.certificate_id, NULL, 0 FROM (SELECT 1) LEFT JOIN diamonds d ON d.id = ?7 WHERE changes() > 0`,
      )
      .bind(...common, line.productId);
  return db
    .prepare(
      `INSERT INTO order_items (order_number, line_id, name, quantity, total_cents, kind, setting_id, variant_id, retailer_id, sku, size, size_required)
       SELECT ?, ?, ?, ?, ?, ?, ?7, ?8, s.retailer_id, 'S' || ?7 || '-' || COALESCE(?8, 0), ?9, ?10 FROM (SELECT 1) LEFT JOIN settings s ON s.id = ?7 WHERE changes() > 0`,
    )
    .bind(...common, line.productId, line.variantId, item.size, item.sizeRequired ? 1 : 0);
}

/** A new order number: 'LP' and 10 random digits. */
function orderNumber(): string {
  const digits = crypto.getRandomValues(new Uint32Array(2));
  return `LP${String(digits[0]! % 100_000).padStart(5, "0")}${String(digits[1]! % 100_000).padStart(5, "0")}`;
}

/**
 * Drafts the order of the visitor's cart as it is now (checkout, §7 orders/draft): catalogue prices read
 * afresh, a valid price lock honoured, the tax for the shipping address. A cart that is not ready (§
 * checkoutProblems) answers 409 with each problem; the same cart revision drafted twice answers the same
 * order (201 the first time, 200 after).
 */
export async function draftOrder(env: CartBindings, who: Shopper, now = Date.now()): Promise<{ created: boolean; order: OrderDraft; cart: CartView }> {
  const stub = shopperCart(env, who);
  const cart = await view(env, who, await refreshed(env, stub, now), now);
  const problems = checkoutProblems(cart);
  if (problems.length) refused("conflict", "The order is not ready: " + problems.map((p) => p.message).join("; "), problems);
  const shipping = cart.ShippingAddress!;
  const cartKey = cartKeyOf(who);
  // A stone another shopper's order holds (or bought) cannot be ordered again (worker/orders/holds.ts).
  const items = itemsOf(cart);
  await refuseTaken(
    env,
    items.filter((i) => isStone(i.kind)).map((i) => i.line.productId),
    cartKey,
  );
  // The promo code's rules again (worker/promotions/eligibility.ts): the customer may have paid an order since it was applied.
  if (cart.PromoCode) {
    const customer = { userGuid: who.userGuid ?? null, emails: [shipping.email, cart.UserEmail] };
    const refusal = await promoRefusal(env.DB, cart.PromoCode, customer, { cartKey, revision: cart.Revision });
    if (refusal) refused("conflict", `${refusal}: remove it to place the order`, [{ path: "PromoCode", message: refusal }]);
  }
  // Each line with the shopper's choices (size, engraving, care plan); the payment collects the breakdown's total.
  const lines = cartOrderLines(cart);
  const number = orderNumber();
  // What the payment collects: the breakdown's total (the bank-wire price and its tax when paying by wire).
  const amountDue = cartBreakdown(cart).totalCents;
  const tax = cart.PaymentMethod === "wire" ? cart.WireTax : cart.Tax;
  const find = env.DB.prepare("SELECT * FROM orders WHERE cart_key = ? AND cart_revision = ?").bind(cartKey, cart.Revision);
  const results = await env.DB.batch<OrderRow>([
    env.DB.prepare(
      `INSERT INTO orders (order_number, visitor_id, cart_key, cart_revision, status, created_at, updated_at, email, payment_method, price_lock_id, subtotal_cents,
         discount_cents, care_plans_cents, lock_savings_cents, total_cents, tax_cents, amount_due_cents, cart_link, shipping_json, lines_json, promo_code, billing_json)
       VALUES (?, ?, ?, ?, 'drafted', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (cart_key, cart_revision) DO NOTHING`,
    ).bind(
      number,
      who.visitorId,
      cartKey,
      cart.Revision,
      now,
      now,
      shipping.email || cart.UserEmail!,
      cart.PaymentMethod,
      cart.LockedPrice?.id ?? null,
      cart.Subtotal,
      cart.Discount,
      cart.CarePlansTotal,
      cart.LockSavings,
      cart.Total,
      tax,
      amountDue,
      cart.CartLink,
      JSON.stringify(shipping),
      JSON.stringify(lines),
      cart.PromoCode,
      // The billing address when it differs from the shipping one (null: the same): a signed-in checkout fills it in next time.
      cart.BillingSameAsShipping || !cart.BillingAddress ? null : JSON.stringify(cart.BillingAddress),
    ),
    ...items.map((item) => itemStatement(env.DB, number, item)),
    find,
  ]);
  const inserted = results[0]!;
  const order = orderOf(results[results.length - 1]!.results[0]!);
  if ((inserted.meta.changes ?? 0) > 0) {
    who.converted?.("checkout");
    who.track?.({ kind: "drafted", orderNumber: order.orderNumber, cart });
  }
  const marked = await stub.apply([{ type: "order-drafted", orderNumber: order.orderNumber, revision: cart.Revision }], now);
  // A change that landed between the read and the mark: the order stands for the cart it was drafted from.
  return { created: (inserted.meta.changes ?? 0) > 0, order, cart: marked.ok ? await view(env, who, marked, now) : cart };
}
