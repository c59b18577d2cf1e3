/**
 * Applying a verified provider event (the provider's `webhook` verifies it over the raw body first:
 * payments/provider.ts PaymentProvider). The event settles the payment it names by the payment's state
 * (approve.ts applyOutcome: whatever order events arrive in, a success after a failure ends paid), and its id
 * is recorded in payment_events (a unique index) in the batch that applies it: a replay, or a provider's
 * redelivery, applies nothing. An event with nothing to apply is recorded once, for the record.
 */
import { applyOutcome } from "./approve";
import type { ProviderEvent } from "./payments/provider";
import { eventStatement, type PaymentProvider, paymentByProviderId } from "./payments/store";
import type { AfterResponse, OrderBindings } from "./service";

/** Applies a verified event once; resolves to whether it changed anything. */
export async function applyProviderEvent(
  env: OrderBindings,
  provider: PaymentProvider,
  event: ProviderEvent,
  now: number,
  after?: AfterResponse,
): Promise<boolean> {
  const payment = event.providerPaymentId ? await paymentByProviderId(env.DB, provider, event.providerPaymentId) : null;
  if (payment && event.outcome)
    return (await applyOutcome(env, payment, event.outcome, `webhook:${provider}`, { ...after, now }, { provider, id: event.id })).changed;
  const record = eventStatement(
    env.DB,
    {
      paymentId: payment?.id ?? null,
      orderNumber: payment?.order_number ?? null,
      provider,
      kind: `webhook:${event.type}`,
      providerEventId: event.id,
      verified: true,
      payload: event.raw,
    },
    now,
  );
  await env.DB.batch([record]).catch((e: unknown) => (String(e).includes("UNIQUE constraint failed") ? null : Promise.reject(e)));
  return false;
}
