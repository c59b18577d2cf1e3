/**
 * The one breakdown of what the shopper pays (docs/decisions/059-one-money-rule.md): the lines with what the
 * shopper chose for each (size, engraving, care plan), then subtotal, discount, care plans, appraisal, price
 * lock, bank-wire saving, tax and shipping, and the total — each part signed as it adds up, the total their
 * sum. The cart, checkout, order pages and the confirmation email all render it, from a cart (`cartBreakdown`)
 * or an order (`orderBreakdown`), so every one shows the same amounts and its parts always sum to its total;
 * the order's amount due (what the payment collects) is the cart's breakdown total. Pure.
 */
import { formatCents } from "../cents";
import { viewLines } from "./checkout";
import type { CartView, OrderLine } from "./schemas";

/** The care plan's name as the shopper reads it. */
export const CARE_PLAN_NAME = "Loupe Care";

export type BreakdownKey = "subtotal" | "discount" | "care-plans" | "appraisal" | "price-lock" | "wire" | "tax" | "shipping";

export interface BreakdownLine {
  lineId: string;
  name: string;
  quantity: number;
  /** What the line adds to the subtotal. */
  cents: number;
  /** What the shopper chose for it, one phrase each: "Size 6.5", "Engraving: “Always” (script)", "Loupe Care, 36 months: $119.00". */
  details: string[];
}

export interface BreakdownRow {
  key: BreakdownKey;
  label: string;
  /** What the row adds to the total (negative for a saving); the subtotal row is the sum of the lines. */
  cents: number;
  /** Shown in place of the amount ("Included", "Free", "At checkout") when it adds nothing. */
  text: string | null;
}

export interface Breakdown {
  lines: BreakdownLine[];
  /** Subtotal first; a row that adds nothing and has no text is left out. */
  rows: BreakdownRow[];
  totalCents: number;
}

/** The parts a breakdown is made of (amounts in cents, savings as positive numbers). */
export interface BreakdownParts {
  lines: readonly OrderLine[];
  discountCents: number;
  discountLabel: string;
  carePlansCents: number;
  /** Whether an independent appraisal comes with it (a diamond): shown as included. */
  appraisal: boolean;
  lockSavingsCents: number;
  wireSavingCents: number;
  /** null: no tax estimate yet (no region), shown as "At checkout". */
  taxCents: number | null;
  taxLabel: string;
  shippingCents: number;
}

/** The shopper's choices for a line, one phrase each. */
export function lineDetails(l: OrderLine): string[] {
  const out: string[] = [];
  if (l.size != null) out.push(`Size ${l.size}`);
  else if (l.sizeLater) out.push("Size: you tell us after the order (free ring sizer)");
  if (l.engraving) out.push(`Engraving: “${l.engraving.text}” (${l.engraving.fontName})`);
  if (l.carePlan) out.push(`${CARE_PLAN_NAME}, ${l.carePlan.months} months: ${formatCents(l.carePlan.cost)}`);
  return out;
}

/** The breakdown of `parts`: the rows, and the total as their sum. */
export function breakdown(parts: BreakdownParts): Breakdown {
  const lines = parts.lines.map((l) => ({ lineId: l.lineId, name: l.name, quantity: l.quantity, cents: l.total, details: lineDetails(l) }));
  const subtotal = lines.reduce((a, l) => a + l.cents, 0);
  const all: BreakdownRow[] = [
    { key: "subtotal", label: "Subtotal", cents: subtotal, text: null },
    { key: "discount", label: parts.discountLabel, cents: -parts.discountCents, text: null },
    { key: "care-plans", label: "Care plans", cents: parts.carePlansCents, text: null },
    { key: "appraisal", label: "Independent appraisal", cents: 0, text: parts.appraisal ? "Included" : null },
    { key: "price-lock", label: "Price lock", cents: -parts.lockSavingsCents, text: null },
    { key: "wire", label: "Bank wire saving", cents: -parts.wireSavingCents, text: null },
    { key: "tax", label: parts.taxLabel, cents: parts.taxCents ?? 0, text: parts.taxCents === null ? "At checkout" : null },
    { key: "shipping", label: "Shipping", cents: parts.shippingCents, text: parts.shippingCents === 0 ? "Free" : null },
  ];
  const rows = all.filter((r) => r.key === "subtotal" || r.key === "tax" || r.cents !== 0 || r.text !== null);
  return { lines, rows, totalCents: rows.reduce((a, r) => a + r.cents, 0) };
}

