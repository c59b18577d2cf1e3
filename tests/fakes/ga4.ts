/**
 * A loopback fake of the GA4 Measurement Protocol (https://developers.google.com/analytics/devguides/collection/protocol/ga4)
 * for the tracking adapters' tests: `POST /ga4/mp/collect?measurement_id=…&api_secret=…` with `{client_id,
 * timestamp_micros?, events: [{name, params}]}` answers 204 with no body whatever it thinks of the payload, as GA4
 * does (a wrong secret or an invalid event is dropped silently); `POST /ga4/debug/mp/collect` answers the validation
 * server's `{validationMessages: [{fieldPath, description, validationCode}]}`. The fake keeps every request with the
 * validation messages GA4 would give, so a test sees what would have been dropped.
 *
 * Kept per measurement id. Control (`POST /__control/ga4/…`, JSON; tests/worker/tracking/engine-fakes.ts):
 * - `register` `{measurementId, apiSecret}`;
 * - `fail` `{measurementId, status, times?}`: the next `times` calls (1; -1 for ever) answer `status` (Google's
 *   `{error: {code, message, status}}`);
 * - `received` `{measurementId}` → `[{clientId, events, validationMessages}]` of every collected request.
 */
import type { Fake } from "./server";

interface ValidationMessage {
  fieldPath: string;
  description: string;
  validationCode: "VALUE_INVALID" | "VALUE_REQUIRED" | "NAME_INVALID" | "NAME_RESERVED" | "MAX_EVENTS_EXCEEDED" | "VALUE_OUT_OF_BOUNDS";
}
interface Collected {
  clientId: unknown;
  apiSecretOk: boolean;
  events: { name: string; params: Record<string, unknown> }[];
  validationMessages: ValidationMessage[];
}
interface Stream {
  apiSecret: string;
  failure: { status: number; times: number } | null;
  received: Collected[];
}

const streams = new Map<string, Stream>();
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const RESERVED = [
  "ad_activeview",
  "ad_click",
  "ad_exposure",
  "ad_query",
  "adunit_exposure",
  "app_clear_data",
  "app_install",
  "app_update",
  "app_remove",
  "error",
  "first_open",
  "first_visit",
  "in_app_purchase",
  "notification_dismiss",
  "notification_foreground",
  "notification_open",
  "notification_receive",
  "os_update",
  "session_start",
  "user_engagement",
];

/** What GA4's validation server would say of a payload. */
export function validate(body: Record<string, unknown>): ValidationMessage[] {
  const out: ValidationMessage[] = [];
  if (typeof body.client_id !== "string" || !body.client_id)
    out.push({ fieldPath: "client_id", description: "client_id is required", validationCode: "VALUE_REQUIRED" });
  const events = body.events;
  if (!Array.isArray(events) || events.length === 0) {
    out.push({ fieldPath: "events", description: "events is required", validationCode: "VALUE_REQUIRED" });
    return out;
  }
  if (events.length > 25) out.push({ fieldPath: "events", description: "A request may have at most 25 events", validationCode: "MAX_EVENTS_EXCEEDED" });
  events.forEach((e: { name?: unknown; params?: Record<string, unknown> }, i) => {
    if (typeof e.name !== "string" || !NAME.test(e.name))
      out.push({ fieldPath: `events[${i}].name`, description: `Event name ${String(e.name)} is invalid`, validationCode: "NAME_INVALID" });
    else if (RESERVED.includes(e.name) || /^(_|firebase_|ga_|google_|gtag\.)/.test(e.name))
      out.push({ fieldPath: `events[${i}].name`, description: `Event name ${e.name} is reserved`, validationCode: "NAME_RESERVED" });
    const params = e.params ?? {};
    if (Object.keys(params).length > 25)
      out.push({ fieldPath: `events[${i}].params`, description: "At most 25 parameters", validationCode: "VALUE_OUT_OF_BOUNDS" });
    for (const k of Object.keys(params))
      if (!NAME.test(k)) out.push({ fieldPath: `events[${i}].params.${k}`, description: `Parameter name ${k} is invalid`, validationCode: "NAME_INVALID" });
    if ("value" in params && typeof params.value !== "number")
      out.push({ fieldPath: `events[${i}].params.value`, description: "value must be a number", validationCode: "VALUE_INVALID" });
    if ("value" in params && typeof params.currency !== "string")
      out.push({ fieldPath: `events[${i}].params.currency`, description: "currency is required with value", validationCode: "VALUE_REQUIRED" });
    if (Array.isArray(params.items) && params.items.length > 200)
      out.push({ fieldPath: `events[${i}].params.items`, description: "At most 200 items", validationCode: "VALUE_OUT_OF_BOUNDS" });
  });
  return out;
}

const googleError = (status: number) =>
  Response.json(
    {
      error: {
        code: status,
        message: status === 429 ? "Resource has been exhausted (e.g. check quota)." : "Internal error encountered.",
        status: status === 429 ? "RESOURCE_EXHAUSTED" : "INTERNAL",
      },
    },
    { status },
  );

async function collect(request: Request, debug: boolean): Promise<Response> {
  const url = new URL(request.url);
  const stream = streams.get(url.searchParams.get("measurement_id") ?? "");
  let body: Record<string, unknown> = {};
  try {
    body = (await request.json()) as Record<string, unknown>;
  } catch {
    if (debug) return Response.json({ validationMessages: [{ fieldPath: "", description: "Unable to parse the payload", validationCode: "VALUE_INVALID" }] });
  }
  if (stream?.failure && stream.failure.times !== 0) {
    if (stream.failure.times > 0) stream.failure.times--;
    return googleError(stream.failure.status);
  }
  const validationMessages = validate(body);
  if (debug) return Response.json({ validationMessages });
  // GA4 answers 2xx to anything; an unknown stream or a wrong secret drops the events silently.
  if (stream) {
    const apiSecretOk = url.searchParams.get("api_secret") === stream.apiSecret;
    stream.received.push({ clientId: body.client_id, apiSecretOk, events: (body.events ?? []) as Collected["events"], validationMessages });
  }
  return new Response(null, { status: 204 });
}

export const ga4Fake: Fake = {
  prefix: "/ga4",
  handle(request) {
    const path = new URL(request.url).pathname;
    if (request.method === "POST" && path === "/mp/collect") return collect(request, false);
    if (request.method === "POST" && path === "/debug/mp/collect") return collect(request, true);
    return new Response("Not Found", { status: 404 });
  },
  control(action, body) {
    const b = (body ?? {}) as { measurementId?: string; apiSecret?: string; status?: number; times?: number };
    const stream = streams.get(b.measurementId ?? "");
    switch (action) {
      case "register":
        streams.set(b.measurementId!, { apiSecret: b.apiSecret!, failure: null, received: [] });
        return { ok: true };
      case "fail":
        if (stream) stream.failure = { status: b.status ?? 500, times: b.times ?? 1 };
        return { ok: !!stream };
      case "received":
        return stream?.received ?? [];
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
