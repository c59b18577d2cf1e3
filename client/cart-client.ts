/**
 * The cart as the browser sees it: the `/api/cart` calls (the signed visitor cookie goes along), and the
 * cart signal the page and the header read. Refusals come back as the API's status and message.
 */
import { signal } from "@preact/signals-core";
import type { CartIntentInput, CartView } from "#shared/cart/schemas.ts";
import type { CartResult, CartService } from "./context";

/** The visitor's cart as last answered (null until a page has read it). */
export const cartSignal = signal<CartView | null>(null);

async function answer(res: Response): Promise<CartResult> {
  const body = (await res.json().catch(() => null)) as ({ error?: { message?: string } } & Partial<CartView> & { cart?: CartView }) | null;
  if (!res.ok) return { ok: false, status: res.status, message: body?.error?.message ?? res.statusText };
  const cart = (body?.cart ?? body) as CartView;
  cartSignal.value = cart;
  return { ok: true, cart };
}

export const clientCart: CartService = {
  async get() {
    const res = await fetch("/api/cart", { headers: { accept: "application/json" } });
    const r = await answer(res);
    if (!r.ok) throw new Error(r.message);
    return r.cart;
  },
  change: async (intent: CartIntentInput) => answer(await fetch("/api/cart", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(intent) })),
  lockPrice: async () => answer(await fetch("/api/orders/price-lock", { method: "POST" })),
  draftOrder: async () => answer(await fetch("/api/orders/draft", { method: "POST" })),
};
