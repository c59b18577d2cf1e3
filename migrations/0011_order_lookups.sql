-- Order lookups by number and email (issue 18 point 7; §7 orders/tracking-order-details): every try of a client
-- address, counted in the last 15 minutes. A try reserves its row in the one statement that counts the window
-- (worker/orders/lookup/limit.ts), so 50 simultaneous tries from one address let exactly 10 through.
-- docs/decisions/015-orders-and-payments.md "Lookup, links and privacy"
CREATE TABLE order_lookups (
  id INTEGER PRIMARY KEY,
  ip TEXT NOT NULL,                    -- CF-Connecting-IP
  at INTEGER NOT NULL                  -- epoch ms
);
CREATE INDEX order_lookups_ip ON order_lookups (ip, at);