/** A row's amount as the shopper reads it: "$1,234.50", "−$100.00", or its text. */
export function rowAmount(r: Pick<BreakdownRow, "cents" | "text">): string {
  if (r.text !== null && r.cents === 0) return r.text;
  return r.cents < 0 ? `−${formatCents(-r.cents)}` : formatCents(r.cents);
}

/** Each line of a cart with what the shopper chose for it (the same fields an order keeps). */
export function cartOrderLines(cart: CartView): OrderLine[] {
  const plans = new Map(cart.ActiveCarePlans.map((p) => [p.productId, p]));
  const engravings = new Map(cart.Engravings.map((e) => [e.parentItemId, e]));
  return viewLines(cart).map((l) => {
    const sized = l.size !== null || l.sizeLater ? { size: l.size, sizeLater: l.sizeLater } : {};
    const plan = l.status === "available" ? plans.get(l.lineId) : undefined;
    const engraving = engravings.get(l.lineId);
    return {
      lineId: l.lineId,
      name: l.name,
      quantity: l.quantity,
      total: l.total,
      ...sized,
      ...(engraving ? { engraving: { text: engraving.text, fontName: engraving.fontName } } : {}),
      ...(plan ? { carePlan: { months: plan.applicablePlanDuration, cost: plan.cost } } : {}),
    };
  });
}

/** The tax row's label for a cart: where the estimate is for. */
function cartTaxLabel(cart: CartView, stateName: (code: string) => string): string {
  const r = cart.TaxRegion;
  if (!r) return "Estimated tax";
  if (r.source === "shipping") return "Tax";
  return `Estimated tax (${stateName(r.state)}${r.source === "location" ? ", from your location" : ""})`;
}

/**
 * The cart's breakdown for its payment method: by bank wire, the wire saving and the tax on the wire price.
 * Its total is what the order drafted from this cart collects.
 */
export function cartBreakdown(cart: CartView, stateName: (code: string) => string = (c) => c): Breakdown {
  const wire = cart.PaymentMethod === "wire";
  return breakdown({
    lines: cartOrderLines(cart),
    discountCents: cart.Discount,
    discountLabel: cart.PromoCode ? `Promo ${cart.PromoCode}` : "Discount",
    carePlansCents: cart.CarePlansTotal,
    appraisal: !!(cart.EngagementRings[0]?.diamond || cart.PairedDiamond),
    lockSavingsCents: cart.LockSavings,
    wireSavingCents: wire ? cart.Total - cart.WireTotal : 0,
    taxCents: cart.TaxRegion ? (wire ? cart.WireTax : cart.Tax) : null,
    taxLabel: cartTaxLabel(cart, stateName),
    shippingCents: 0,
  });
}

/** The amounts of an order as it keeps them (shared/orders/schemas.ts OrderView). */
export interface OrderAmounts {
  lines: readonly OrderLine[];
  discount: number;
  carePlans: number;
  lockSavings: number;
  wireSaving: number;
  tax: number;
}

/** An order's breakdown: its total is the order's amount due. */
export function orderBreakdown(order: OrderAmounts): Breakdown {
  return breakdown({
    lines: order.lines,
    discountCents: order.discount,
    discountLabel: "Discount",
    carePlansCents: order.carePlans,
    appraisal: false,
    lockSavingsCents: order.lockSavings,
    wireSavingCents: order.wireSaving,
    taxCents: order.tax,
    taxLabel: "Tax",
    shippingCents: 0,
  });
}
