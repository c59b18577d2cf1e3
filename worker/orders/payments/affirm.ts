/**
 * Affirm (issue 22): the adapter configured by secrets lands with its own change; until then affirm is never
 * configured and APP_ENV local pays through the embedded gateway.
 */
import type { PaymentAdapter } from "./provider";

/** The secrets and vars that configure Affirm. */
export type AffirmBindings = { AFFIRM_API_URL?: string };

export function affirmAdapter(_env: AffirmBindings): PaymentAdapter | null {
  return null;
}
