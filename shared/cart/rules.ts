/**
 * The cart's rules (§4 "Setting, diamond and cart"): one pure function applies one change to a cart. The
 * worker first resolves what a change names against the catalogue (products, promotions), so applying is
 * synchronous: the CartObject reads its state, calls `applyChange` and writes the result with no I/O in
 * between, and the browser runs the same function for its optimistic update.
 */
import { refuse, type Outcome, type RefusalKind } from "../refusal";
import { quotesFor, reconcileCarePlans } from "./care-plans";
import {
  emptyCart,
  isRingSize,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  productLines,
  type Address,
  type CartState,
  type CarePlanOffer,
  type DiamondPart,
  type EngravingFont,
  type ItemLine,
  type PaymentMethod,
  type Placement,
  type Product,
  type Promotion,
  type RingLine,
  type TaxRegion,
  type VariantPart,
} from "./model";

/** A change with the catalogue facts it needs already looked up. */
export type CartChange =
  | { type: "add-diamond"; diamond: DiamondPart; pair: DiamondPart | null }
  | { type: "add-item"; placement: Placement; item: VariantPart; size: number | null; quantity: number }
  | { type: "remove"; lineId: string }
  | { type: "update"; lineId: string; quantity?: number; size?: number | null; item?: VariantPart }
  | { type: "set-ring-size"; ringSize: number | null }
  /** "I don't know my size yet": the ring (lineId "setting") or a wedding band is ordered without a size, asked for after the order. */
  | { type: "set-ring-size-later"; lineId: string }
  | { type: "apply-promo"; code: string; promo: Promotion | null; rejection: string | null }
  | { type: "remove-promo" }
  | { type: "set-engraving"; parentItemId: string; text: string; fontName: EngravingFont }
  | { type: "remove-engraving"; parentItemId: string }
  | { type: "choose-care-plan"; productId: string; applicablePlanDuration: number | null }
  | { type: "set-addresses"; shippingAddress?: Address | null; billingAddress?: Address | null; billingSameAsShipping?: boolean }
  | { type: "set-tax-region"; taxRegion: TaxRegion | null }
  | { type: "set-payment-method"; paymentMethod: PaymentMethod }
  | { type: "set-instructions"; instructions: string }
  | { type: "set-contact"; userEmail?: string | null; phoneNumber?: string | null }
  | { type: "set-item-data"; lineId: string; data: Record<string, string> }
  | { type: "clear" }
  | { type: "restore"; ring: RingLine | null; pair: DiamondPart | null; items: { placement: Exclude<Placement, "ring-setting">; item: VariantPart }[] }
  | { type: "refresh"; products: Record<string, Product>; at: number }
  /** Notes the order drafted from the cart at `revision` (not a change of the cart: no new revision). */
  | { type: "order-drafted"; orderNumber: string; revision: number }
  /** The order drafted from this cart is paid: the cart is emptied (once) and keeps the payment's §3 fields. */
  | { type: "order-paid"; orderNumber: string; paymentId: string; transactionId: string | null; paymentMethodDescription: string }
  /** TD financed the order drafted from this cart (server only, after the capture): §3 TdAccountNumber (last 4 digits), TdCreditPlan, TdTransactionId. */
  | { type: "financing-approved"; orderNumber: string; transactionId: string; accountLast4: string | null; creditPlan: string | null }
  /** A signed-in customer's checkout (server only): their last order's addresses, into a cart that has none yet. */
  | { type: "remember-addresses"; shippingAddress: Address; billingAddress: Address | null };

export type ChangeResult = Outcome<{ state: CartState }>;

const fail = (kind: RefusalKind, message: string): ChangeResult => refuse(kind, message);

/** The list an item placement fills. */
const LIST_OF = { "wedding-band": "weddingBands", pendant: "pendants", stud: "studs", "fine-jewelry": "fineJewelry" } as const;
type ListName = (typeof LIST_OF)[keyof typeof LIST_OF];
const LISTS: readonly ListName[] = ["weddingBands", "pendants", "studs", "fineJewelry"];
const LINE_PREFIX: Record<ListName, string> = { weddingBands: "wb", pendants: "pd", studs: "st", fineJewelry: "fj" };

/** Key of a product in a refresh map: "d{diamondId}" or "v{variantId}". */
export const diamondKey = (id: number) => `d${id}`;
export const variantKey = (id: number) => `v${id}`;

