/** Shared by the tracking tests: a recording tracking queue and a visitor whose calls use it. */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { TrackingEvent, TrackingEventName } from "#shared/tracking/event.ts";
import type { Bindings } from "#worker/env.ts";
import worker from "#worker/index.ts";
import type { TrackingMessage } from "#worker/tracking/messages.ts";
import { checkContract } from "../contract";

/**
 * As tests/worker/helpers.ts `call` (the contract checked), and the work the worker left for after its response
 * (waitUntil: the emissions) is finished before this resolves: what was not queued by then never will be.
 */
export async function callAndWait(path: string, init: RequestInit & { env?: Partial<Bindings> } = {}): Promise<Response> {
  const { env: overrides, ...rest } = init;
  const request = new Request(new URL(path, "https://loupe.test"), { redirect: "manual", ...rest });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request.clone() as Parameters<typeof worker.fetch>[0], { ...env, ...overrides } as typeof env, ctx);
  await waitOnExecutionContext(ctx);
  await checkContract(request, response);
  return response;
}

/** A queue binding that keeps what is sent to it (in place of TRACKING_QUEUE). */
export function recordingQueue() {
  const messages: TrackingMessage[] = [];
  const queue = {
    sendBatch: async (batch: Iterable<MessageSendRequest<TrackingMessage>>) => {
      for (const m of batch) messages.push(structuredClone(m.body));
      return {};
    },
    send: async (m: TrackingMessage) => {
      messages.push(structuredClone(m));
      return {};
    },
  } as unknown as Queue;
  const events = (name?: TrackingEventName): TrackingEvent[] =>
    messages.flatMap((m) => (m.type === "conversion" && (!name || m.event.event_name === name) ? [m.event] : []));
  return {
    queue,
    messages,
    events,
  };
}

/** The cookies a response set, as a Cookie header. */
export const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

/**
 * A new visitor (its cookies: visitor id and variants; `query` may force variants, `extra` adds cookies such as
 * the consent answer) whose calls all go to the worker with `queue` as TRACKING_QUEUE.
 */
export async function trackedVisitor(queue: Queue, query = "", extra = "") {
  const bindings: Partial<Bindings> = { TRACKING_QUEUE: queue };
  const first = await callAndWait(`/api/cart${query}`, { env: bindings });
  const cookie = [cookiesOf(first), extra].filter(Boolean).join("; ");
  const send = (path: string, init: RequestInit = {}) =>
    callAndWait(path, { ...init, headers: { cookie, "content-type": "application/json", ...(init.headers ?? {}) }, env: bindings });
  const post = (path: string, body: unknown) => send(path, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) });
  const raw = decodeURIComponent(/loupe_vid=([^;]+)/.exec(cookie)![1]!);
  return { cookie, send, post, visitorId: raw.slice(0, raw.lastIndexOf(".")), bindings };
}

/** Some unsold diamonds: lab-grown and natural, one with a pair. */
export async function someDiamonds() {
  const lab = await env.DB.prepare("SELECT id, price_cents FROM diamonds WHERE is_lab_grown = 1 AND is_sold = 0 ORDER BY id LIMIT 3").all<{
    id: number;
    price_cents: number;
  }>();
  const natural = await env.DB.prepare("SELECT id, price_cents FROM diamonds WHERE is_lab_grown = 0 AND is_sold = 0 ORDER BY id LIMIT 3").all<{
    id: number;
    price_cents: number;
  }>();
  return { lab: lab.results, natural: natural.results };
}
