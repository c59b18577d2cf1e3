/**
 * The visitor's cart as the server's page loaders and actions use it (client/context.ts `CartService`):
 * the cart services, with a refusal answered as the page's form message instead of thrown.
 */
import * as v from "valibot";
import type { CartResult, CartService } from "#client/context.ts";
import { CartIntent } from "#shared/cart/schemas.ts";
import { DomainError, refuse, type Outcome } from "#shared/refusal.ts";
import { draftOrder } from "../cart/orders";
import { checkoutCart } from "../cart/remembered-address";
import { changeCart, getCart, lockPrice, type CartBindings, type Shopper } from "../cart/service";

/** Runs a cart call; a refusal (DomainError) becomes the result, anything else stays a page error. */
export async function outcome<T extends object>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, ...(await run()) };
  } catch (e) {
    if (e instanceof DomainError) return e.refusal;
    throw e;
  }
}

/** The server's cart for one shopper. */
export function serverCart(env: CartBindings, shopper: Shopper): CartService {
  return {
    get: () => getCart(env, shopper),
    forCheckout: () => checkoutCart(env, shopper),
    change: (intent): Promise<CartResult> => {
      const parsed = v.safeParse(CartIntent, intent);
      if (!parsed.success) return Promise.resolve(refuse("bad_request", parsed.issues[0]?.message ?? "Invalid change"));
      return outcome(async () => ({ cart: await changeCart(env, shopper, parsed.output) }));
    },
    lockPrice: () => outcome(async () => ({ cart: (await lockPrice(env, shopper)).cart })),
    draftOrder: () => outcome(async () => ({ cart: (await draftOrder(env, shopper)).cart })),
  };
}
