import { Hono } from "hono";
import { isTargeted } from "#shared/experiments/bucketing.ts";
import type { AppEnv } from "../env";

/**
 * The visitor's experiments (§4): every experiment with the visitor's variant, how it was decided
 * (`forced` by exc/exv, `cookie`, `split`, `location`, `fixed`, `stopped`, `deactivated`, `disabled`) and
 * whether it targets them. The browser's event queue and client-only experiments read it; it depends on
 * the visitor's cookies, so it is private and never cached.
 */
export const experimentsApi = new Hono<AppEnv>().get("/experiments/assignments", (c) => {
  c.header("Cache-Control", "private, no-store");
  return c.json({
    experiments: [...c.get("assignments")].map(([e, a]) => ({
      id: e.id,
      name: e.name,
      cookie: e.cookie,
      category: e.category,
      variant: a.variant,
      source: a.source,
      targeted: a.source !== "deactivated" && a.source !== "disabled" && isTargeted(e, a.variant),
      clientOnly: e.clientOnly,
      nonInteraction: e.nonInteraction,
      noInitialTrack: e.noInitialTrack,
    })),
  });
});

export type ExperimentsApi = typeof experimentsApi;
