-- Inventory holds (docs/decisions/058-inventory-holds.md): one row per stone an order holds. The primary key is
-- the item, so of any number of orders placed for the same stone at once exactly one inserts its row; the
-- others' INSERT fails inside their batch and rolls back their transition to awaiting payment.
-- item_kind: 'diamond' (a ring's stone or its paired stone: order_items.diamond_id) — the key leaves room for
-- other one-of-a-kind items. state: 'held' while the order waits for its payment (placed, payment failed,
-- financing referred), 'sold' once it is paid. An expired or cancelled order's 'held' rows are deleted in the
-- batch of that transition.
CREATE TABLE inventory_holds (
  item_kind TEXT NOT NULL,
  item_id INTEGER NOT NULL,
  order_number TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('held', 'sold')),
  at INTEGER NOT NULL,
  PRIMARY KEY (item_kind, item_id)
);
CREATE INDEX inventory_holds_order ON inventory_holds (order_number);

-- The orders before this migration: a paid order's stones are sold (the first paid, when two paid for one),
-- then an unpaid order's are held (the first placed).
INSERT OR IGNORE INTO inventory_holds (item_kind, item_id, order_number, state, at)
SELECT 'diamond', oi.diamond_id, o.order_number, 'sold', COALESCE(o.paid_at, o.updated_at)
FROM order_items oi JOIN orders o ON o.order_number = oi.order_number
WHERE oi.diamond_id IS NOT NULL AND o.status IN ('paid', 'availability_confirmed', 'item_unavailable', 'shipped', 'delivered', 'refunded')
ORDER BY COALESCE(o.paid_at, o.updated_at), o.order_number;
INSERT OR IGNORE INTO inventory_holds (item_kind, item_id, order_number, state, at)
SELECT 'diamond', oi.diamond_id, o.order_number, 'held', COALESCE(o.placed_at, o.updated_at)
FROM order_items oi JOIN orders o ON o.order_number = oi.order_number
WHERE oi.diamond_id IS NOT NULL AND o.status IN ('awaiting_payment', 'payment_failed', 'financing_referred')
ORDER BY COALESCE(o.placed_at, o.updated_at), o.order_number;