function findLine(s: CartState, lineId: string): { list: ListName; index: number } | null {
  for (const list of LISTS) {
    const index = s[list].findIndex((l) => l.lineId === lineId);
    if (index >= 0) return { list, index };
  }
  return null;
}

function lineCount(s: CartState): number {
  return productLines(s).length;
}

/** Whether a band line is the ring's matching band (§5: the ring's setting's matching band is the first band). */
export function isMatchingBand(s: CartState, line: ItemLine): boolean {
  const first = s.weddingBands[0];
  const matching = s.ring?.setting?.matchingBandId ?? null;
  return matching !== null && first !== undefined && first.lineId === line.lineId && first.settingId === matching;
}

/** The ring after a half is removed: §4 "removing both setting and diamond empties the ring list". */
function ringOrNull(r: RingLine): RingLine | null {
  return r.setting === null && r.diamond === null ? null : r;
}

/** Care-plan offers for every priced, available product line. */
export function carePlanOffers(s: CartState): CarePlanOffer[] {
  const active = new Set(s.activeCarePlans.map((p) => p.productId));
  return productLines(s)
    .filter((l) => l.product.status === "available")
    .map((l) => ({ productIds: [l.lineId], quotes: quotesFor(l.product.priceCents), activated: active.has(l.lineId) }))
    .filter((o) => o.quotes.length > 0);
}

/**
 * Keeps what hangs off lines consistent with the lines there are: engravings, item notes and chosen plans
 * of a removed line go; plans are reconciled with the latest quotes (§4); the revision moves on.
 */
function settle(before: CartState, s: CartState): CartState {
  const ids = new Set(productLines(s).map((l) => l.lineId));
  const engravable = (id: string) => (id === "setting" ? s.ring?.setting != null : s.weddingBands.some((l) => l.lineId === id));
  const offers = carePlanOffers(s);
  const active = reconcileCarePlans(s.activeCarePlans, offers);
  const activeIds = new Set(active.map((p) => p.productId));
  return {
    ...s,
    engravings: s.engravings.filter((e) => engravable(e.parentItemId)),
    itemUserData: Object.fromEntries(Object.entries(s.itemUserData).filter(([id]) => ids.has(id))),
    activeCarePlans: active,
    carePlans: offers.map((o) => ({ ...o, activated: o.productIds.some((id) => activeIds.has(id)) })),
    revision: before.revision + 1,
  };
}

function addItem(s: CartState, placement: Exclude<Placement, "ring-setting">, item: VariantPart, size: number | null, quantity: number): ChangeResult {
  const list = LIST_OF[placement];
  const existing = s[list].findIndex((l) => l.variantId === item.variantId && l.size === size);
  if (existing >= 0) {
    const line = s[list][existing]!;
    if (line.quantity + quantity > MAX_LINE_QUANTITY) return fail("conflict", `At most ${MAX_LINE_QUANTITY} of one item per order`);
    const lines = s[list].slice();
    lines[existing] = { ...line, quantity: line.quantity + quantity, product: item.product };
    return { ok: true, state: { ...s, [list]: lines } };
  }
  if (lineCount(s) >= MAX_CART_LINES) return fail("conflict", `A cart holds at most ${MAX_CART_LINES} different items`);
  const line: ItemLine = { ...item, lineId: `${LINE_PREFIX[list]}${s.nextLine}`, quantity, size };
  return { ok: true, state: { ...s, nextLine: s.nextLine + 1, [list]: [...s[list], line] } };
}

