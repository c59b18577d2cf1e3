-- Financing, split payments and after-order care (issue 22; §2 TD return pages, missing ring size; §3 Cart
-- financing fields; §4 financing outcomes; §7 Orders). docs/decisions/032-financing-and-after-order.md
--
-- SQLite cannot widen a CHECK constraint in place, so the order tables are rebuilt with the new statuses and
-- providers. A table that others reference cannot simply be dropped: with foreign keys on, DROP TABLE deletes
-- its rows first and ON DELETE CASCADE would empty the children. So every child is copied aside, dropped,
-- and restored after its parent is rebuilt — nothing is lost, every row keeps its id.
PRAGMA defer_foreign_keys = on;

CREATE TABLE keep_order_items AS SELECT * FROM order_items;
CREATE TABLE keep_order_transitions AS SELECT * FROM order_transitions;
CREATE TABLE keep_payments AS SELECT * FROM payments;
CREATE TABLE keep_payment_events AS SELECT * FROM payment_events;
CREATE TABLE keep_payment_requests AS SELECT * FROM payment_requests;
CREATE TABLE keep_local_gateway_payments AS SELECT * FROM local_gateway_payments;
DROP TABLE payment_events;
DROP TABLE payments;
DROP TABLE payment_requests;
DROP TABLE order_items;
DROP TABLE order_transitions;
DROP TABLE local_gateway_payments;

-- orders: + financing_referred (the lender decides later); the after-order facts.
CREATE TABLE orders_v3 (
  order_number TEXT PRIMARY KEY,
  visitor_id TEXT NOT NULL,
  cart_key TEXT NOT NULL,
  cart_revision INTEGER NOT NULL,
  user_id INTEGER REFERENCES users (id),
  status TEXT NOT NULL CHECK (status IN ('drafted', 'awaiting_payment', 'payment_failed', 'financing_referred', 'paid', 'availability_confirmed',
    'item_unavailable', 'shipped', 'delivered', 'expired', 'cancelled', 'refunded')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  placed_at INTEGER,
  paid_at INTEGER,
  expires_at INTEGER,
  email TEXT NOT NULL,
  payment_method TEXT NOT NULL,
  price_lock_id TEXT,
  subtotal_cents INTEGER NOT NULL,
  discount_cents INTEGER NOT NULL,
  care_plans_cents INTEGER NOT NULL,
  lock_savings_cents INTEGER NOT NULL,
  total_cents INTEGER NOT NULL,
  tax_cents INTEGER NOT NULL,
  amount_due_cents INTEGER NOT NULL,
  cart_link TEXT NOT NULL,
  shipping_json TEXT NOT NULL,
  billing_json TEXT,
  instructions TEXT NOT NULL DEFAULT '',
  lines_json TEXT NOT NULL,
  contact_customer INTEGER NOT NULL DEFAULT 0 CHECK (contact_customer IN (0, 1)), -- §7 set-contact-customer: the shop should call the shopper
  shipped_at INTEGER,
  tracking_number TEXT,
  carrier TEXT,
  delivered_at INTEGER,
  review_emails INTEGER NOT NULL DEFAULT 1 CHECK (review_emails IN (0, 1)),        -- 0 after unsubscribe-user-review
  expiry_notified_at INTEGER,                                                      -- the shopper was told the unpaid order expired
  UNIQUE (cart_key, cart_revision)
);
INSERT INTO orders_v3 (order_number, visitor_id, cart_key, cart_revision, user_id, status, created_at, updated_at, placed_at, paid_at, expires_at, email,
  payment_method, price_lock_id, subtotal_cents, discount_cents, care_plans_cents, lock_savings_cents, total_cents, tax_cents, amount_due_cents, cart_link,
  shipping_json, billing_json, instructions, lines_json)
SELECT order_number, visitor_id, cart_key, cart_revision, user_id, status, created_at, updated_at, placed_at, paid_at, expires_at, email,
  payment_method, price_lock_id, subtotal_cents, discount_cents, care_plans_cents, lock_savings_cents, total_cents, tax_cents, amount_due_cents, cart_link,
  shipping_json, billing_json, instructions, lines_json
FROM orders;
DROP TABLE orders;
ALTER TABLE orders_v3 RENAME TO orders;
CREATE INDEX orders_user ON orders (user_id, created_at);
CREATE INDEX orders_unpaid ON orders (status, expires_at);
CREATE INDEX orders_status ON orders (status, updated_at);

-- order_items: + what each line is (for availability, substitutes and ring sizes).
CREATE TABLE order_items (
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  line_id TEXT NOT NULL,
  name TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  total_cents INTEGER NOT NULL,
  kind TEXT,                           -- setting, diamond, paired-diamond, wedding-band, pendant, stud, fine-jewelry (NULL: before issue 22)
  diamond_id INTEGER,                  -- a stone's catalogue id
  setting_id INTEGER,                  -- a setting's or item's id, and its variant
  variant_id INTEGER,
  retailer_id INTEGER,                 -- who sells it (confirms its availability)
  sku TEXT,                            -- the retailer's stock number
  size REAL,                           -- the ring or band size; NULL where one is needed is a missing ring size
  size_required INTEGER NOT NULL DEFAULT 0 CHECK (size_required IN (0, 1)),
  availability TEXT NOT NULL DEFAULT 'unconfirmed' CHECK (availability IN ('unconfirmed', 'confirmed', 'unavailable', 'substituted', 'refunded')),
  availability_at INTEGER,
  PRIMARY KEY (order_number, line_id)
) WITHOUT ROWID;
INSERT INTO order_items (order_number, line_id, name, quantity, total_cents) SELECT order_number, line_id, name, quantity, total_cents FROM keep_order_items;

CREATE TABLE order_transitions (
  id INTEGER PRIMARY KEY,
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  from_status TEXT NOT NULL,
  to_status TEXT NOT NULL,
  event TEXT NOT NULL,
  cause TEXT NOT NULL,
  at INTEGER NOT NULL
);
INSERT INTO order_transitions SELECT * FROM keep_order_transitions;
CREATE INDEX order_transitions_order ON order_transitions (order_number, id);

CREATE TABLE payment_requests (
  id TEXT PRIMARY KEY,
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reason TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'cancelled')),
  payment_id TEXT,
  created_at INTEGER NOT NULL,
  paid_at INTEGER
);
INSERT INTO payment_requests SELECT * FROM keep_payment_requests;
CREATE INDEX payment_requests_order ON payment_requests (order_number, created_at);

