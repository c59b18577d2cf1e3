-- Missing ring sizes and expiry emails (issue 22 point 4; docs/decisions/036-missing-ring-size-and-expiry.md).
-- Each email an order sends once is claimed by compare-and-set on its column (`… WHERE x IS NULL`), in the same
-- batch as its outbox row: of any number of concurrent senders, one writes both, the others nothing.
ALTER TABLE orders ADD COLUMN ring_size_asked_at INTEGER;   -- the paid order asked its shopper for the missing ring sizes
ALTER TABLE orders ADD COLUMN expiry_reminded_at INTEGER;   -- the shopper was reminded, 2 hours before, that the unpaid order expires

-- The Cron Trigger's sweep for paid orders not asked yet, and the reminder's window of unpaid orders.
CREATE INDEX order_items_missing_size ON order_items (order_number) WHERE size_required = 1 AND size IS NULL;
