-- Abuse limits and promotion rules (docs/decisions/055-abuse-limits-and-promotion-rules.md).

-- The ad engines' daily event caps, counted per engine AND event kind (worker/tracking/caps.ts): a flood of
-- anonymous view_content events uses up view_content's share only, never the day's purchases. Replaces
-- tracking_engine_days (one count per engine); its rows say nothing about which kind was sent, so they are not
-- carried over — on the day of the deploy each kind starts from zero (at most one extra cap of a kind that day).
CREATE TABLE tracking_engine_event_days (
  engine TEXT NOT NULL,
  event_name TEXT NOT NULL,            -- the TrackingEvent's event_name: purchase, view_content, page_view, …
  day TEXT NOT NULL,                   -- YYYY-MM-DD (UTC)
  sent INTEGER NOT NULL DEFAULT 0 CHECK (sent >= 0),
  PRIMARY KEY (engine, event_name, day)
) WITHOUT ROWID;
DROP TABLE tracking_engine_days;

-- savefbc binds an ad click only to the shopper's own email, one of them the addresses this visitor left in a
-- popup or form (worker/tracking/routes.ts): looked up by visitor.
CREATE INDEX email_captures_visitor ON email_captures (visitor_id) WHERE visitor_id IS NOT NULL;

-- Retailer ratings' address hashes are HMAC-SHA-256 under RATING_IP_SECRET from now on (worker/reviews/ratings.ts).
-- The old ones were plain SHA-256 of a fixed prefix and the address — reversible by hashing every IPv4 address —
-- and can never match a new hash anyway (they only served the 24-hour per-address limit): they are cleared, so no
-- reversible address stays stored. Ratings made in the 24 hours before the deploy no longer count against their
-- address's daily limit.
UPDATE retailer_ratings SET ip_hash = 'cleared' WHERE length(ip_hash) = 64;

-- The anonymous tracking writes' limits (worker/tracking/throttle.ts): the recent page events of a visitor
-- (120 a minute) and of a client address (600 a minute), one row per request per limit; pruned as requests come in.
CREATE TABLE tracking_requests (
  id INTEGER PRIMARY KEY,
  visitor TEXT,                        -- a row of the per-visitor limit
  ip TEXT,                             -- a row of the per-address limit
  at INTEGER NOT NULL                  -- epoch ms
);
CREATE INDEX tracking_requests_visitor ON tracking_requests (visitor, at) WHERE visitor IS NOT NULL;
CREATE INDEX tracking_requests_ip ON tracking_requests (ip, at) WHERE ip IS NOT NULL;
CREATE INDEX tracking_requests_at ON tracking_requests (at);
-- Emails left in popups and forms per client address (10 an hour).
CREATE TABLE email_capture_requests (
  id INTEGER PRIMARY KEY,
  ip TEXT NOT NULL,
  at INTEGER NOT NULL                  -- epoch ms
);
CREATE INDEX email_capture_requests_ip ON email_capture_requests (ip, at);
CREATE INDEX email_capture_requests_at ON email_capture_requests (at);

-- Promotion rules (worker/promotions/eligibility.ts): first_order_only — refused to a customer (the signed-in
-- account, or the checkout's email) who has a paid order; once_per_customer — refused to a customer who has a paid
-- order with the code. Checked when the code is applied and again when the order is drafted, placed or paid again.
ALTER TABLE promotions ADD COLUMN first_order_only INTEGER NOT NULL DEFAULT 0 CHECK (first_order_only IN (0, 1));
ALTER TABLE promotions ADD COLUMN once_per_customer INTEGER NOT NULL DEFAULT 0 CHECK (once_per_customer IN (0, 1));
-- "$100 off your first order": the welcome popup's code.
UPDATE promotions SET first_order_only = 1, once_per_customer = 1 WHERE code = 'WELCOME100';
-- A customer's orders by email (the rules' look-up; case-insensitive like the addresses).
CREATE INDEX orders_email ON orders (email COLLATE NOCASE);
