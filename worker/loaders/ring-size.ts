/**
 * The missing-ring-size page's service (client/ring-size-context.ts): the order services behind
 * `/orders/missing-ring-size/{n}`, a refusal answered as the page's message. The form's sizes are validated
 * with the API's schema (shared/orders/ring-size.ts), so the page and the API refuse the same things.
 */
import * as v from "valibot";
import type { RingSizeService } from "#client/ring-size-context.ts";
import { AddMissingRingSizeRequest } from "#shared/orders/ring-size.ts";
import { DomainError, refuse } from "#shared/refusal.ts";
import { addMissingSizes, missingView, type RingSizeBindings, sizeOrder } from "../orders/ring-size/service";
import { outcome } from "./cart";

/** The server's ring-size service for one page request. */
export function serverRingSize(env: RingSizeBindings, now: () => number): RingSizeService {
  return {
    missing: async (orderNumber, key) => {
      try {
        return await missingView(env.DB, await sizeOrder(env, orderNumber, key, null));
      } catch (e) {
        if (e instanceof DomainError) return null;
        throw e;
      }
    },
    add: (orderNumber, key, items) => {
      const parsed = v.safeParse(AddMissingRingSizeRequest, { orderNumber, key, items });
      if (!parsed.success) return Promise.resolve(refuse("bad_request", parsed.issues[0]?.message ?? "Choose a size"));
      return outcome(() => addMissingSizes(env, orderNumber, parsed.output, now()));
    },
  };
}
