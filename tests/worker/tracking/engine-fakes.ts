/**
 * The tracking tests' handle on the loopback engine fakes (tests/fakes/meta-capi.ts, ga4.ts, tiktok.ts): a fresh
 * pixel / stream per call (its own ids, so test files running at once never share events or injected failures),
 * the env bindings that configure the worker's adapters for it, and the fakes' control calls.
 */
import { inject } from "vitest";
import type { TrackingEvent } from "#shared/tracking/event.ts";

async function control<T>(prefix: string, action: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${inject("fakesOrigin")}/__control/${prefix}/${action}`, { method: "POST", body: JSON.stringify(body) });
  return (await res.json()) as T;
}

const uid = () => crypto.randomUUID().replace(/-/g, "").slice(0, 16);

export interface MetaPixel {
  pixelId: string;
  accessToken: string;
  env: { META_PIXEL_ID: string; META_ACCESS_TOKEN: string; META_GRAPH_URL: string };
  fail(status: number, times?: number, code?: number): Promise<unknown>;
  hang(ms: number): Promise<unknown>;
  received(): Promise<Record<string, unknown>[]>;
  requests(): Promise<{ status: number; body: unknown }[]>;
}

/** A pixel registered at the Meta fake. */
export async function metaPixel(): Promise<MetaPixel> {
  const pixelId = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const accessToken = `EAA${uid()}`;
  await control("meta", "register", { pixelId, accessToken });
  const c = <T>(action: string, body: Record<string, unknown> = {}) => control<T>("meta", action, { pixelId, ...body });
  return {
    pixelId,
    accessToken,
    env: { META_PIXEL_ID: pixelId, META_ACCESS_TOKEN: accessToken, META_GRAPH_URL: `${inject("fakesOrigin")}/meta/` },
    fail: (status, times = 1, code) => c("fail", { status, times, code }),
    hang: (ms) => c("hang", { ms }),
    received: () => c("received"),
    requests: () => c("requests"),
  };
}

export interface Ga4Stream {
  measurementId: string;
  env: { GA4_MEASUREMENT_ID: string; GA4_API_SECRET: string; GA4_API_URL: string };
  fail(status: number, times?: number): Promise<unknown>;
  received(): Promise<{ clientId: string; apiSecretOk: boolean; events: { name: string; params: Record<string, unknown> }[]; validationMessages: unknown[] }[]>;
}

/** A data stream registered at the GA4 fake. */
export async function ga4Stream(): Promise<Ga4Stream> {
  const measurementId = `G-${uid().toUpperCase()}`;
  const apiSecret = uid();
  await control("ga4", "register", { measurementId, apiSecret });
  const c = <T>(action: string, body: Record<string, unknown> = {}) => control<T>("ga4", action, { measurementId, ...body });
  return {
    measurementId,
    env: { GA4_MEASUREMENT_ID: measurementId, GA4_API_SECRET: apiSecret, GA4_API_URL: `${inject("fakesOrigin")}/ga4` },
    fail: (status, times = 1) => c("fail", { status, times }),
    received: () => c("received"),
  };
}

export interface TikTokPixel {
  pixelCode: string;
  env: { TIKTOK_PIXEL_CODE: string; TIKTOK_ACCESS_TOKEN: string; TIKTOK_API_URL: string };
  fail(failure: { code?: number; status?: number }, times?: number): Promise<unknown>;
  received(): Promise<Record<string, unknown>[]>;
}

/** A pixel registered at the TikTok fake. */
export async function tiktokPixel(): Promise<TikTokPixel> {
  const pixelCode = `C${uid().toUpperCase()}`;
  const accessToken = uid();
  await control("tiktok", "register", { pixelCode, accessToken });
  const c = <T>(action: string, body: Record<string, unknown> = {}) => control<T>("tiktok", action, { pixelCode, ...body });
  return {
    pixelCode,
    env: { TIKTOK_PIXEL_CODE: pixelCode, TIKTOK_ACCESS_TOKEN: accessToken, TIKTOK_API_URL: `${inject("fakesOrigin")}/tiktok` },
    fail: (failure, times = 1) => c("fail", { ...failure, times }),
    received: () => c("received"),
  };
}

const HEX = "0123456789abcdef";
/** A 64-hex value standing for a SHA-256 hash. */
export const fakeHash = () => Array.from(crypto.getRandomValues(new Uint8Array(64)), (b) => HEX[b % 16]).join("");

/** A purchase event as the site builds it (values already computed), for `visitor` (a hashed id). */
export function purchaseEvent(over: Partial<TrackingEvent> = {}, visitor = fakeHash()): TrackingEvent {
  const id = uid();
  return {
    event_id: `purchase-${id}`,
    event_name: "purchase",
    event_time: Math.floor(Date.now() / 1000),
    event_source_url: "https://loupe.test/orders/LP0000000001/success",
    action_source: "website",
    user_data: { em: fakeHash(), ph: fakeHash(), country: fakeHash(), external_id: visitor },
    client_ip_address: "203.0.113.7",
    client_user_agent: "Mozilla/5.0 (test)",
    custom_data: {
      content_category: "lab-diamond",
      content_name: "1.01 ct round lab diamond",
      content_ids: ["LD-1001"],
      content_type: "product",
      currency: "USD",
      value: 1234.5,
      items: [{ id: "LD-1001", type: "lab-diamond", name: "1.01 ct round lab diamond", priceCents: 246_900, quantity: 1 }],
      diamond_type: "diamond",
      diamond_origin: "lab",
      order_id: `LP${id.slice(0, 10)}`,
    },
    ...over,
  };
}
