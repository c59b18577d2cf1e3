/**
 * A loopback fake of TikTok's Events API 2.0 (https://business-api.tiktok.com/portal/docs?id=1771100865818625) for
 * the tracking adapters' tests: `POST /tiktok/open_api/v1.3/event/track/` with the `Access-Token` header and
 * `{event_source: "web", event_source_id, data: [{event, event_time, event_id?, user, properties, page}]}` answers
 * HTTP 200 `{code: 0, message: "OK", request_id, data: {}}`. Refusals are HTTP 200 with another code, as TikTok
 * does: 40105 a wrong token, 40001 an unknown pixel, 40002 an invalid field, 40100 too many requests.
 *
 * Kept per pixel code. Control (`POST /__control/tiktok/…`, JSON): `register` `{pixelCode, accessToken}`; `fail`
 * `{pixelCode, code?, status?, times?}` (a TikTok code, or an HTTP status such as 503); `received` `{pixelCode}`.
 */
import type { Fake } from "./server";

interface Pixel {
  token: string;
  failure: { code?: number; status?: number; times: number } | null;
  received: Record<string, unknown>[];
}
const pixels = new Map<string, Pixel>();
const requestId = () => crypto.randomUUID().replace(/-/g, "");
const answer = (code: number, message: string) => Response.json({ code, message, request_id: requestId(), data: {} });

async function track(request: Request): Promise<Response> {
  let body: { event_source?: string; event_source_id?: string; data?: Record<string, unknown>[] };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    return answer(40002, "Invalid JSON");
  }
  const pixel = pixels.get(body.event_source_id ?? "");
  if (!pixel) return answer(40001, `No permission to operate pixel ${String(body.event_source_id)}`);
  if (request.headers.get("access-token") !== pixel.token) return answer(40105, "The access token is invalid or has been revoked.");
  if (pixel.failure && pixel.failure.times !== 0) {
    const f = pixel.failure;
    if (f.times > 0) f.times--;
    if (f.status) return new Response("Service Unavailable", { status: f.status });
    return answer(f.code ?? 50000, f.code === 40100 ? "Too many requests. Please retry later." : "System error");
  }
  if (body.event_source !== "web") return answer(40002, "event_source: must be one of web, app, offline, crm");
  if (!Array.isArray(body.data) || body.data.length === 0 || body.data.length > 1000) return answer(40002, "data: 1 to 1000 events");
  for (const [i, e] of body.data.entries()) {
    if (typeof e.event !== "string" || !e.event) return answer(40002, `data[${i}].event: required`);
    if (typeof e.event_time !== "number") return answer(40002, `data[${i}].event_time: a Unix timestamp in seconds`);
  }
  pixel.received.push(...body.data);
  return answer(0, "OK");
}

export const tiktokFake: Fake = {
  prefix: "/tiktok",
  handle(request) {
    const path = new URL(request.url).pathname;
    if (request.method === "POST" && path === "/open_api/v1.3/event/track/") return track(request);
    return answer(40002, `Unknown path ${path}`);
  },
  control(action, body) {
    const b = (body ?? {}) as { pixelCode?: string; accessToken?: string; code?: number; status?: number; times?: number };
    const pixel = pixels.get(b.pixelCode ?? "");
    switch (action) {
      case "register":
        pixels.set(b.pixelCode!, { token: b.accessToken!, failure: null, received: [] });
        return { ok: true };
      case "fail":
        if (pixel) pixel.failure = { code: b.code, status: b.status, times: b.times ?? 1 };
        return { ok: !!pixel };
      case "received":
        return pixel?.received ?? [];
      default:
        return { error: `unknown action ${action}` };
    }
  },
};
