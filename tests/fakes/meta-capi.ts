/**
 * A loopback fake of Meta's Conversions API (https://developers.facebook.com/docs/marketing-api/conversions-api/)
 * for the tracking adapters' tests: `POST /meta/v{version}/{PIXEL_ID}/events` with `access_token` (body or query)
 * and `data[]` (1 to 1,000 server events: event_name, event_time within the last 7 days, action_source, user_data
 * with at least one customer parameter) answers `{events_received, messages, fbtrace_id}`. Errors are Graph API
 * errors `{error: {message, type, code, error_subcode?, is_transient?, fbtrace_id}}`: an unknown pixel 400 code 100
 * subcode 33, a wrong token 400 OAuthException code 190, an invalid event 400 code 100.
 *
 * Everything is kept per pixel, so test files running at once never share state. Control (`POST /__control/meta/…`,
 * JSON; tests/worker/tracking/engine-fakes.ts):
 * - `register` `{pixelId, accessToken}`;
 * - `fail` `{pixelId, status, times?, code?, transient?}`: the next `times` calls (1; -1 for ever) answer `status`
 *   with Graph error `code` (500 → code 1 transient; 400 → code 100 unless given, e.g. 17 for throttling);
 * - `hang` `{pixelId, ms}`: the next call answers only after `ms`;
 * - `received` `{pixelId}` → the events accepted; `requests` `{pixelId}` → `{status, body}` of every call.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Fake } from "./server";

interface Pixel {
  token: string;
  failure: { status: number; times: number; code?: number; transient?: boolean } | null;
  hangMs: number;
  received: Record<string, unknown>[];
  requests: { status: number; body: unknown }[];
}

const pixels = new Map<string, Pixel>();
const CUSTOMER_KEYS = ["em", "ph", "fn", "ln", "zp", "st", "ct", "country", "external_id", "fbc", "fbp", "client_ip_address", "client_user_agent"];
const trace = () => `A${crypto.randomUUID().replace(/-/g, "").slice(0, 20)}`;

/** The body of the last answer built (the requests log keeps it without reading the Response again). */
let lastBody: unknown = null;
const reply = (body: unknown, status = 200) => {
  lastBody = body;
  return Response.json(body, { status });
};

function graphError(status: number, message: string, type: string, code: number, extra: Record<string, unknown> = {}): Response {
  return reply({ error: { message, type, code, ...extra, fbtrace_id: trace() } }, status);
}

function invalidEvent(e: Record<string, unknown>, index: number, now: number): string | null {
  if (typeof e.event_name !== "string" || !e.event_name) return `data[${index}]: event_name is required`;
  if (typeof e.event_time !== "number" || !Number.isInteger(e.event_time)) return `data[${index}]: event_time must be a Unix timestamp in seconds`;
  if (e.event_time > now + 60) return `data[${index}]: event_time cannot be in the future`;
  if (e.event_time < now - 7 * 86_400) return `data[${index}]: event_time was more than 7 days ago`;
  if (typeof e.action_source !== "string") return `data[${index}]: action_source is required`;
  if (e.action_source === "website" && typeof e.event_source_url !== "string") return `data[${index}]: event_source_url is required for website events`;
  const u = e.user_data as Record<string, unknown> | undefined;
  if (!u || !CUSTOMER_KEYS.some((k) => u[k] !== undefined)) return `data[${index}]: user_data needs at least one customer information parameter`;
  for (const k of ["em", "ph", "external_id"]) {
    const v = u[k];
    if (typeof v === "string" && !/^[0-9a-f]{64}$/.test(v) && k !== "external_id") return `data[${index}]: user_data.${k} must be a SHA-256 hash`;
  }
  return null;
}

async function events(request: Request, pixelId: string): Promise<Response> {
  const pixel = pixels.get(pixelId);
  let body: { data?: unknown; access_token?: string };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    return graphError(400, "(#100) The parameter data is required", "OAuthException", 100);
  }
  const answer = (response: Response) => {
    pixel?.requests.push({ status: response.status, body: lastBody });
    return response;
  };
  if (!pixel)
    return graphError(400, `Unsupported post request. Object with ID '${pixelId}' does not exist`, "GraphMethodException", 100, { error_subcode: 33 });
  if (pixel.hangMs) {
    const ms = pixel.hangMs;
    pixel.hangMs = 0;
    await sleep(ms);
  }
  const token = body.access_token ?? new URL(request.url).searchParams.get("access_token");
  if (token !== pixel.token) return answer(graphError(400, "Invalid OAuth access token - Cannot parse access token", "OAuthException", 190));
  if (pixel.failure && pixel.failure.times !== 0) {
    const f = pixel.failure;
    if (f.times > 0) f.times--;
    if (f.status >= 500)
      return answer(
        graphError(f.status, "An unexpected error has occurred. Please retry your request later.", "OAuthException", f.code ?? 2, { is_transient: true }),
      );
    const code = f.code ?? 100;
    const message = code === 17 ? "(#17) User request limit reached" : code === 4 ? "(#4) Application request limit reached" : "(#100) Invalid parameter";
    return answer(graphError(f.status, message, "OAuthException", code, f.transient ? { is_transient: true } : {}));
  }
  if (!Array.isArray(body.data) || body.data.length === 0 || body.data.length > 1000)
    return answer(graphError(400, "(#100) data must be an array of 1 to 1000 events", "OAuthException", 100));
  const now = Math.floor(Date.now() / 1000);
  for (const [i, e] of (body.data as Record<string, unknown>[]).entries()) {
    const problem = invalidEvent(e, i, now);
    if (problem)
      return answer(graphError(400, `(#100) Invalid parameter: ${problem}`, "OAuthException", 100, { error_subcode: 2804008, error_user_msg: problem }));
  }
  pixel.received.push(...(body.data as Record<string, unknown>[]));
  return answer(reply({ events_received: body.data.length, messages: [], fbtrace_id: trace() }));
}

export const metaCapiFake: Fake = {
  prefix: "/meta",
  handle(request) {
    const match = new URL(request.url).pathname.match(/^\/v\d+\.\d+\/([^/]+)\/events$/);
    if (request.method !== "POST" || !match) return graphError(400, "Unknown path components", "OAuthException", 2500);
    return events(request, decodeURIComponent(match[1]!));
  },
  control(action, body) {
    const b = (body ?? {}) as { pixelId?: string; accessToken?: string; status?: number; times?: number; code?: number; transient?: boolean; ms?: number };
    const pixel = pixels.get(b.pixelId ?? "");
    switch (action) {
      case "register":
        pixels.set(b.pixelId!, { token: b.accessToken!, failure: null, hangMs: 0, received: [], requests: [] });
        return { ok: true };
      case "fail":
        if (pixel) pixel.failure = { status: b.status ?? 500, times: b.times ?? 1, code: b.code, transient: b.transient };
        return { ok: !!pixel };
      case "hang":
        if (pixel) pixel.hangMs = b.ms ?? 10_000;
        return { ok: !!pixel };
      case "received":
        return pixel?.received ?? [];
      case "requests":
        return pixel?.requests ?? [];
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
