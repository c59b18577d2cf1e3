/**
 * The cart view (`CartView`, §3 field names): a priced cart as the API answers it. Pure.
 */
import { FREE_STUDS_THRESHOLD_USD, type CartState, type Location, type PriceLock } from "./model";
import { priceCart, type PricedLine } from "./pricing";
import type { CartLine, CartView, PriceLockView } from "./schemas";

/** A stored lock as the API shows it. */
export const lockView = (l: PriceLock): PriceLockView => ({ id: l.id, total: l.totalCents, expiry: l.expiresAt, createdAt: l.createdAt, cartLink: l.cartLink });

export function cartView(
  s: CartState,
  locks: readonly PriceLock[],
  now: number,
  promotionsData: CartView["promotionsData"] = [],
  location: Location | null = null,
): CartView {
  const priced = priceCart(s, locks, now, location);
  const byId = new Map<string, PricedLine>(priced.lines.map((l) => [l.lineId, l]));
  const line = (
    lineId: string,
    ids: { productId: number; variantId: number | null; metal: number | null; size: number | null; sizeLater?: boolean },
  ): CartLine => {
    const p = byId.get(lineId)!;
    return {
      lineId,
      name: p.name,
      imageUrl: p.imageUrl,
      url: p.url,
      status: p.status,
      quantity: p.quantity,
      unitPrice: p.unitPriceCents,
      listPrice: p.listPriceCents,
      total: p.totalCents,
      freeQuantity: p.freeQuantity,
      ...ids,
      sizeLater: ids.sizeLater === true,
      isMatchingBand: priced.matchingBandLineId === lineId,
    };
  };
  const item = (l: CartState["weddingBands"][number]) =>
    line(l.lineId, { productId: l.settingId, variantId: l.variantId, metal: l.metal, size: l.size, sizeLater: l.sizeLater });
  const ring = s.ring;
  const t = priced.totals;
  const live = locks.filter((l) => l.expiresAt > now).sort((a, b) => a.expiresAt - b.expiresAt);
  return {
    Revision: s.revision,
    Kind: priced.kind,
    CartLink: priced.cartLink,
    EngagementRings: ring
      ? [
          {
            id: "ring",
            setting:
              ring.setting &&
              line("setting", {
                productId: ring.setting.settingId,
                variantId: ring.setting.variantId,
                metal: ring.setting.metal,
                size: ring.ringSize,
                sizeLater: ring.sizeLater,
              }),
            diamond: ring.diamond && line("diamond", { productId: ring.diamond.diamondId, variantId: null, metal: null, size: null }),
            RingSize: ring.ringSize,
            RingSizeLater: ring.sizeLater === true,
          },
        ]
      : [],
    PairedDiamond: s.pairedDiamond && line("paired-diamond", { productId: s.pairedDiamond.diamondId, variantId: null, metal: null, size: null }),
    WeddingBands: s.weddingBands.map(item),
    FineJewelry: s.fineJewelry.map(item),
    Pendants: s.pendants.map(item),
    Studs: s.studs.map(item),
    Discounts: priced.discounts.map((d) => ({ code: d.code, description: d.description, amount: d.amountCents })),
    LockedPrices: live.map(lockView),
    LockedPrice: priced.lockedPrice && lockView(priced.lockedPrice),
    Subtotal: t.subtotalCents,
    Discount: t.discountCents,
    CarePlansTotal: t.carePlansCents,
    Appraisal: t.appraisalCents,
    LockSavings: t.lockSavingsCents,
    Total: t.totalCents,
    Tax: t.taxCents,
    TaxRegion: priced.taxRegion,
    Location: location,
    WireTotal: t.wireTotalCents,
    WireTax: t.wireTaxCents,
    TotalWithTax: t.totalWithTaxCents,
    RingSize: ring?.ringSize ?? null,
    RingSizeLater: ring?.sizeLater === true,
    RingSizeError: priced.ringSizeError,
    BandSizeErrors: priced.bandSizeErrors,
    freeStudsTreshold: FREE_STUDS_THRESHOLD_USD,
    FreeStudsEligible: priced.freeStuds.eligible,
    FreeStudsRemaining: priced.freeStuds.remainingCents,
    promotionsData,
    AllowPayPal: priced.allowPayPal,
    PromoCode: s.promoCode,
    InvalidDiscountMessage: priced.invalidDiscountMessage,
    Instructions: s.instructions,
    // The order drafted from this very cart (any later change makes a new revision, and a new order).
    OrderDrafted: s.orderDrafted && s.orderDrafted.revision === s.revision ? s.orderDrafted.orderNumber : null,
    TransactionId: s.lastPayment?.transactionId ?? null,
    PaymentId: s.lastPayment?.paymentId ?? null,
    paymentMethodDescription: s.lastPayment?.paymentMethodDescription ?? null,
    TdAccountNumber: s.financing?.accountLast4 ?? null,
    TdCreditPlan: s.financing?.creditPlan ?? null,
    TdTransactionId: s.financing?.transactionId ?? null,
    PaymentMethod: s.paymentMethod,
    ShippingAddress: s.shippingAddress,
    BillingAddress: s.billingAddress,
    BillingSameAsShipping: s.billingSameAsShipping,
    UserEmail: s.userEmail,
    PhoneNumber: s.phoneNumber,
    ItemUserData: s.itemUserData,
    CarePlans: s.carePlans.map((o) => ({
      productIds: o.productIds,
      activated: o.activated,
      quotes: o.quotes.map((q) => ({
        applicablePlanDuration: q.applicablePlanDuration,
        cost: q.costCents,
        planSku: q.planSku,
        planRetailPrice: q.planRetailPriceCents,
      })),
    })),
    ActiveCarePlans: s.activeCarePlans.map((p) => ({
      productId: p.productId,
      applicablePlanDuration: p.applicablePlanDuration,
      cost: p.costCents,
      planSku: p.planSku,
      planRetailPrice: p.planRetailPriceCents,
    })),
    Engravings: s.engravings,
  };
}
