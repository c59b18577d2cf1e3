/**
 * The Cron Trigger's email work (wrangler.toml `[triggers]`, every 5 minutes): the outbox rows that are
 * due — a failed attempt whose backoff has passed, or a claim whose isolate died — are delivered, a bounded
 * batch, oldest first. The request's own delivery (`waitUntil`) sends almost every email; this catches
 * the rest. It also forgets the client addresses the gate no longer counts (older than its hour).
 */
import { forgetClientsStatement } from "./gate";
import { deliverDue, type EmailBindings, senderConfig } from "./outbox";

/** The scheduled handler's email part: delivers the due rows as of the trigger's scheduled time. */
export function emailCron(controller: Pick<ScheduledController, "scheduledTime">, env: EmailBindings, ctx: Pick<ExecutionContext, "waitUntil">): void {
  const failed = (what: string) => (err: unknown) => console.error(JSON.stringify({ level: "error", message: `email cron ${what}: ${String(err)}` }));
  ctx.waitUntil(deliverDue(senderConfig(env), controller.scheduledTime).catch(failed("delivery")));
  ctx.waitUntil(forgetClientsStatement(env.DB, controller.scheduledTime).run().catch(failed("forgetting client addresses")));
}
