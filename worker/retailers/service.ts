/** Retailers: a small, slowly changing list, cached per isolate for five minutes. */
import type { RetailerOption } from "#shared/schemas.ts";

const TTL_MS = 300_000;
/**
 * The last list read, not a pending read: a promise started for one request must not be awaited by
 * another (the runtime cancels a request's I/O when it ends, e.g. after an early redirect, and a shared
 * pending promise would then never settle).
 */
let retailers: { at: number; value: RetailerOption[] } | null = null;

/** Visible retailers (status 2) by name, with which diamonds they sell (type 1 natural, 2 lab, 3 both). */
export async function listRetailers(db: D1Database, now = Date.now()): Promise<RetailerOption[]> {
  if (retailers && now - retailers.at < TTL_MS) return retailers.value;
  const { results } = await db
    .prepare("SELECT id, name, slugurl, type FROM retailers WHERE status = 2 ORDER BY name")
    .all<{ id: number; name: string; slugurl: string; type: number }>();
  const value = results.map((r) => ({
    id: r.id,
    name: r.name,
    slugurl: r.slugurl,
    sells: [...(r.type & 1 ? (["natural"] as const) : []), ...(r.type & 2 ? (["lab"] as const) : [])],
  }));
  retailers = { at: now, value };
  return value;
}
