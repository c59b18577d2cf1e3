-- Catalogue prices are whole dollars (in cents): a price with cents is rounded up to the next dollar, the rule
-- the shop always showed prices by, so the price shown on its own is the price charged and a sum of catalogue
-- prices is exact (docs/decisions/059-one-money-rule.md). Orders keep the prices they were placed at.
UPDATE diamonds SET price_cents = ((price_cents + 99) / 100) * 100 WHERE price_cents % 100 != 0;
UPDATE diamonds SET price_before_discount_cents = ((price_before_discount_cents + 99) / 100) * 100
  WHERE price_before_discount_cents IS NOT NULL AND price_before_discount_cents % 100 != 0;
UPDATE setting_variants SET price_cents = ((price_cents + 99) / 100) * 100 WHERE price_cents % 100 != 0;
UPDATE setting_variants SET price_before_discount_cents = ((price_before_discount_cents + 99) / 100) * 100
  WHERE price_before_discount_cents IS NOT NULL AND price_before_discount_cents % 100 != 0;
UPDATE diamond_price_history SET price_cents = ((price_cents + 99) / 100) * 100 WHERE price_cents % 100 != 0;
