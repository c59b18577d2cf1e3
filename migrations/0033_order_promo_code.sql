-- The promo code an order was drafted with (issue 23: ShareASale is never told of an order with the promo code
-- 'price match'; shared/tracking/engine-view.ts). NULL: no code, or drafted before this migration.
ALTER TABLE orders ADD COLUMN promo_code TEXT;
