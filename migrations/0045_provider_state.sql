-- What each payment's provider last said about it (docs/decisions/063-reconciler.md): written whenever the shop asks
-- the provider (an approval, a webhook, the reconciler, a refund) — its status (captured, declined, pending,
-- referred, cancelled, refunded, or unreachable when it could not be asked), the capture or refund id and the
-- reason — and when. The operator's order view shows it; the reconciler asks the oldest-checked open payments first.
ALTER TABLE payments ADD COLUMN provider_state TEXT;
ALTER TABLE payments ADD COLUMN provider_checked_at INTEGER;
CREATE INDEX payments_unsettled ON payments (provider_checked_at) WHERE status IN ('created', 'pending');
