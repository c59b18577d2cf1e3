/**
 * The cart as the browser sees it: the `/api/cart` calls (the signed visitor cookie goes along), and the
 * cart signal the page and the header read. Refusals come back as the API's kind and message.
 */
import { signal } from "@preact/signals-core";
import type { CartView } from "#shared/cart/schemas.ts";
import { refuse, type FieldProblem, type RefusalKind } from "#shared/refusal.ts";
import { call } from "./api";
import type { CartResult, CartService } from "./context";

/** The visitor's cart as last answered (null until a page has read it). */
export const cartSignal = signal<CartView | null>(null);

/** A cart answer (the cart itself, or `{ cart }` for locks and drafts) as a CartResult; the signal follows it. */
function answer(
  res: { ok: true; data: CartView | { cart: CartView } } | { ok: false; error: { code: string; message: string; details?: FieldProblem[] } },
): CartResult {
  if (!res.ok) return refuse(res.error.code as RefusalKind, res.error.message, res.error.details);
  const cart = "cart" in res.data ? res.data.cart : res.data;
  cartSignal.value = cart;
  return { ok: true, cart };
}

/** The cart as `GET /api/cart` or, for the checkout page, `GET /api/cart/checkout` reads it. */
async function read(op: "GET /cart" | "GET /cart/checkout") {
  const r = answer(await call(op, {}));
  if (!r.ok) throw new Error(r.message);
  return r.cart;
}

export const clientCart: CartService = {
  get: () => read("GET /cart"),
  forCheckout: () => read("GET /cart/checkout"),
  change: async (intent) => answer(await call("POST /cart", { body: intent })),
  lockPrice: async () => answer(await call("POST /orders/price-lock", {})),
  draftOrder: async () => answer(await call("POST /orders/draft", {})),
};
