/**
 * The experiments' D1 side: the definitions in force (shared/experiments/definitions.ts with the content
 * store's overrides laid over them, read at most every OVERRIDES_TTL_MS per isolate) and the marketer view's
 * report of the exposures and conversions per variant (the tracking queue carries them; its consumer writes
 * them: worker/tracking/records.ts).
 */
import { EXPERIMENTS, type Experiment } from "#shared/experiments/definitions.ts";
import { applyOverrides, parseStoredOverride, type ExperimentOverride } from "#shared/experiments/overrides.ts";
import type { AssignmentSource, Variant } from "#shared/experiments/bucketing.ts";
import type { VisitorEventKind } from "../tracking/messages";

/** How long an isolate keeps the overrides it read: a change in the content store is live within this. */
export const OVERRIDES_TTL_MS = 30_000;

export type { VisitorEventKind };

interface Cached {
  at: number;
  definitions: readonly Experiment[];
}
let cached: Cached | null = null;

/**
 * The experiments in force: the deployed definitions with D1's overrides, read at most every
 * OVERRIDES_TTL_MS per isolate (the value is kept, never a pending read: one request's I/O is not awaited
 * by another). If D1 fails the last known definitions (else the deployed ones) stay in force, so
 * bucketing never fails a page.
 */
export async function experimentDefinitions(db: D1Database, now = Date.now()): Promise<readonly Experiment[]> {
  if (cached && now - cached.at < OVERRIDES_TTL_MS) return cached.definitions;
  try {
    const overrides = await listOverrides(db);
    cached = { at: now, definitions: overrides.size ? applyOverrides(EXPERIMENTS, overrides) : EXPERIMENTS };
    return cached.definitions;
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: `experiment overrides unavailable: ${String(err)}` }));
    return cached?.definitions ?? EXPERIMENTS;
  }
}

/** Forget the cached overrides (after this isolate wrote one). */
export function forgetDefinitions(): void {
  cached = null;
}

/** The stored override of each experiment that has one (rows that do not validate are left out, and logged). */
export async function listOverrides(db: D1Database): Promise<Map<string, ExperimentOverride>> {
  const { results } = await db.prepare("SELECT name, fields FROM experiment_overrides").all<{ name: string; fields: string }>();
  const out = new Map<string, ExperimentOverride>();
  for (const row of results) {
    const o = parseStoredOverride(row.fields);
    if (o) out.set(row.name, o);
    else console.error(JSON.stringify({ level: "warn", message: `experiment override for ${row.name} ignored: not a valid override` }));
  }
  return out;
}

/** Stores (replaces) an experiment's override. */
export async function saveOverride(db: D1Database, name: string, override: ExperimentOverride, now = Date.now()): Promise<void> {
  await db
    .prepare(
      "INSERT INTO experiment_overrides (name, fields, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET fields = excluded.fields, updated_at = excluded.updated_at",
    )
    .bind(name, JSON.stringify(override), now)
    .run();
  forgetDefinitions();
}

/** Removes an experiment's override; false when it had none. */
export async function deleteOverride(db: D1Database, name: string): Promise<boolean> {
  const r = await db.prepare("DELETE FROM experiment_overrides WHERE name = ?").bind(name).run();
  forgetDefinitions();
  return (r.meta.changes ?? 0) > 0;
}

/** Records the visitor's exposure to a variant (once: a repeat is ignored). True when it was new. (The queue's consumer writes its batches with worker/tracking/records.ts.) */
export async function recordExposure(
  db: D1Database,
  visitorId: string,
  experiment: string,
  variant: Variant,
  source: AssignmentSource,
  now = Date.now(),
): Promise<boolean> {
  const r = await db
    .prepare("INSERT INTO experiment_events (visitor_id, experiment, variant, source, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
    .bind(visitorId, experiment, variant, source, now)
    .run();
  return (r.meta.changes ?? 0) > 0;
}

export interface VariantCounts {
  /** Visitors whose browser reported the variant (its exposure event). */
  visitors: number;
  /** Items those visitors added to a cart after their exposure. */
  addToCart: number;
  /** Orders those visitors drafted at checkout after their exposure. */
  checkout: number;
}

/** Per experiment and variant: visitors exposed and their conversions after exposure. */
export async function experimentCounts(db: D1Database): Promise<Map<string, [VariantCounts, VariantCounts]>> {
  const [exposed, converted] = await db.batch<{ experiment: string; variant: number; visitors?: number; add_to_cart?: number; checkout?: number }>([
    db.prepare("SELECT experiment, variant, COUNT(*) AS visitors FROM experiment_events GROUP BY experiment, variant"),
    db.prepare(
      `SELECT x.experiment, x.variant, SUM(e.kind = 'add-to-cart') AS add_to_cart, SUM(e.kind = 'checkout') AS checkout
         FROM experiment_events x JOIN visitor_events e ON e.visitor_id = x.visitor_id AND e.at >= x.at
        GROUP BY x.experiment, x.variant`,
    ),
  ]);
  const out = new Map<string, [VariantCounts, VariantCounts]>();
  const entry = (name: string) => {
    let e = out.get(name);
    if (!e)
      out.set(
        name,
        (e = [
          { visitors: 0, addToCart: 0, checkout: 0 },
          { visitors: 0, addToCart: 0, checkout: 0 },
        ]),
      );
    return e;
  };
  for (const r of exposed!.results) entry(r.experiment)[r.variant as Variant].visitors = r.visitors ?? 0;
  for (const r of converted!.results) {
    const c = entry(r.experiment)[r.variant as Variant];
    c.addToCart = r.add_to_cart ?? 0;
    c.checkout = r.checkout ?? 0;
  }
  return out;
}