function apply(s: CartState, c: Exclude<CartChange, { type: "order-drafted" | "order-paid" | "financing-approved" | "remember-addresses" }>): ChangeResult {
  switch (c.type) {
    case "add-diamond": {
      const ring = s.ring ?? { setting: null, diamond: null, ringSize: null };
      const same = ring.diamond?.diamondId === c.diamond.diamondId;
      if (c.pair && c.pair.diamondId === c.diamond.diamondId) return fail("bad_request", "A diamond cannot be its own pair");
      // §4: adding a diamond keeps the setting; replacing the diamond drops its pair.
      return { ok: true, state: { ...s, ring: { ...ring, diamond: c.diamond }, pairedDiamond: c.pair ?? (same ? s.pairedDiamond : null) } };
    }
    case "add-item": {
      if (c.placement !== "ring-setting") return addItem(s, c.placement, c.item, c.size, c.quantity);
      const ring = s.ring ?? { setting: null, diamond: null, ringSize: null };
      // §4: adding a setting keeps the diamond; changing the setting clears the ring size.
      const sameSetting = ring.setting?.settingId === c.item.settingId;
      if (sameSetting) return { ok: true, state: { ...s, ring: { ...ring, setting: c.item } } };
      // "Size later" is about the finger, not the setting: it stays until a size is given.
      return { ok: true, state: { ...s, ring: { ...ring, setting: c.item, ringSize: c.size, sizeLater: c.size === null && ring.sizeLater === true } } };
    }
    case "remove": {
      if (c.lineId === "setting" || c.lineId === "diamond") {
        const ring = s.ring;
        const half = c.lineId === "setting" ? ring?.setting : ring?.diamond;
        if (!ring || !half) return fail("not_found", `The cart has no ${c.lineId}`);
        const next: RingLine = c.lineId === "setting" ? { ...ring, setting: null, ringSize: null, sizeLater: false } : { ...ring, diamond: null };
        // §4: removing either half clears the paired diamond; removing both empties the ring list.
        return { ok: true, state: { ...s, ring: ringOrNull(next), pairedDiamond: null } };
      }
      if (c.lineId === "paired-diamond") {
        if (!s.pairedDiamond) return fail("not_found", "The cart has no paired diamond");
        return { ok: true, state: { ...s, pairedDiamond: null } };
      }
      const at = findLine(s, c.lineId);
      if (!at) return fail("not_found", `The cart has no line ${c.lineId}`);
      return { ok: true, state: { ...s, [at.list]: s[at.list].filter((_, i) => i !== at.index) } };
    }
    case "update": {
      if (c.lineId === "setting") {
        if (!s.ring?.setting) return fail("not_found", "The cart has no setting");
        if (c.quantity !== undefined && c.quantity !== 1) return fail("bad_request", "A ring is one piece");
        if (c.size !== undefined) return apply(s, { type: "set-ring-size", ringSize: c.size });
        if (!c.item) return { ok: true, state: s };
        if (c.item.settingId !== s.ring.setting.settingId) return fail("bad_request", "Choose another metal of the same setting, or add the other setting");
        return { ok: true, state: { ...s, ring: { ...s.ring, setting: c.item } } };
      }
      const at = findLine(s, c.lineId);
      if (!at) return fail("not_found", `The cart has no line ${c.lineId}`);
      const line = s[at.list][at.index]!;
      let next: ItemLine = { ...line };
      if (c.quantity !== undefined) {
        if (!Number.isInteger(c.quantity) || c.quantity < 1 || c.quantity > MAX_LINE_QUANTITY)
          return fail("bad_request", `Quantity must be 1-${MAX_LINE_QUANTITY}`);
        next.quantity = c.quantity;
      }
      if (c.item) {
        if (c.item.settingId !== line.settingId) return fail("bad_request", "Choose another metal of the same item, or add the other item");
        next = { ...next, ...c.item };
        // §4: changing the matching band clears the band size.
        if (at.list === "weddingBands" && isMatchingBand(s, line) && c.item.variantId !== line.variantId) next.size = null;
      }
      if (c.size !== undefined) {
        if (at.list !== "weddingBands") return fail("bad_request", "Only a wedding band takes a size");
        if (c.size !== null && !isRingSize(c.size)) return fail("bad_request", "Band size must be 3-13 in quarter sizes");
        next.size = c.size;
        next.sizeLater = false;
      }
      const lines = s[at.list].slice();
      lines[at.index] = next;
      return { ok: true, state: { ...s, [at.list]: lines } };
    }
    case "set-ring-size": {
      if (!s.ring?.setting) return fail("conflict", "Add a setting before choosing a ring size");
      if (c.ringSize !== null && !isRingSize(c.ringSize)) return fail("bad_request", "Ring size must be 3-13 in quarter sizes");
      return { ok: true, state: { ...s, ring: { ...s.ring, ringSize: c.ringSize, sizeLater: false } } };
    }
    case "set-ring-size-later": {
      if (c.lineId === "setting") {
        if (!s.ring?.setting) return fail("conflict", "Add a setting before choosing a ring size");
        return { ok: true, state: { ...s, ring: { ...s.ring, ringSize: null, sizeLater: true } } };
      }
      const at = findLine(s, c.lineId);
      if (at ? at.list !== "weddingBands" : c.lineId === "diamond" || c.lineId === "paired-diamond")
        return fail("bad_request", "Only the ring or a wedding band takes a size");
      if (!at) return fail("not_found", `The cart has no line ${c.lineId}`);
      const lines = s.weddingBands.slice();
      lines[at.index] = { ...lines[at.index]!, size: null, sizeLater: true };
      return { ok: true, state: { ...s, weddingBands: lines } };
    }
    case "apply-promo":
      if (!c.promo)
        return { ok: true, state: { ...s, promoCode: null, promo: null, invalidDiscountMessage: c.rejection ?? `Promo code ${c.code} is not valid` } };
      return { ok: true, state: { ...s, promoCode: c.promo.code, promo: c.promo, invalidDiscountMessage: null } };
    case "remove-promo":
      return { ok: true, state: { ...s, promoCode: null, promo: null, invalidDiscountMessage: null } };
    case "set-engraving": {
      const parentOk = c.parentItemId === "setting" ? s.ring?.setting != null : s.weddingBands.some((l) => l.lineId === c.parentItemId);
      if (!parentOk) return fail("not_found", "Only the ring's setting or a wedding band in the cart can be engraved");
      // §4: one engraving per parent item, replaced if present.
      const engravings = s.engravings.filter((e) => e.parentItemId !== c.parentItemId);
      return { ok: true, state: { ...s, engravings: [...engravings, { parentItemId: c.parentItemId, text: c.text, fontName: c.fontName }] } };
    }
    case "remove-engraving":
      if (!s.engravings.some((e) => e.parentItemId === c.parentItemId)) return fail("not_found", "No engraving on that item");
      return { ok: true, state: { ...s, engravings: s.engravings.filter((e) => e.parentItemId !== c.parentItemId) } };
    case "choose-care-plan": {
      const rest = s.activeCarePlans.filter((p) => p.productId !== c.productId);
      if (c.applicablePlanDuration === null) return { ok: true, state: { ...s, activeCarePlans: rest } };
      const offer = carePlanOffers(s).find((o) => o.productIds.includes(c.productId));
      if (!offer) return fail("not_found", "No care plan is offered for that item");
      const quote = offer.quotes.find((q) => q.applicablePlanDuration === c.applicablePlanDuration);
      if (!quote) return fail("bad_request", `No ${c.applicablePlanDuration}-month plan is offered for that item`);
      return { ok: true, state: { ...s, activeCarePlans: [...rest, { productId: c.productId, ...quote }] } };
    }
    case "set-addresses": {
      const shippingAddress = c.shippingAddress === undefined ? s.shippingAddress : c.shippingAddress;
      const same = c.billingSameAsShipping ?? s.billingSameAsShipping;
      // §4: billing can be copied from shipping.
      const billingAddress = same ? shippingAddress : c.billingAddress === undefined ? s.billingAddress : c.billingAddress;
      return { ok: true, state: { ...s, shippingAddress, billingAddress, billingSameAsShipping: same } };
    }
    case "set-tax-region":
      return { ok: true, state: { ...s, taxRegion: c.taxRegion } };
    case "set-payment-method":
      return { ok: true, state: { ...s, paymentMethod: c.paymentMethod } };
    case "set-instructions":
      return { ok: true, state: { ...s, instructions: c.instructions } };
    case "set-contact":
      return {
        ok: true,
        state: {
          ...s,
          userEmail: c.userEmail === undefined ? s.userEmail : c.userEmail,
          phoneNumber: c.phoneNumber === undefined ? s.phoneNumber : c.phoneNumber,
        },
      };
    case "set-item-data": {
      if (!productLines(s).some((l) => l.lineId === c.lineId)) return fail("not_found", `The cart has no line ${c.lineId}`);
      return { ok: true, state: { ...s, itemUserData: { ...s.itemUserData, [c.lineId]: c.data } } };
    }
    case "clear":
      // §4: clearing resets everything to empty, zero or null.
      return { ok: true, state: emptyCart() };
    case "restore": {
      let next: CartState = { ...s, ring: c.ring, pairedDiamond: c.pair, weddingBands: [], pendants: [], studs: [], fineJewelry: [] };
      for (const { placement, item } of c.items) {
        const r = addItem(next, placement, item, null, 1);
        if (!r.ok) return r;
        next = r.state;
      }
      return { ok: true, state: next };
    }
    case "refresh": {
      const fresh = <T extends { product: Product }>(part: T, key: string): T => ({ ...part, product: c.products[key] ?? part.product });
      const ring = s.ring && {
        ...s.ring,
        setting: s.ring.setting && fresh(s.ring.setting, variantKey(s.ring.setting.variantId)),
        diamond: s.ring.diamond && fresh(s.ring.diamond, diamondKey(s.ring.diamond.diamondId)),
      };
      const lists = Object.fromEntries(LISTS.map((list) => [list, s[list].map((l) => fresh(l, variantKey(l.variantId)))]));
      return {
        ok: true,
        state: { ...s, ...lists, ring, pairedDiamond: s.pairedDiamond && fresh(s.pairedDiamond, diamondKey(s.pairedDiamond.diamondId)), pricedAt: c.at },
      };
    }
  }
}

