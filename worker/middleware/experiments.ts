import { createMiddleware } from "hono/factory";

/** Experiment name → assigned variant (0 control, 1 test). */
export type Variants = Record<string, 0 | 1>;

export interface ExperimentVariables {
  variants: Variants;
}

/**
 * The experiments slot of the middleware chain. Bucketing by cookie and geo, exc/exv forcing and the
 * event queue arrive with the experiments work (issue 5); until then every visitor sees the control and the
 * (empty) assignment is still handed to SSR so pages are written against the final interface.
 */
export function experiments() {
  return createMiddleware<{ Variables: ExperimentVariables }>(async (c, next) => {
    c.set("variants", {});
    await next();
  });
}
