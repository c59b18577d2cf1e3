-- order_effects: what a transition of an order causes (docs/decisions/060-order-effects.md) — the cart emptied,
-- the confirmation email, the ring-size ask, the retailers' notices — one row per (order, kind, cause), written
-- in the same batch as the transition that decides it. The unique key makes a retried transition enqueue
-- nothing more; a runner claims a row (pending → running, with a lease) before it runs it and marks it done
-- after, so two runners never both run it. A row still pending (or running past its lease: a runner that
-- died) is run again by the order cron's sweep.
CREATE TABLE order_effects (
  id INTEGER PRIMARY KEY,
  order_number TEXT NOT NULL,
  kind TEXT NOT NULL,
  cause TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  run_after INTEGER NOT NULL,
  claimed_until INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  done_at INTEGER,
  UNIQUE (order_number, kind, cause)
);
CREATE INDEX order_effects_due ON order_effects (state, run_after);
