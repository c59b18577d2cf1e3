-- Custom payment requests (issue 18; §2 /orders/approve-payment/{n}, /cart/approve-payment/{n}): an operator
-- asks the shopper of a paid order for an extra amount (a resize, an upgrade, a balance); the shopper
-- approves it on the order's approve-payment page and pays it like an order, through the order's method.
CREATE TABLE payment_requests (
  id TEXT PRIMARY KEY,                 -- 'prq_' + random
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reason TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'cancelled')),
  payment_id TEXT,                     -- the payment that paid it
  created_at INTEGER NOT NULL,
  paid_at INTEGER
);
CREATE INDEX payment_requests_order ON payment_requests (order_number, created_at);

-- A payment collects an order's amount, or one of its payment requests.
ALTER TABLE payments ADD COLUMN request_id TEXT REFERENCES payment_requests (id);
