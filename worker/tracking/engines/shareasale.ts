/**
 * ShareASale's merchant API, new transaction (`action=new`, version 3.0; https://api.shareasale.com/w.cfm):
 * `GET {origin}/w.cfm?merchantId&token&version=3.0&action=new&transtype=sale&amount&tracking&date&skulist&pricelist&quantitylist&couponcode`
 * with `x-ShareASale-Date` (RFC 1123, UTC) and `x-ShareASale-Authentication` = hex SHA-256 of
 * `token:date:action:secret`. Purchases only; engineView already leaves out natural diamonds and the
 * 'price match' promo code. ShareASale answers text: a line with "Error" is a refusal.
 */
import type { TrackingEvent } from "#shared/tracking/event.ts";
import { callEngine, shortText, trimOrigin } from "./http";
import type { DeliveryOutcome, EngineAdapter, EngineEvent, Reach } from "./types";

export const SHAREASALE_API_URL = "https://api.shareasale.com";

export interface ShareASaleConfig extends Reach {
  merchantId: string;
  token: string;
  secret: string;
  apiUrl: string;
  /** The request's date (tests fix it). */
  now?: () => Date;
}

/** SHAREASALE_MERCHANT_ID + SHAREASALE_API_TOKEN + SHAREASALE_API_SECRET (secrets), SHAREASALE_API_URL (var); null unless all three are set. */
export function shareASaleConfig(env: {
  SHAREASALE_MERCHANT_ID?: string;
  SHAREASALE_API_TOKEN?: string;
  SHAREASALE_API_SECRET?: string;
  SHAREASALE_API_URL?: string;
}): ShareASaleConfig | null {
  const merchantId = env.SHAREASALE_MERCHANT_ID?.trim();
  const token = env.SHAREASALE_API_TOKEN?.trim();
  const secret = env.SHAREASALE_API_SECRET?.trim();
  if (!merchantId || !token || !secret) return null;
  return { merchantId, token, secret, apiUrl: trimOrigin(env.SHAREASALE_API_URL || SHAREASALE_API_URL) };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The query of the new-transaction call for one purchase. */
export function shareASaleQuery(config: ShareASaleConfig, { event, view }: EngineEvent): URLSearchParams {
  const c = event.custom_data;
  const date = new Date(event.event_time * 1000);
  const q = new URLSearchParams({
    merchantId: config.merchantId,
    token: config.token,
    version: "3.0",
    action: "new",
    transtype: "sale",
    amount: view.value.toFixed(2),
    tracking: c.order_id ?? event.event_id,
    date: `${String(date.getUTCMonth() + 1).padStart(2, "0")}/${String(date.getUTCDate()).padStart(2, "0")}/${date.getUTCFullYear()}`,
    skulist: view.items.map((i) => i.id).join(","),
    pricelist: view.items.map((i) => (i.priceCents / 100).toFixed(2)).join(","),
    quantitylist: view.items.map((i) => String(i.quantity)).join(","),
  });
  if (c.promo_code) q.set("couponcode", c.promo_code);
  return q;
}

/** The adapter for one merchant. */
export function shareASaleAdapter(config: ShareASaleConfig): EngineAdapter {
  return {
    engine: "shareasale",
    maxPerRequest: 1,
    declines: (event: TrackingEvent) => (event.event_name === "purchase" ? null : "ShareASale takes purchases only"),
    async send(events: readonly EngineEvent[]): Promise<DeliveryOutcome> {
      const date = (config.now?.() ?? new Date()).toUTCString();
      const signature = await sha256Hex(`${config.token}:${date}:new:${config.secret}`);
      const url = `${config.apiUrl}/w.cfm?${shareASaleQuery(config, events[0]!).toString()}`;
      const answer = await callEngine(
        config,
        "shareasale",
        url,
        { method: "GET", headers: { "x-ShareASale-Date": date, "x-ShareASale-Authentication": signature } },
        shortText,
      );
      if (!answer.ok) return answer.outcome;
      const text = shortText(answer.body);
      return /error/i.test(text) ? { kind: "failed", error: `shareasale: ${text}` } : { kind: "delivered" };
    },
  };
}
