/**
 * The Cron Trigger's email work (wrangler.toml `[triggers]`, every 5 minutes): the outbox rows that are
 * due — a failed attempt whose backoff has passed, or a claim whose isolate died — are delivered, a bounded
 * batch, oldest first. The request's own delivery (`waitUntil`) sends almost every email; this catches
 * the rest.
 */
import { deliverDue, type EmailBindings, senderConfig } from "./outbox";

/** The scheduled handler's email part: delivers the due rows as of the trigger's scheduled time. */
export function emailCron(controller: Pick<ScheduledController, "scheduledTime">, env: EmailBindings, ctx: Pick<ExecutionContext, "waitUntil">): void {
  ctx.waitUntil(
    deliverDue(senderConfig(env), controller.scheduledTime).catch((err: unknown) =>
      console.error(JSON.stringify({ level: "error", message: `email cron: ${String(err)}` })),
    ),
  );
}
