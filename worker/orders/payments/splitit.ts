/**
 * Splitit (issue 22): the adapter configured by secrets lands with its own change; until then splitit is never
 * configured and APP_ENV local pays through the embedded gateway.
 */
import type { PaymentAdapter } from "./provider";

/** The secrets and vars that configure Splitit. */
export type SplititBindings = { SPLITIT_API_URL?: string };

export function splititAdapter(_env: SplititBindings): PaymentAdapter | null {
  return null;
}
