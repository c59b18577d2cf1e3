/**
 * Signing in merges the visitor's cart into the user's (docs/decisions/008-cart-and-price-locks.md): the
 * visitor's cart is the newer intent, so its ring (with its pair and ring size), promo code, addresses,
 * contact, payment method and instructions win where it has them; band and jewellery lines add up (the
 * same item and size becomes one line, quantities summed up to the cap); engravings, care plans and notes
 * follow their lines. Pure.
 */
import { MAX_LINE_QUANTITY, type CartState, type ItemLine } from "./model";
import { applyChange } from "./rules";

export function mergeCarts(user: CartState, visitor: CartState): CartState {
  const useVisitorRing = visitor.ring !== null;
  let nextLine = user.nextLine;
  const renamed = new Map<string, string>();
  const mergeList = (mine: ItemLine[], theirs: ItemLine[], prefix: string): ItemLine[] => {
    const out = mine.map((l) => ({ ...l }));
    for (const l of theirs) {
      const same = out.find((m) => m.variantId === l.variantId && m.size === l.size);
      if (same) {
        same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + l.quantity);
        renamed.set(l.lineId, same.lineId);
      } else {
        const lineId = `${prefix}${nextLine++}`;
        renamed.set(l.lineId, lineId);
        out.push({ ...l, lineId });
      }
    }
    return out;
  };
  const weddingBands = mergeList(user.weddingBands, visitor.weddingBands, "wb");
  const pendants = mergeList(user.pendants, visitor.pendants, "pd");
  const studs = mergeList(user.studs, visitor.studs, "st");
  const fineJewelry = mergeList(user.fineJewelry, visitor.fineJewelry, "fj");
  const ringIds = new Set(["setting", "diamond", "paired-diamond"]);
  const visitorId = (id: string) => (ringIds.has(id) ? (useVisitorRing ? id : null) : (renamed.get(id) ?? null));
  const userKeeps = (id: string) => !ringIds.has(id) || !useVisitorRing;
  const engravings = [
    ...user.engravings.filter((e) => userKeeps(e.parentItemId)),
    ...visitor.engravings.flatMap((e) => {
      const id = visitorId(e.parentItemId);
      return id ? [{ ...e, parentItemId: id }] : [];
    }),
  ];
  const itemUserData: CartState["itemUserData"] = Object.fromEntries(Object.entries(user.itemUserData).filter(([id]) => userKeeps(id)));
  for (const [id, data] of Object.entries(visitor.itemUserData)) {
    const to = visitorId(id);
    if (to) itemUserData[to] = { ...itemUserData[to], ...data };
  }
  const activeCarePlans = [
    ...user.activeCarePlans.filter((p) => userKeeps(p.productId)),
    ...visitor.activeCarePlans.flatMap((p) => {
      const id = visitorId(p.productId);
      return id ? [{ ...p, productId: id }] : [];
    }),
  ];
  // One engraving and one plan per item: the visitor's (later in the lists) replaces the user's.
  const lastBy = <T>(xs: T[], key: (x: T) => string) => [...new Map(xs.map((x) => [key(x), x])).values()];
  const merged: CartState = {
    ...user,
    nextLine,
    ring: useVisitorRing ? visitor.ring : user.ring,
    pairedDiamond: useVisitorRing ? visitor.pairedDiamond : user.pairedDiamond,
    weddingBands,
    pendants,
    studs,
    fineJewelry,
    promoCode: visitor.promoCode ?? user.promoCode,
    promo: visitor.promoCode ? visitor.promo : user.promo,
    invalidDiscountMessage: visitor.promoCode ? visitor.invalidDiscountMessage : user.invalidDiscountMessage,
    engravings: lastBy(engravings, (e) => e.parentItemId),
    activeCarePlans: lastBy(activeCarePlans, (p) => p.productId),
    itemUserData,
    paymentMethod: visitor.revision > 0 ? visitor.paymentMethod : user.paymentMethod,
    instructions: visitor.instructions || user.instructions,
    shippingAddress: visitor.shippingAddress ?? user.shippingAddress,
    billingAddress: visitor.billingAddress ?? user.billingAddress,
    billingSameAsShipping: visitor.shippingAddress ? visitor.billingSameAsShipping : user.billingSameAsShipping,
    taxRegion: visitor.taxRegion ?? user.taxRegion,
    // A merged cart is a new cart: an order drafted from either is not an order of this one.
    orderDrafted: null,
    userEmail: visitor.userEmail ?? user.userEmail,
    phoneNumber: visitor.phoneNumber ?? user.phoneNumber,
    pricedAt: Math.min(user.pricedAt, visitor.pricedAt),
    revision: Math.max(user.revision, visitor.revision),
  };
  // Settle through the rules (care plans reconciled with the merged lines' quotes; revision + 1).
  const settled = applyChange(merged, { type: "set-instructions", instructions: merged.instructions });
  return settled.ok ? settled.state : merged;
}
