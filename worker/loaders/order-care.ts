/** The substitute page's service on the server (client/order-care-context.ts), from the order care services. */
import * as v from "valibot";
import type { OrderCareService } from "#client/order-care-context.ts";
import { SubstituteChoice } from "#shared/orders/care.ts";
import { DomainError, refuse, refused } from "#shared/refusal.ts";
import { chooseSubstitute, type ChoiceBindings } from "../orders/care/choose";
import { careOrder } from "../orders/care/items";
import { substitutesView } from "../orders/care/substitutes";
import type { OrderKeyBindings } from "../orders/keys";
import type { OrderCaller } from "../orders/lookup/own";
import { PaymentUnavailable } from "../orders/service";
import { outcome } from "./cart";

/** What the page request gives the service (worker/middleware/loaders.ts builds it). */
export interface OrderCareRequest {
  env: ChoiceBindings & OrderKeyBindings;
  caller: () => Promise<OrderCaller>;
  origin: string;
  now: () => number;
  waitUntil: (p: Promise<unknown>) => void;
}

export function serverOrderCare(r: OrderCareRequest): OrderCareService {
  const order = async (orderNumber: string, key: string | null) => careOrder(r.env, orderNumber, key ?? undefined, await r.caller());
  return {
    substitutes: async (orderNumber, key) => {
      try {
        return await substitutesView(r.env.DB, await order(orderNumber, key));
      } catch (e) {
        if (e instanceof DomainError) return null;
        throw e;
      }
    },
    choose: async (orderNumber, key, choice) => {
      const parsed = v.safeParse(SubstituteChoice, key ? { ...choice, key } : choice);
      if (!parsed.success) return refuse("bad_request", parsed.issues[0]?.message ?? "Choose a stone or a refund");
      return outcome(async () => {
        try {
          return await chooseSubstitute(r.env, await order(orderNumber, key), parsed.output, { origin: r.origin, now: r.now(), waitUntil: r.waitUntil });
        } catch (e) {
          // The choice is made; the provider did not answer the refund (it is recorded and made again by an operator).
          if (e instanceof PaymentUnavailable) refused("conflict", e.message);
          throw e;
        }
      });
    },
  };
}
