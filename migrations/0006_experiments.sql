-- Experiments (issue 5; §3 Experiment, §4 Experiments).
--
-- experiment_overrides: the content store's word on an experiment, without a deploy. `fields` is a JSON
-- object of §3 fields (variant, active, disabled, platform, startsAt, success, stopNewCookies, …) that
-- replace the ones in shared/experiments/definitions.ts; the worker validates it and ignores a bad row.
CREATE TABLE experiment_overrides (
  name TEXT PRIMARY KEY,               -- the experiment's name, e.g. 'Lock_Price'
  fields TEXT NOT NULL,                -- JSON object
  updated_at INTEGER NOT NULL          -- epoch ms
);

-- experiment_events: the one event per visitor and experiment variant the browser's queue sends when the
-- experiment is active and started for the visitor (an exposure). The marketer view counts visitors from it.
CREATE TABLE experiment_events (
  visitor_id TEXT NOT NULL,
  experiment TEXT NOT NULL,
  variant INTEGER NOT NULL CHECK (variant IN (0, 1)),
  source TEXT NOT NULL,                -- how the variant was decided: split, cookie, forced, location, fixed, stopped
  at INTEGER NOT NULL,                 -- epoch ms
  PRIMARY KEY (experiment, variant, visitor_id)
) WITHOUT ROWID;

-- visitor_events: the conversions the worker sees happen (an item added to the cart, an order drafted at
-- checkout); joined to experiment_events by visitor to count them per variant.
CREATE TABLE visitor_events (
  id INTEGER PRIMARY KEY,
  visitor_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('add-to-cart', 'checkout')),
  at INTEGER NOT NULL                  -- epoch ms
);
CREATE INDEX visitor_events_visitor ON visitor_events (visitor_id, at);

-- Promocode_Variation_Global (§3, §7 promoCodeVariation): which running code a visitor is offered. NULL
-- offers the promotion to every visitor; 0 or 1 only to that variant. Any valid code still applies when a
-- shopper types it.
ALTER TABLE promotions ADD COLUMN variation INTEGER CHECK (variation IN (0, 1));
ALTER TABLE promotion_groups ADD COLUMN variation INTEGER CHECK (variation IN (0, 1));
UPDATE promotions SET variation = 0 WHERE code = 'HOLIDAY26';
UPDATE promotion_groups SET variation = 0 WHERE promo_code = 'HOLIDAY26';
INSERT INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at, variation) VALUES
  ('SPARKLE26', '8% off every diamond and setting', 0, 1794528000000, 1798761600000, 1);
INSERT INTO promotion_rules (code, category, kind, value) VALUES
  ('SPARKLE26', 'natural-diamonds', 'percent', 8),
  ('SPARKLE26', 'lab-diamonds', 'percent', 8),
  ('SPARKLE26', 'settings', 'percent', 8);
INSERT INTO promotion_groups (id, name, headline, promo_code, discount_percent, applies_to, starts_at, ends_at, variation) VALUES
  (3, 'Holiday 2026 (alternative)', 'Holiday sparkle: 8% off every diamond and setting with code SPARKLE26', 'SPARKLE26', 8, '["natural-diamonds","lab-diamonds","settings"]', 1794528000000, 1798761600000, 1);

-- Traffic alerts (§7 "traffic alert": the alert id fetched depends on Hide_Tariff_Alert_V2): the notice
-- under the announcement bar, from the content store.
CREATE TABLE traffic_alerts (
  id TEXT PRIMARY KEY,
  message TEXT NOT NULL,
  link_text TEXT,
  link_href TEXT,                      -- site-relative
  starts_at INTEGER NOT NULL,          -- epoch ms, inclusive
  ends_at INTEGER NOT NULL             -- epoch ms, exclusive
);
INSERT INTO traffic_alerts (id, message, link_text, link_href, starts_at, ends_at) VALUES
  ('tariff-2026', 'US import tariffs: prices shown for diamonds cut abroad include the duty. No surprises at checkout.', 'How tariffs affect prices', '/diamond-search', 1767225600000, 1830297600000),
  ('holiday-shipping-2026', 'Order by December 15 for free insured delivery before the holidays.', 'Shop diamonds', '/diamond-search', 1767225600000, 1830297600000);
