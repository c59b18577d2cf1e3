/**
 * `deliver` messages: one event to one engine. The batch's deliveries are grouped per engine (and per request key:
 * GA4 takes one client per request) into requests of at most the engine's `maxPerRequest`, sent at once, and each
 * message acknowledged or retried by its request's outcome: 2xx acknowledged; 429, 5xx, a network error or a
 * timeout retried with a backoff (then the dead-letter queue); a permanent 4xx recorded as failed and acknowledged.
 * A delivery already settled (a redelivered message) is acknowledged without a call.
 */
import { engineView } from "#shared/tracking/engine-view.ts";
import type { TrackingEvent } from "#shared/tracking/event.ts";
import { type DeliveryResult, deliveryKey, deliveryStatuses, FINAL, saveDelivery } from "./deliveries";
import type { DeliveryOutcome, EngineAdapter, EngineEvent } from "./engines/types";

/** A deliver message's part the consumer needs. */
export interface DeliverMessage {
  readonly attempts: number;
  readonly body: { type: "deliver"; engine: string; event: TrackingEvent };
  ack(): void;
  retry(options?: QueueRetryOptions): void;
}

/** Queues cap a retry's delay at 12 hours. */
const MAX_DELAY_SECONDS = 43_200;

/** The delay before attempt `attempts + 1`: `base` doubled per attempt made, at least the engine's Retry-After. */
export function backoffSeconds(attempts: number, baseSeconds: number, retryAfterSeconds = 0): number {
  const exponential = baseSeconds * 2 ** Math.max(0, attempts - 1);
  return Math.min(MAX_DELAY_SECONDS, Math.max(retryAfterSeconds, exponential));
}

interface Pending {
  key: string;
  event: TrackingEvent;
  target: string;
  attempts: number;
  messages: DeliverMessage[];
}

/** Delivers the batch's `deliver` messages; never throws (a D1 failure retries what was not settled). */
export async function deliverAll(
  db: D1Database,
  messages: readonly DeliverMessage[],
  options: { engines: readonly EngineAdapter[]; now: number; retryBaseSeconds: number },
): Promise<void> {
  if (!messages.length) return;
  const byKey = new Map<string, Pending>();
  for (const m of messages) {
    const key = deliveryKey(m.body.event.event_id, m.body.engine);
    const p = byKey.get(key);
    if (p) {
      p.messages.push(m);
      p.attempts = Math.max(p.attempts, m.attempts);
    } else byKey.set(key, { key, event: m.body.event, target: m.body.engine, attempts: m.attempts, messages: [m] });
  }
  const retryAll = (list: Iterable<Pending>, error: unknown) => {
    console.error(JSON.stringify({ level: "error", message: `tracking deliveries not settled: ${String(error)}` }));
    for (const p of list) for (const m of p.messages) m.retry({ delaySeconds: backoffSeconds(p.attempts, options.retryBaseSeconds) });
  };
  let statuses: Map<string, string>;
  try {
    statuses = await deliveryStatuses(
      db,
      [...byKey.values()].map((p) => [p.event.event_id, p.target] as const),
    );
  } catch (e) {
    return retryAll(byKey.values(), e);
  }

  const results: { pending: Pending; result: DeliveryResult; outcome: DeliveryOutcome | null }[] = [];
  const settle = (pending: Pending, status: DeliveryResult["status"], error: string | null, outcome: DeliveryOutcome | null = null) =>
    results.push({ pending, outcome, result: { event: pending.event, target: pending.target, status, attempts: pending.attempts, error } });
  const toSend = new Map<EngineAdapter, Map<string, { pending: Pending; view: EngineEvent }[]>>();
  for (const p of byKey.values()) {
    const status = statuses.get(p.key);
    if (status && FINAL.has(status as never)) {
      for (const m of p.messages) m.ack();
      continue;
    }
    if (p.target === "local") {
      settle(p, "recorded", null);
      continue;
    }
    const adapter = options.engines.find((a) => a.engine === p.target);
    if (!adapter) {
      settle(p, "failed", `${p.target} is not configured (or disabled)`);
      continue;
    }
    let view: ReturnType<typeof engineView>;
    let declined: string | null;
    try {
      view = engineView(adapter.engine, p.event);
      declined = view ? (adapter.declines?.(p.event) ?? null) : `${adapter.engine} does not take this event`;
    } catch (e) {
      // An event the rules cannot read will not become readable on a retry.
      settle(p, "failed", `${adapter.engine}: the event cannot be mapped (${String(e)})`);
      continue;
    }
    if (!view || declined) {
      settle(p, "skipped", declined);
      continue;
    }
    const groups = toSend.get(adapter) ?? new Map<string, { pending: Pending; view: EngineEvent }[]>();
    toSend.set(adapter, groups);
    const requestKey = adapter.requestKey?.(p.event) ?? "";
    groups.set(requestKey, [...(groups.get(requestKey) ?? []), { pending: p, view: { event: p.event, view } }]);
  }

  const requests: Promise<void>[] = [];
  for (const [adapter, groups] of toSend) {
    for (const group of groups.values()) {
      for (let i = 0; i < group.length; i += adapter.maxPerRequest) {
        const chunk = group.slice(i, i + adapter.maxPerRequest);
        requests.push(
          adapter.send(chunk.map((c) => c.view)).then(
            (outcome) => {
              for (const c of chunk)
                settle(
                  c.pending,
                  outcome.kind === "delivered" ? "delivered" : outcome.kind === "failed" ? "failed" : "pending",
                  outcome.kind === "delivered" ? null : outcome.error,
                  outcome,
                );
            },
            (e: unknown) => {
              const outcome: DeliveryOutcome = { kind: "retry", error: `${adapter.engine}: ${String(e)}` };
              for (const c of chunk) settle(c.pending, "pending", outcome.error, outcome);
            },
          ),
        );
      }
    }
  }
  await Promise.all(requests);

  try {
    if (results.length) await db.batch(results.map((r) => saveDelivery(db, r.result, options.now)));
  } catch (e) {
    // The engines were called: a delivered or failed event is not sent again for a lost bookkeeping write.
    console.error(JSON.stringify({ level: "error", message: `tracking delivery results not recorded: ${String(e)}` }));
  }
  for (const { pending, outcome } of results) {
    for (const m of pending.messages) {
      if (outcome?.kind === "retry") m.retry({ delaySeconds: backoffSeconds(pending.attempts, options.retryBaseSeconds, outcome.retryAfterSeconds) });
      else m.ack();
    }
  }
}
