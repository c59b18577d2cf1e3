-- Email limits (docs/decisions/053-email-limits-and-unsubscribe.md): every outbox row is written by one
-- statement (worker/email/gate.ts) that counts the last hour's rows per recipient, per client address and in
-- total — each per category — and inserts only when all have room. The rows are their own reservations.
--   target    the recipient as counted: trimmed, lower case, without a +tag
--   category  transactional (an account's or order's own mail) or other (marketing and asked-for mail)
--   client_ip the CF-Connecting-IP of the request that asked for it; NULL for cron jobs, webhooks and
--             operators, and after an hour (the email cron forgets it)
ALTER TABLE email_outbox ADD COLUMN target TEXT NOT NULL DEFAULT '';
ALTER TABLE email_outbox ADD COLUMN category TEXT NOT NULL DEFAULT 'other' CHECK (category IN ('transactional', 'other'));
ALTER TABLE email_outbox ADD COLUMN client_ip TEXT;

-- The rows already written count too (their +tags are kept: a close enough key for one hour).
UPDATE email_outbox SET
  target = lower(trim(recipient)),
  category = CASE WHEN template IN ('confirm-email', 'already-registered', 'reset-password', 'password-changed', 'order-confirmation',
    'order-shipped', 'order-confirm-availability', 'order-item-unavailable', 'missing-ring-size', 'order-expiry-reminder',
    'order-expired', 'financing-decision') THEN 'transactional' ELSE 'other' END;

CREATE INDEX email_outbox_target ON email_outbox (target, category, created_at);
CREATE INDEX email_outbox_client ON email_outbox (client_ip, category, created_at) WHERE client_ip IS NOT NULL;
CREATE INDEX email_outbox_category ON email_outbox (category, created_at);
