/** Shared by the my-stuff list tests: a signed-in customer with typed calls of shared/api/my-stuff-lists.ts, and catalogue picks. */
import { env } from "cloudflare:test";
import { call } from "../helpers";
import { bearer, confirmedUser, signIn } from "../accounts/account-helpers";

/** A fresh confirmed customer, signed in with a bearer token. */
export async function customer(tag: string) {
  const email = await confirmedUser(tag);
  const token = await signIn(email);
  const headers = { ...bearer(token), "content-type": "application/json" };
  const user = (await env.DB.prepare("SELECT id, user_guid FROM users WHERE email = ?").bind(email).first<{ id: number; user_guid: string }>())!;
  const get = async <T>(path: string): Promise<T> => {
    const res = await call(`/api/${path}`, { headers });
    if (res.status !== 200) throw new Error(`GET ${path}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    email,
    token,
    headers,
    id: user.id,
    userGuid: user.user_guid,
    get,
    post: (path: string, body?: unknown) => call(`/api/${path}`, { method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    del: (path: string) => call(`/api/${path}`, { method: "DELETE", headers }),
    view: (diamondId: number) => call(`/api/logging/diamonds/views/${diamondId}`, { headers }),
  };
}
/** A signed-in customer of the tests, with their calls. */
export type Customer = Awaited<ReturnType<typeof customer>>;

/** Setting ids of the catalogue: ring settings (not jewellery) and jewellery pieces, each with a metal for sale. */
export async function settingIds(jewellery: boolean, n: number): Promise<number[]> {
  const types = jewellery ? "item_type IN (2, 4)" : "item_type IN (0, 1, 5)";
  const { results } = await env.DB.prepare(
    `SELECT id FROM settings WHERE ${types} AND EXISTS (SELECT 1 FROM setting_variants v WHERE v.setting_id = settings.id AND v.is_sold = 0) ORDER BY id LIMIT ?`,
  )
    .bind(n)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** Available diamonds without a pair (a saved one brings no other with it). */
export async function singles(n: number, where = "is_sold = 0"): Promise<number[]> {
  const { results } = await env.DB.prepare(`SELECT id FROM diamonds WHERE paired_diamond_id IS NULL AND ${where} ORDER BY id LIMIT ?`)
    .bind(n)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}
