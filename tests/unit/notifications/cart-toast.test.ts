/**
 * Which cart changes a toast confirms (decision 043): an add from a product page ("Added to cart", grouped), a
 * price lock, and a refused add (its message, as an error: the product page's form has nowhere to show it);
 * nothing for the cart page's own forms, which show their answers in place.
 */
import { describe, expect, it } from "vitest";
import { cartToast } from "#client/cart-toast.ts";
import type { CartResult } from "#client/context.ts";

const OK = { ok: true, cart: {} } as unknown as CartResult;
const REFUSED = { ok: false, kind: "conflict", message: "This diamond has just been sold" } as unknown as CartResult;

describe("cart toasts", () => {
  it.each([
    ["an added diamond", { type: "add-diamond", diamondId: 7 }, OK, { message: "Added to cart", tone: "success", group: "cart-added" }],
    ["an added item", { type: "add-item", variantId: 3, quantity: 1 }, OK, { message: "Added to cart", tone: "success", group: "cart-added" }],
    ["a price lock", "lock", OK, { message: "Price locked for 72 hours", tone: "success" }],
    ["a refused add", { type: "add-diamond", diamondId: 7 }, REFUSED, { message: "This diamond has just been sold", tone: "error" }],
    ["a refused lock (the form shows it)", "lock", REFUSED, null],
    ["a quantity change", { type: "update", lineId: "x", quantity: 2 }, OK, null],
    ["a removal", { type: "remove", lineId: "x" }, OK, null],
    ["no intent", null, REFUSED, null],
  ] as const)("%s", (_what, intent, result, expected) => {
    expect(cartToast(intent as Parameters<typeof cartToast>[0], result)).toEqual(expected);
  });
});
