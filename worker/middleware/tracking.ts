/**
 * The one gate every tracking emission goes through (§7 "nothing is sent before consent"): a visitor whom
 * One_Trust_Script targets (the consent banner) is tracked only after the `loupe_consent` cookie says
 * "granted", and one who said "denied" never (shared/tracking/consent.ts). What passes goes onto the tracking
 * queue (worker/tracking/messages.ts); the consumer fans it out. Here (not in worker/tracking/) because it
 * reads the request: the services there take plain values.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { CONSENT_EXPERIMENT, consentFromCookie, trackingAllowed } from "#shared/tracking/consent.ts";
import { FBC_COOKIE, fbcFromClickId, isValidFbc } from "#shared/tracking/fbc.ts";
import type { AppEnv } from "../env";
import { isOwnOrder, type OrderCaller } from "../orders/lookup/own";
import { findOrder } from "../orders/store";
import type { RequestFacts } from "../tracking/build";
import { enqueueTracking, type TrackingMessage } from "../tracking/messages";
import { purchaseOnce } from "../tracking/service";
import { throttleEmailCapture, throttlePageEvent } from "../tracking/throttle";

/** The client's address (CF-Connecting-IP; "unknown" without one, as local runs have). */
const clientIp = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip") ?? "unknown";

/** Counts this request against the page events' limits of its visitor and address (worker/tracking/throttle.ts): 429 past either. */
export function limitPageEvents(c: Context<AppEnv>, now = Date.now()): Promise<void> {
  return throttlePageEvent(c.env.DB, c.get("visitorId"), clientIp(c), now);
}

/** Counts this request against the email captures' limit of its address: 429 past it. */
export function limitEmailCaptures(c: Context<AppEnv>, now = Date.now()): Promise<void> {
  return throttleEmailCapture(c.env.DB, clientIp(c), now);
}

/** Whether this request's visitor may be tracked. */
export function mayTrack(c: Context<AppEnv>): boolean {
  return trackingAllowed(consentFromCookie(c.req.header("cookie")), c.get("variants")?.[CONSENT_EXPERIMENT] === 1);
}

/** The ad-click cookie of the request (the landing URL's fbclid when it came with one), when well formed. */
export function fbcOf(c: Context<AppEnv>, now: number): string | null {
  const cookie = getCookie(c, FBC_COOKIE);
  if (isValidFbc(cookie)) return cookie;
  return fbcFromClickId(new URL(c.req.url).searchParams.get("fbclid"), now);
}

/** What the request tells about the visitor and page (the page: `url` when given and same-origin, else the Referer, else the request). */
export function requestFacts(c: Context<AppEnv>, now: number, url?: string | null): RequestFacts {
  const own = new URL(c.req.url);
  const page = [url, c.req.header("referer")].find((u) => u && sameOrigin(u, own.origin)) ?? own.href;
  return {
    visitorId: c.get("visitorId"),
    ip: c.req.header("cf-connecting-ip") ?? null,
    userAgent: c.req.header("user-agent") ?? null,
    fbc: fbcOf(c, now),
    url: page,
    now,
  };
}

/** Whether `url` is an absolute URL of this site. */
export function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

function logged(p: Promise<unknown>): Promise<void> {
  return p.then(
    () => undefined,
    (err: unknown) => console.error(JSON.stringify({ level: "error", message: `tracking not queued: ${String(err)}` })),
  );
}

/** A request's emissions not yet sent: what one synchronous run of its code emits goes in one sendBatch. */
const pending = new WeakMap<object, Promise<readonly TrackingMessage[]>[]>();

/**
 * Emits after the response (waitUntil): the messages, or a function building them (run only when the visitor
 * may be tracked, so nothing is read for a visitor who is not). Emissions of the same moment of a request (a
 * cart add's conversion and its add_to_cart) share one send. False when the gate said no.
 */
export function emitTracking(c: Context<AppEnv>, messages: readonly TrackingMessage[] | (() => Promise<readonly TrackingMessage[]>)): boolean {
  if (!mayTrack(c)) return false;
  const built = typeof messages === "function" ? messages() : Promise.resolve(messages);
  let batch = pending.get(c);
  if (!batch) {
    const list: Promise<readonly TrackingMessage[]>[] = [];
    pending.set(c, (batch = list));
    const flush = Promise.resolve().then(async () => {
      pending.delete(c);
      const settled = await Promise.allSettled(list);
      for (const s of settled) if (s.status === "rejected") void logged(Promise.reject(s.reason));
      const all = settled.flatMap((s) => (s.status === "fulfilled" ? s.value : []));
      if (all.length) await enqueueTracking(c.env.TRACKING_QUEUE, all);
    });
    c.executionCtx.waitUntil(logged(flush));
  }
  batch.push(built);
  return true;
}

/** Emits now (a tracking call's own work): true when queued, false when the gate said no. */
export async function sendTracking(c: Context<AppEnv>, messages: readonly TrackingMessage[]): Promise<boolean> {
  if (!mayTrack(c)) return false;
  await enqueueTracking(c.env.TRACKING_QUEUE, messages);
  return true;
}

/**
 * The purchase the worker emits itself: when a payment approval this browser made answers "paid", the order's
 * purchase goes onto the queue after the response — once per order (worker/tracking/service.ts purchaseOnce;
 * the confirmation page's POST /tracking/purchase shares its event id and claim), and only for the caller's
 * own order, through the consent gate. A webhook's payment has no visitor: its purchase waits for the page.
 * Called with an approval's answer (`{ status, body: ApprovalResult }`): the purchase when it says the order is paid.
 */
export function purchaseAfterApproval(c: Context<AppEnv>, answer: unknown, caller: () => Promise<OrderCaller>): void {
  const body = (answer as { body?: { outcome?: string; order?: { orderNumber?: string } } } | null)?.body;
  const orderNumber = body?.outcome === "paid" ? body.order?.orderNumber : undefined;
  if (!orderNumber || !mayTrack(c)) return;
  const facts = requestFacts(c, Date.now());
  const work = async () => {
    const [order, who] = await Promise.all([findOrder(c.env.DB, orderNumber), caller()]);
    if (!order || !isOwnOrder(order, who)) return;
    await purchaseOnce(c.env.DB, order, facts, (m) => enqueueTracking(c.env.TRACKING_QUEUE, m));
  };
  c.executionCtx.waitUntil(work().catch((err: unknown) => console.error(JSON.stringify({ level: "error", message: `purchase not queued: ${String(err)}` }))));
}
