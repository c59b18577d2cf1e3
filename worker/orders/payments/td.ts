/**
 * Td (issue 22): the adapter configured by secrets lands with its own change; until then td is never
 * configured and APP_ENV local pays through the embedded gateway.
 */
import type { PaymentAdapter } from "./provider";

/** The secrets and vars that configure Td. */
export type TdBindings = { TD_API_URL?: string };

export function tdAdapter(_env: TdBindings): PaymentAdapter | null {
  return null;
}
