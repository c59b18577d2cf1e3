-- The email outbox (issue 17): every email the product sends is a row here first, then delivered by the
-- sender (worker/email/) after the request and retried from the Cron Trigger with backoff until it is sent
-- or gives up. Locally, without a provider, the rows are the mail: /dev/outbox shows them.
-- Status: queued (due at next_attempt_at) → sending (claimed by one delivery) → sent, or queued again after a
-- backoff, or failed (a permanent refusal or the 6th attempt); local = no provider configured, never sent.
-- docs/decisions/014-email-outbox.md
CREATE TABLE email_outbox (
  id INTEGER PRIMARY KEY,
  recipient TEXT NOT NULL,
  template TEXT NOT NULL,              -- worker/email/templates.ts
  data TEXT NOT NULL,                  -- JSON: the template's data (links included)
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'local')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,    -- epoch ms: when the sender may try (again); while sending, the claim's lease end
  last_error TEXT,
  provider_message_id TEXT,            -- the provider's id of the delivered message
  created_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX email_outbox_due ON email_outbox (status, next_attempt_at);
CREATE INDEX email_outbox_recipient ON email_outbox (recipient, id);
