import type { ClientEvent } from "#shared/api/client-events.ts";

/**
 * The structured log line of a client event: a level, a message to search by (`client event: <name>`), when,
 * the event as the browser sent it (already bounded by the schema) and the browser's user agent (cut short).
 */
export function clientEventLine(event: ClientEvent, now: Date, userAgent: string | null) {
  return { level: "warn", message: `client event: ${event.event}`, at: now.toISOString(), event, userAgent: userAgent?.slice(0, 200) ?? null };
}
