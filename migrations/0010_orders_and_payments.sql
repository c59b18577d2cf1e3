-- Orders and payments (issue 18; §3 Cart payment fields, Order payment payloads; §7 Orders).
-- docs/decisions/015-orders-and-payments.md
--
-- orders is rebuilt: its status now follows the order's whole life (shared/orders/states.ts), it belongs to
-- the cart object it came from (a visitor's, or a signed-in customer's: one draft per cart revision), to a
-- customer when there is one, and it knows the amount its payment must collect.
CREATE TABLE orders_v2 (
  order_number TEXT PRIMARY KEY,       -- 'LP' + 10 digits, what the shopper quotes
  visitor_id TEXT NOT NULL,            -- the signed visitor id of the browser that drafted it
  cart_key TEXT NOT NULL,              -- the CartObject it came from: 'visitor:<id>' or 'user:<guid>'
  cart_revision INTEGER NOT NULL,
  user_id INTEGER REFERENCES users (id),
  status TEXT NOT NULL CHECK (status IN ('drafted', 'awaiting_payment', 'payment_failed', 'paid', 'availability_confirmed', 'item_unavailable', 'shipped', 'delivered', 'expired', 'cancelled', 'refunded')),
  created_at INTEGER NOT NULL,         -- epoch ms
  updated_at INTEGER NOT NULL,
  placed_at INTEGER,                   -- when payment was first asked for
  paid_at INTEGER,
  expires_at INTEGER,                  -- an unpaid order expires then
  email TEXT NOT NULL,
  payment_method TEXT NOT NULL,
  price_lock_id TEXT,
  subtotal_cents INTEGER NOT NULL,
  discount_cents INTEGER NOT NULL,
  care_plans_cents INTEGER NOT NULL,
  lock_savings_cents INTEGER NOT NULL,
  total_cents INTEGER NOT NULL,        -- pre-tax, the lock honoured
  tax_cents INTEGER NOT NULL,
  amount_due_cents INTEGER NOT NULL,   -- what the payment collects: total + tax, or the wire price + its tax
  cart_link TEXT NOT NULL,
  shipping_json TEXT NOT NULL,
  billing_json TEXT,
  instructions TEXT NOT NULL DEFAULT '',
  lines_json TEXT NOT NULL,            -- [{lineId, name, quantity, total}] (also in order_items)
  UNIQUE (cart_key, cart_revision)
);
INSERT INTO orders_v2 (order_number, visitor_id, cart_key, cart_revision, status, created_at, updated_at, email, payment_method, price_lock_id,
  subtotal_cents, discount_cents, care_plans_cents, lock_savings_cents, total_cents, tax_cents, amount_due_cents, cart_link, shipping_json, lines_json)
SELECT order_number, visitor_id, 'visitor:' || visitor_id, cart_revision, status, created_at, created_at, email, payment_method, price_lock_id,
  subtotal_cents, discount_cents, care_plans_cents, lock_savings_cents, total_cents, tax_cents, total_cents + tax_cents, cart_link, shipping_json, lines_json
FROM orders;
DROP TABLE orders;
ALTER TABLE orders_v2 RENAME TO orders;
CREATE INDEX orders_user ON orders (user_id, created_at);
CREATE INDEX orders_unpaid ON orders (status, expires_at);

-- order_items: the order's lines as priced when it was drafted.
CREATE TABLE order_items (
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  line_id TEXT NOT NULL,
  name TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  total_cents INTEGER NOT NULL,
  PRIMARY KEY (order_number, line_id)
) WITHOUT ROWID;

-- order_transitions: every status change with its cause (append-only).
CREATE TABLE order_transitions (
  id INTEGER PRIMARY KEY,
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  from_status TEXT NOT NULL,
  to_status TEXT NOT NULL,
  event TEXT NOT NULL,
  cause TEXT NOT NULL,                 -- who or what: 'shopper', 'provider:paypal', 'webhook:stripe', 'operator', 'expiry'
  at INTEGER NOT NULL
);
CREATE INDEX order_transitions_order ON order_transitions (order_number, id);

-- payments: one attempt to collect an order's amount through one provider. The idempotency key is what the
-- provider sees on every retry of the same request; `claimed_until` is the lease of the one request that
-- may talk to the provider about it right now (concurrent approvals wait their turn: exactly one capture).
CREATE TABLE payments (
  id TEXT PRIMARY KEY,                 -- 'pay_' + random
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (provider IN ('paypal', 'braintree', 'stripe', 'local', 'wire')),
  method TEXT NOT NULL,                -- paypal, card, ApplePayCard, GooglePay, wire
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL DEFAULT 'USD',
  status TEXT NOT NULL CHECK (status IN ('created', 'captured', 'declined', 'pending', 'cancelled')),
  provider_payment_id TEXT,
  provider_capture_id TEXT,
  approval_url TEXT,                   -- where the buyer approves (PayPal, the local gateway)
  client_secret TEXT,                  -- Stripe's PaymentIntent client secret (for the buyer's browser only)
  idempotency_key TEXT NOT NULL UNIQUE,
  claimed_until INTEGER NOT NULL DEFAULT 0,
  decline_reason TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX payments_order ON payments (order_number, created_at);
CREATE UNIQUE INDEX payments_provider_id ON payments (provider, provider_payment_id) WHERE provider_payment_id IS NOT NULL;

-- payment_events: what each provider said, append-only, with its payload and whether it was verified (a
-- webhook's signature, or an answer to our own call). A provider's event id is stored once: replays are refused.
CREATE TABLE payment_events (
  id INTEGER PRIMARY KEY,
  payment_id TEXT REFERENCES payments (id) ON DELETE CASCADE,
  order_number TEXT,
  provider TEXT NOT NULL,
  kind TEXT NOT NULL,                  -- created, captured, declined, pending, webhook:<type>, error
  provider_event_id TEXT,
  verified INTEGER NOT NULL CHECK (verified IN (0, 1)),
  payload TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE UNIQUE INDEX payment_events_provider_event ON payment_events (provider, provider_event_id) WHERE provider_event_id IS NOT NULL;
CREATE INDEX payment_events_payment ON payment_events (payment_id, id);

-- local_gateway_payments: the embedded test gateway's own books (APP_ENV local, no provider configured): a
-- payment the shopper approves or declines on /dev/gateway/{id}, captured once by the worker afterwards.
CREATE TABLE local_gateway_payments (
  id TEXT PRIMARY KEY,                 -- 'lgp_' + random
  order_number TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  description TEXT NOT NULL,
  return_url TEXT NOT NULL,
  cancel_url TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('created', 'approved', 'declined', 'captured')),
  captures INTEGER NOT NULL DEFAULT 0, -- how many captures really happened (the tests read it: exactly one)
  created_at INTEGER NOT NULL
);
