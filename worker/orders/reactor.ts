/**
 * The one reactor of order effects (effects.ts; docs/decisions/060-order-effects.md). It runs the due rows of
 * order_effects: each is claimed first — `UPDATE … WHERE state = 'pending' … RETURNING`, so of two runners one
 * gets it — then run (effect-runners.ts) and marked done. One that fails goes back to pending with a growing
 * delay (failed for good after MAX_ATTEMPTS, logged); one whose runner died mid-way is taken again once its
 * lease has passed. Kicked after the response of the request whose transition wrote the rows (`react`), and
 * swept by the order cron (`sweepEffects`) for any left behind.
 */
import { type EffectBindings, type EffectRun, RUNNERS } from "./effect-runners";
import type { EffectKind } from "./effects";

/** How long a runner may hold an effect before another may take it again (longer than any runner takes). */
export const EFFECT_LEASE_MS = 5 * 60_000;
/** Tries before an effect is given up on (state `failed`, logged for the operators). */
export const MAX_ATTEMPTS = 8;
/** Effects one sweep runs at most (the rest wait for the next). */
export const SWEEP_BATCH = 100;

interface EffectRow {
  id: number;
  order_number: string;
  kind: EffectKind;
  cause: string;
  attempts: number;
}

/** Due: pending and past its delay, or running past its lease (its runner died). */
const DUE = "((state = 'pending' AND run_after <= ?1) OR (state = 'running' AND claimed_until <= ?1))";

/** Claims one effect for this runner, or null when another has it (or it is done). */
function claim(db: D1Database, id: number, now: number): Promise<EffectRow | null> {
  return db
    .prepare(`UPDATE order_effects SET state = 'running', claimed_until = ?2, attempts = attempts + 1 WHERE id = ?3 AND ${DUE} RETURNING *`)
    .bind(now, now + EFFECT_LEASE_MS, id)
    .first<EffectRow>();
}

async function runOne(env: EffectBindings, row: EffectRow, run: EffectRun): Promise<boolean> {
  const db = env.DB;
  try {
    await RUNNERS[row.kind](env, row.order_number, run, row.cause);
  } catch (e) {
    const failed = row.attempts >= MAX_ATTEMPTS;
    const message = String(e).slice(0, 500);
    console.error(JSON.stringify({ level: "error", message: `order effect ${row.kind} of ${row.order_number}: ${message}`, final: failed }));
    await db
      .prepare("UPDATE order_effects SET state = ?, run_after = ?, claimed_until = 0, last_error = ? WHERE id = ? AND state = 'running'")
      .bind(failed ? "failed" : "pending", run.now + 60_000 * 2 ** Math.min(row.attempts, 8), message, row.id)
      .run();
    return false;
  }
  await db.prepare("UPDATE order_effects SET state = 'done', done_at = ?, claimed_until = 0 WHERE id = ? AND state = 'running'").bind(run.now, row.id).run();
  return true;
}

/** Runs the due effects (of one order when `orderNumber` is given); resolves to how many were done. */
export async function runEffects(env: EffectBindings, run: EffectRun, orderNumber: string | null = null, limit = SWEEP_BATCH): Promise<number> {
  const { results } = await env.DB.prepare(`SELECT id FROM order_effects WHERE ${DUE} AND (?2 IS NULL OR order_number = ?2) ORDER BY id LIMIT ?3`)
    .bind(run.now, orderNumber, limit)
    .all<{ id: number }>();
  let done = 0;
  for (const { id } of results) {
    const row = await claim(env.DB, id, run.now);
    if (row && (await runOne(env, row, run))) done++;
  }
  return done;
}

/** After a request's transition: its order's effects run after the response (the cron sweeps them otherwise). */
export function react(env: EffectBindings, orderNumber: string, now: number, waitUntil?: (p: Promise<unknown>) => void): void {
  if (!waitUntil) return;
  waitUntil(
    runEffects(env, { now, waitUntil }, orderNumber).catch((e: unknown) =>
      console.error(JSON.stringify({ level: "error", message: `order effects of ${orderNumber}: ${String(e)}` })),
    ),
  );
}

/** The order cron's sweep: every due effect (left pending by a lost runner, or waiting for its retry). */
export function sweepEffects(env: EffectBindings, now: number, waitUntil?: (p: Promise<unknown>) => void): Promise<number> {
  return runEffects(env, { now, waitUntil });
}
