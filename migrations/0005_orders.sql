-- Orders drafted at checkout (issue 4; §7 POST orders/draft, §3 OrderDrafted): what the shopper will pay,
-- priced on the server from fresh catalogue facts with a valid price lock honoured. One draft per visitor
-- and cart revision: drafting the same cart twice (a double click, a retry) answers the same order.
CREATE TABLE orders (
  order_number TEXT PRIMARY KEY,       -- 'LP' + 10 digits, what the shopper quotes
  visitor_id TEXT NOT NULL,            -- the signed visitor id whose cart it came from
  cart_revision INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('drafted')),
  created_at INTEGER NOT NULL,         -- epoch ms
  email TEXT NOT NULL,
  payment_method TEXT NOT NULL,
  price_lock_id TEXT,                  -- the lock honoured, if any
  subtotal_cents INTEGER NOT NULL,
  discount_cents INTEGER NOT NULL,
  care_plans_cents INTEGER NOT NULL,
  lock_savings_cents INTEGER NOT NULL,
  total_cents INTEGER NOT NULL,        -- pre-tax, the lock honoured
  tax_cents INTEGER NOT NULL,
  cart_link TEXT NOT NULL,
  shipping_json TEXT NOT NULL,         -- the shipping address
  lines_json TEXT NOT NULL,            -- [{lineId, name, quantity, total}]
  UNIQUE (visitor_id, cart_revision)
);
