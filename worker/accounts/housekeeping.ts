/**
 * The Cron Trigger's account work: expired sessions and sign-in attempts older than the limit's window are
 * deleted (they already count for nothing; this keeps the tables small).
 */
import { pruneSessions } from "./sessions";
import { pruneAttempts } from "./throttle";

export function accountsCron(controller: Pick<ScheduledController, "scheduledTime">, env: { DB: D1Database }, ctx: Pick<ExecutionContext, "waitUntil">): void {
  const now = controller.scheduledTime;
  ctx.waitUntil(
    Promise.all([pruneSessions(env.DB, now), pruneAttempts(env.DB, now)]).catch((err: unknown) =>
      console.error(JSON.stringify({ level: "error", message: `accounts cron: ${String(err)}` })),
    ),
  );
}
