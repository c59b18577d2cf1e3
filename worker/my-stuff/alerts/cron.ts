/**
 * The alert run's Cron Trigger (wrangler.toml `[triggers]`, hourly at minute 17: ALERT_CRON): runs the alerts
 * as of the trigger's scheduled time and forgets old login-less alert requests. Links in the emails point at
 * `SITE_ORIGIN` (a var; the local default otherwise).
 */
import { pruneAlertRequests } from "./login-less";
import { runAlerts, type AlertRunBindings } from "./run";
import { siteOrigin } from "../../platform/config";

/** The alert run's schedule: hourly, off the hour (when fewer jobs everywhere start). */
export const ALERT_CRON = "17 * * * *";

/** The scheduled handler's alert part. */
export function alertsCron(
  controller: Pick<ScheduledController, "scheduledTime">,
  env: AlertRunBindings & { SITE_ORIGIN?: string },
  ctx: Pick<ExecutionContext, "waitUntil">,
): void {
  const now = controller.scheduledTime;
  ctx.waitUntil(
    Promise.all([
      runAlerts(env, { now, origin: siteOrigin(env), waitUntil: (p) => ctx.waitUntil(p) }).then((report) =>
        console.log(JSON.stringify({ level: "info", message: "alert run", ...report })),
      ),
      pruneAlertRequests(env.DB, now),
    ]).catch((err: unknown) => console.error(JSON.stringify({ level: "error", message: `alert cron: ${String(err)}` }))),
  );
}
