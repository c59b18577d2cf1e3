-- Promo codes (issue 4; §7 get-valid-promotion-code, §3 Cart PromoCode/Discounts): a promotion is a code
-- with a validity window and a minimum subtotal; its rules say what it takes off (a percentage or an amount)
-- and from which categories (none: the whole cart). A category coupon is a rule with categories.
CREATE TABLE promotions (
  code TEXT PRIMARY KEY,               -- upper case, what shoppers enter
  description TEXT NOT NULL,
  min_subtotal_cents INTEGER NOT NULL DEFAULT 0,
  starts_at INTEGER NOT NULL,          -- epoch ms, inclusive
  ends_at INTEGER NOT NULL             -- epoch ms, exclusive
);
CREATE TABLE promotion_rules (
  code TEXT NOT NULL REFERENCES promotions(code),
  category TEXT,                       -- 'settings' | 'natural-diamonds' | 'lab-diamonds' | 'wedding-bands' | 'jewelry'; NULL = every line
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'amount')),
  value INTEGER NOT NULL CHECK (value > 0) -- percent 1-100, or cents
);
CREATE INDEX promotion_rules_code ON promotion_rules (code);

-- The running campaigns (promotion_groups) have their codes here; plus a welcome amount-off code and an
-- ended one.
INSERT INTO promotions (code, description, min_subtotal_cents, starts_at, ends_at) VALUES
  ('HOLIDAY26', '10% off settings and 5% off lab-grown diamonds', 0, 1794528000000, 1798761600000),
  ('VOWS27', '15% off wedding bands', 0, 1806451200000, 1814313600000),
  ('WELCOME100', '$100 off an order of $1,500 or more', 150000, 1767225600000, 4102444800000),
  ('FALL25', '10% off everything (autumn 2025)', 0, 1756684800000, 1764547200000);
INSERT INTO promotion_rules (code, category, kind, value) VALUES
  ('HOLIDAY26', 'settings', 'percent', 10),
  ('HOLIDAY26', 'lab-diamonds', 'percent', 5),
  ('VOWS27', 'wedding-bands', 'percent', 15),
  ('WELCOME100', NULL, 'amount', 10000),
  ('FALL25', NULL, 'percent', 10);