/** Applies one change; the result is a new state (revision + 1) or the reason it cannot apply. */
export function applyChange(s: CartState, c: CartChange): ChangeResult {
  if (c.type === "order-drafted") {
    if (c.revision !== s.revision) return fail("conflict", "The cart changed while the order was drafted; review it and try again");
    return { ok: true, state: { ...s, orderDrafted: { orderNumber: c.orderNumber, revision: c.revision } } };
  }
  if (c.type === "order-paid") {
    const lastPayment = {
      orderNumber: c.orderNumber,
      paymentId: c.paymentId,
      transactionId: c.transactionId,
      paymentMethodDescription: c.paymentMethodDescription,
    };
    // A cart that has moved on to another order keeps its items; the paid one is emptied, once (keeping its financing).
    if (s.orderDrafted?.orderNumber !== c.orderNumber) return { ok: true, state: { ...s, lastPayment } };
    const cleared = apply(s, { type: "clear" });
    if (!cleared.ok) return cleared;
    const financing = s.financing?.orderNumber === c.orderNumber ? s.financing : null;
    return { ok: true, state: { ...settle(s, cleared.state), lastPayment, financing } };
  }
  if (c.type === "financing-approved") {
    // Not a change of the cart's contents (no new revision); the whole account number is never kept.
    const accountLast4 = c.accountLast4 === null ? null : c.accountLast4.replace(/\D/g, "").slice(-4) || null;
    return { ok: true, state: { ...s, financing: { orderNumber: c.orderNumber, transactionId: c.transactionId, accountLast4, creditPlan: c.creditPlan } } };
  }
  if (c.type === "remember-addresses") {
    // An address the shopper gave meanwhile wins: nothing changes (no new revision).
    if (s.shippingAddress) return { ok: true, state: s };
    const { shippingAddress, billingAddress } = c;
    return applyChange(s, { type: "set-addresses", shippingAddress, billingAddress, billingSameAsShipping: billingAddress === null });
  }
  const r = apply(s, c);
  if (!r.ok) return r;
  // A refresh that finds every product as it was only notes when it looked (no new revision).
  if (c.type === "refresh" && JSON.stringify(productLines(r.state)) === JSON.stringify(productLines(s))) return { ok: true, state: { ...s, pricedAt: c.at } };
  // Clearing restarts line numbers but never the revision (settle counts on from the cart before).
  return { ok: true, state: settle(s, r.state) };
}

/**
 * The page kind (§4): a loose diamond, a complete ring (setting + diamond), a bridal set (with a band), a
 * necklace (pendant + diamond) or an earring setting (studs + a diamond pair); otherwise "jewelry" or "empty".
 */
export type CartKind = "empty" | "loose-diamond" | "complete-ring" | "bridal-set" | "necklace" | "earring-setting" | "jewelry";

export function cartKind(s: CartState): CartKind {
  const setting = s.ring?.setting ?? null;
  const diamond = s.ring?.diamond ?? null;
  if (setting && diamond) return s.weddingBands.length ? "bridal-set" : "complete-ring";
  if (diamond) {
    if (s.pairedDiamond && s.studs.length) return "earring-setting";
    if (s.pendants.length) return "necklace";
    return "loose-diamond";
  }
  if (setting && s.weddingBands.length) return "bridal-set";
  return productLines(s).length ? "jewelry" : "empty";
}
