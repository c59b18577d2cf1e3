/**
 * Shared by the cart tests of this folder: a visitor with typed cart calls, and catalogue rows to put in a cart.
 */
import { env } from "cloudflare:test";
import type { CartView } from "#shared/cart/schemas.ts";
import type { CartObject } from "#worker/cart/cart-object.ts";
import { cartStub } from "#worker/cart/service.ts";
import { call, postJson } from "../helpers";

export type Intent = Record<string, unknown> & { type: string };

/** A new visitor (its own signed cookie, so its own CartObject) with typed calls. */
export async function visitor() {
  const first = await call("/api/cart");
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const raw = decodeURIComponent(/loupe_vid=([^;]+)/.exec(cookie)![1]!);
  const visitorId = raw.slice(0, raw.lastIndexOf("."));
  const headers = { cookie };
  return {
    cookie,
    visitorId,
    stub: cartStub(env, visitorId) as DurableObjectStub<CartObject>,
    get: async () => (await (await call("/api/cart", { headers })).json()) as CartView,
    send: (intent: Intent | string) => postJson("/api/cart", intent, headers),
    ok: async (intent: Intent) => {
      const res = await postJson("/api/cart", intent, headers);
      if (res.status !== 200) throw new Error(`${intent.type}: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as CartView;
    },
    lock: () => call("/api/orders/price-lock", { method: "POST", headers }),
    quote: () => call("/api/care-plan/quote/cart", { method: "POST", headers }),
  };
}

export const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const all = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

export type DiamondFix = { id: number; price_cents: number; paired_diamond_id: number | null; is_lab_grown: number };
export const diamonds = () => all<DiamondFix>("SELECT id, price_cents, paired_diamond_id, is_lab_grown FROM diamonds WHERE is_sold = 0 ORDER BY id LIMIT 40");
/** Ring settings with a matching band, and a variant of each in two metals. */
export const ringSettings = () =>
  all<{ id: number; matching_band_id: number; vid: number; metal: number; price_cents: number }>(
    `SELECT s.id, s.matching_band_id, v.id AS vid, v.metal, v.price_cents FROM settings s JOIN setting_variants v ON v.setting_id = s.id
     WHERE s.item_type = 1 AND s.item_type_name = 'Setting' AND s.matching_band_id IS NOT NULL AND v.is_sold = 0 ORDER BY s.id, v.id LIMIT 12`,
  );
export const variantsOf = (settingId: number) =>
  all<{ id: number; metal: number; price_cents: number }>(
    "SELECT id, metal, price_cents FROM setting_variants WHERE setting_id = ? AND is_sold = 0 ORDER BY id",
    settingId,
  );
export const jewelry = (typeName: string, limit = 20) =>
  all<{ vid: number; sid: number; price_cents: number }>(
    "SELECT v.id AS vid, s.id AS sid, v.price_cents FROM settings s JOIN setting_variants v ON v.setting_id = s.id WHERE s.item_type_name = ? AND v.is_sold = 0 ORDER BY v.id LIMIT ?",
    typeName,
    limit,
  );
