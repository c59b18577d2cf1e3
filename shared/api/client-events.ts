/**
 * Events the browser reports about itself (§7 "a local-storage-error event (endpoints not shown)", §8 storage
 * access errors; decision 043): `POST /api/logging/client-event` takes one event and the worker logs it as one
 * structured line. Sent at most once per session by client/state/storage.ts. The event is a variant on `event`
 * so later client events (a site-version event) can join without a new endpoint.
 */
import * as v from "valibot";
import { empty, operation, refusal } from "./operation";

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** A Web Storage call that threw: which storage, which call, the error's name and message, and the page. */
export const LocalStorageErrorEvent = v.object({
  event: v.literal("local-storage-error"),
  storage: v.picklist(["localStorage", "sessionStorage"]),
  operation: v.picklist(["open", "get", "set", "remove", "keys"]),
  error: v.pipe(Text(60), v.description("The error's name: SecurityError, QuotaExceededError…")),
  message: Text(200),
  page: v.pipe(Text(300), v.regex(/^\//, "page must be a site path"), v.description("The page's path (no query: it may carry personal data)")),
});

export const ClientEvent = v.variant("event", [LocalStorageErrorEvent]);
export type ClientEvent = v.InferOutput<typeof ClientEvent>;

export const clientEventOperations = {
  logClientEvent: operation({
    method: "POST",
    path: "/logging/client-event",
    operationId: "logClientEvent",
    summary: "Logs an event the browser reports about itself (a local-storage-error); nothing is stored",
    auth: "optional",
    body: ClientEvent,
    responses: {
      204: empty("Logged"),
      400: refusal("Not a known client event"),
      429: refusal("Too many events from this visitor or address (120 and 600 a minute); try again after Retry-After seconds"),
    },
  }),
} as const;