-- payments: + affirm, splitit, td; + refunded (every captured cent given back).
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (provider IN ('paypal', 'braintree', 'stripe', 'local', 'wire', 'affirm', 'splitit', 'td')),
  method TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL DEFAULT 'USD',
  status TEXT NOT NULL CHECK (status IN ('created', 'captured', 'declined', 'pending', 'cancelled', 'refunded')),
  provider_payment_id TEXT,
  provider_capture_id TEXT,
  approval_url TEXT,
  client_secret TEXT,
  idempotency_key TEXT NOT NULL UNIQUE,
  claimed_until INTEGER NOT NULL DEFAULT 0,
  decline_reason TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  request_id TEXT REFERENCES payment_requests (id),
  refunded_cents INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents)
);
INSERT INTO payments (id, order_number, provider, method, amount_cents, currency, status, provider_payment_id, provider_capture_id, approval_url, client_secret,
  idempotency_key, claimed_until, decline_reason, created_at, updated_at, request_id)
SELECT id, order_number, provider, method, amount_cents, currency, status, provider_payment_id, provider_capture_id, approval_url, client_secret,
  idempotency_key, claimed_until, decline_reason, created_at, updated_at, request_id FROM keep_payments;
CREATE INDEX payments_order ON payments (order_number, created_at);
CREATE UNIQUE INDEX payments_provider_id ON payments (provider, provider_payment_id) WHERE provider_payment_id IS NOT NULL;

CREATE TABLE payment_events (
  id INTEGER PRIMARY KEY,
  payment_id TEXT REFERENCES payments (id) ON DELETE CASCADE,
  order_number TEXT,
  provider TEXT NOT NULL,
  kind TEXT NOT NULL,
  provider_event_id TEXT,
  verified INTEGER NOT NULL CHECK (verified IN (0, 1)),
  payload TEXT NOT NULL,
  at INTEGER NOT NULL
);
INSERT INTO payment_events SELECT * FROM keep_payment_events;
CREATE UNIQUE INDEX payment_events_provider_event ON payment_events (provider, provider_event_id) WHERE provider_event_id IS NOT NULL;
CREATE INDEX payment_events_payment ON payment_events (payment_id, id);

-- The embedded gateway now stands in for every provider: what it stands in for, the lender's answers
-- (refer, cancel) and refunds.
CREATE TABLE local_gateway_payments (
  id TEXT PRIMARY KEY,
  order_number TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  description TEXT NOT NULL,
  return_url TEXT NOT NULL,
  cancel_url TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('created', 'approved', 'declined', 'referred', 'cancelled', 'captured')),
  captures INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  stands_for TEXT NOT NULL DEFAULT 'paypal', -- paypal, card, affirm, splitit, td: what the page looks like and which answers it offers
  refunded_cents INTEGER NOT NULL DEFAULT 0,
  refunds INTEGER NOT NULL DEFAULT 0
);
INSERT INTO local_gateway_payments (id, order_number, amount_cents, description, return_url, cancel_url, idempotency_key, status, captures, created_at)
SELECT id, order_number, amount_cents, description, return_url, cancel_url, idempotency_key, status, captures, created_at FROM keep_local_gateway_payments;

DROP TABLE keep_order_items;
DROP TABLE keep_order_transitions;
DROP TABLE keep_payments;
DROP TABLE keep_payment_events;
DROP TABLE keep_payment_requests;
DROP TABLE keep_local_gateway_payments;

-- Operator actions on orders (issue 22 point 6): who did what, when, with what detail.
CREATE TABLE order_actions (
  id INTEGER PRIMARY KEY,
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  action TEXT NOT NULL,                -- confirm-availability, wire-received, shipped, refund, resend-email, status:<event>, ...
  actor TEXT NOT NULL,                 -- 'operator:<name>', 'retailer:<id>', 'system'
  detail TEXT NOT NULL DEFAULT '{}',   -- JSON
  at INTEGER NOT NULL
);
CREATE INDEX order_actions_order ON order_actions (order_number, id);

-- Refunds through the provider that took the money (exactly once: the idempotency key is the provider's).
CREATE TABLE refunds (
  id TEXT PRIMARY KEY,                 -- 'rfd_' + random
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  payment_id TEXT NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reason TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('requested', 'refunded', 'failed')),
  provider_refund_id TEXT,
  idempotency_key TEXT NOT NULL UNIQUE,
  claimed_until INTEGER NOT NULL DEFAULT 0,
  failure TEXT,
  actor TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX refunds_order ON refunds (order_number, created_at);
