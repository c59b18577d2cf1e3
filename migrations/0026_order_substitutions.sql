-- Issue 22 point 4 (docs/decisions/035-availability-and-substitutes.md): what the shopper chose for a stone its
-- retailer could not supply — a similar stone in its place, or that line's money back. One row per choice; the
-- line itself (order_items) holds the stone now. Written in the same transaction as the line's compare-and-set
-- (`WHERE availability = 'unavailable'`), so of concurrent choices for one line exactly one is recorded.
CREATE TABLE order_substitutions (
  id INTEGER PRIMARY KEY,
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  line_id TEXT NOT NULL,
  choice TEXT NOT NULL CHECK (choice IN ('substitute', 'refund')),
  old_diamond_id INTEGER,
  old_name TEXT NOT NULL,
  old_sku TEXT,
  old_retailer_id INTEGER,
  old_total_cents INTEGER NOT NULL,
  new_diamond_id INTEGER,              -- NULL for a refund
  new_name TEXT,
  new_sku TEXT,
  new_retailer_id INTEGER,
  new_total_cents INTEGER,
  price_difference_cents INTEGER NOT NULL,  -- the new stone's price less the old line's (a refund: minus the line's total)
  amount_difference_cents INTEGER NOT NULL, -- what the order's amount due moved by, tax included: > 0 asked (a payment request), < 0 refunded
  payment_request_id TEXT REFERENCES payment_requests (id),
  actor TEXT NOT NULL,                 -- 'shopper' (the order's key or its owner)
  at INTEGER NOT NULL
);
CREATE INDEX order_substitutions_order ON order_substitutions (order_number, line_id, id);
-- Stones a retailer said it could not supply are never offered again as substitutes.
CREATE INDEX order_substitutions_old ON order_substitutions (old_diamond_id);
-- Substitutes skip stones held by an order (any line naming the diamond).
CREATE INDEX order_items_diamond ON order_items (diamond_id) WHERE diamond_id IS NOT NULL;
