import type { Context } from "hono";
import type { Shopper } from "../cart/service";
import type { AppEnv } from "../env";
import { recordVisitorEvent } from "../experiments/store";
import { PROMO_EXPERIMENT } from "../promotions/store";

/**
 * The shopper of a request: its signed visitor id and, when signed in, the customer (whose cart it uses),
 * its geo (§3 Location), its promo variant; conversions recorded after the response.
 */
export async function shopperOf(c: Context<AppEnv>): Promise<Shopper> {
  const visitorId = c.get("visitorId");
  const session = await c.get("session")();
  return {
    visitorId,
    userGuid: session?.user.userGuid ?? null,
    location: c.get("geo"),
    promoVariation: c.get("variants")[PROMO_EXPERIMENT] ?? 0,
    converted: (kind) => recordVisitorEvent(c.env.DB, visitorId, kind, (p) => c.executionCtx.waitUntil(p)),
  };
}
