import type { Context } from "hono";
import type { Shopper } from "../cart/service";
import type { AppEnv } from "../env";
import { recordVisitorEvent } from "../experiments/store";
import { PROMO_EXPERIMENT } from "../promotions/store";

/** The shopper of a request: its signed visitor id, its geo (§3 Location), its promo variant; conversions recorded after the response. */
export function shopperOf(c: Context<AppEnv>): Shopper {
  const visitorId = c.get("visitorId");
  return {
    visitorId,
    location: c.get("geo"),
    promoVariation: c.get("variants")[PROMO_EXPERIMENT] ?? 0,
    converted: (kind) => recordVisitorEvent(c.env.DB, visitorId, kind, (p) => c.executionCtx.waitUntil(p)),
  };
}
