import type { Context } from "hono";
import type { Shopper } from "../cart/service";
import type { AppEnv } from "../env";
import { PROMO_EXPERIMENT } from "../promotions/store";
import { cartActivityEvent } from "../tracking/cart-events";
import { emitTracking, requestFacts } from "./tracking";

/**
 * The shopper of a request: its signed visitor id and, when signed in, the customer (whose cart it uses),
 * its geo (§3 Location), its promo variant; its conversions (the experiments' counts) and its cart's
 * conversion events go onto the tracking queue after the response, through the consent gate.
 */
export async function shopperOf(c: Context<AppEnv>): Promise<Shopper> {
  const visitorId = c.get("visitorId");
  const session = await c.get("session")();
  const userGuid = session?.user.userGuid ?? null;
  const cartKey = userGuid ? `user:${userGuid}` : `visitor:${visitorId}`;
  return {
    visitorId,
    userGuid,
    location: c.get("geo"),
    promoVariation: c.get("variants")[PROMO_EXPERIMENT] ?? 0,
    converted: (kind) => emitTracking(c, [{ type: "visitor-event", visitorId, kind, at: Date.now() }]),
    track: (activity) =>
      emitTracking(c, async () => {
        const event = await cartActivityEvent(activity, cartKey, { ...requestFacts(c, Date.now()), db: c.env.DB });
        return event ? [{ type: "conversion", event }] : [];
      }),
  };
}
