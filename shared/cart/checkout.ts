/**
 * Whether a cart can become an order (checkout, §2/§3 Checkout state): what the shopper still has to do,
 * one message per problem with the field it concerns. Pure; the checkout page lists these and the worker
 * refuses `POST /api/orders/draft` with them.
 */
import { formatUsd } from "../money";
import { PAYPAL_MAX_CENTS } from "./model";
import type { CartLine, CartView } from "./schemas";

export interface CheckoutProblem {
  path: string;
  message: string;
}

/** Every line of the cart view, ring first. */
export function viewLines(cart: CartView): CartLine[] {
  const ring = cart.EngagementRings[0];
  return [ring?.setting, ring?.diamond, cart.PairedDiamond, ...cart.WeddingBands, ...cart.Pendants, ...cart.Studs, ...cart.FineJewelry].filter(
    (l): l is CartLine => !!l,
  );
}

export function checkoutProblems(cart: CartView): CheckoutProblem[] {
  const lines = viewLines(cart);
  if (lines.length === 0) return [{ path: "cart", message: "Your cart is empty" }];
  const out: CheckoutProblem[] = [];
  for (const l of lines) if (l.status !== "available") out.push({ path: l.lineId, message: `Remove ${l.name}: it is no longer available` });
  if (cart.RingSizeError) out.push({ path: "ringSize", message: cart.RingSizeError });
  for (const [lineId, message] of Object.entries(cart.BandSizeErrors)) out.push({ path: lineId, message });
  if (!cart.ShippingAddress) out.push({ path: "shippingAddress", message: "Add a shipping address" });
  if (!(cart.ShippingAddress?.email || cart.UserEmail)) out.push({ path: "shippingAddress.email", message: "Add an email address for the order" });
  if (cart.PaymentMethod === "paypal" && !cart.AllowPayPal)
    out.push({ path: "paymentMethod", message: `PayPal takes orders up to ${formatUsd(PAYPAL_MAX_CENTS)}; choose another payment method` });
  return out;
}
