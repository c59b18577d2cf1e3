/**
 * The wire shapes of a missing ring size (issue 22 point 4; §7 orders/missing-ring-size/{n} and
 * orders/add-missing-ring-size/{n}): a ring or wedding band ordered with "I don't know my size yet" is asked
 * for after payment by an emailed link; these say which lines still miss a size and take the sizes.
 * docs/decisions/036-missing-ring-size-and-expiry.md
 */
import * as v from "valibot";
import { isRingSize, MAX_CART_LINES, RING_SIZE_MAX, RING_SIZE_MIN, RING_SIZE_STEP } from "../cart/model";
import { OrderNumber } from "./schemas";
import { ORDER_STATUSES } from "./states";

/** An order's emailed key (worker/orders/keys.ts); any string up to this long is read, a wrong one is simply not found. */
const Key = v.pipe(v.string(), v.maxLength(100, "key is at most 100 characters"));
const LineId = v.pipe(v.string(), v.maxLength(20), v.regex(/^[a-z0-9-]{1,20}$/, "lineId is a line id of the order, such as setting or wb3"));

/** A US ring size of the order's choice: 3-13 in quarter sizes (shared/cart/model.ts RING_SIZE_*). */
export const RingSizeValue = v.pipe(v.number("size must be a number"), v.check(isRingSize, `size must be ${RING_SIZE_MIN}-${RING_SIZE_MAX} in quarter sizes`));

export const MissingRingSizeRequest = v.object({
  key: v.pipe(
    v.optional(Key),
    v.description("the order's key from the emailed link; without it, only the order's own shopper (this browser, or the signed-in customer)"),
  ),
});

/** A line of the order that needs a size and has none yet. */
export const MissingRingSizeLine = v.object({
  lineId: v.string(),
  name: v.string(),
  kind: v.pipe(v.picklist(["setting", "wedding-band"]), v.description("the engagement ring's setting, or a wedding band")),
  quantity: v.number(),
});
export type MissingRingSizeLine = v.InferOutput<typeof MissingRingSizeLine>;

export const MissingRingSizes = v.object({
  orderNumber: v.string(),
  status: v.picklist(ORDER_STATUSES),
  /** Whether sizes can still be given (not once the order has shipped, nor for a cancelled, expired or refunded order). */
  open: v.boolean(),
  lines: v.pipe(v.array(MissingRingSizeLine), v.description("the lines still missing a size; empty when every size is known")),
  sizes: v.pipe(
    v.object({ min: v.number(), max: v.number(), step: v.number() }),
    v.description(`the sizes offered: ${RING_SIZE_MIN}-${RING_SIZE_MAX} in steps of ${RING_SIZE_STEP}`),
  ),
});
export type MissingRingSizes = v.InferOutput<typeof MissingRingSizes>;

export const AddMissingRingSizeRequest = v.object({
  orderNumber: v.pipe(OrderNumber, v.description("the order's number again: it must be the one in the path")),
  key: Key,
  items: v.pipe(
    v.array(v.object({ lineId: LineId, size: RingSizeValue })),
    v.minLength(1, "give at least one size"),
    v.maxLength(MAX_CART_LINES, `at most ${MAX_CART_LINES} sizes`),
    v.check((items) => new Set(items.map((i) => i.lineId)).size === items.length, "each line once"),
  ),
});
export type AddMissingRingSizeRequest = v.InferOutput<typeof AddMissingRingSizeRequest>;

export const AddMissingRingSizeResult = v.object({
  saved: v.array(v.object({ lineId: v.string(), size: v.number() })),
  /** The order's missing sizes after saving (no lines when none is missing any more). */
  missing: MissingRingSizes,
});
export type AddMissingRingSizeResult = v.InferOutput<typeof AddMissingRingSizeResult>;
