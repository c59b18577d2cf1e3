-- TD financing (issue 22 point 3; §2 /financing-account-lookup, §7 orders/GetTdAccountNumber; §4 financing outcomes).
-- docs/decisions/034-td-financing.md
--
-- Account number lookups (orders/GetTdAccountNumber): every try of a client address, counted in the last 15
-- minutes, as the order lookup counts its tries (migrations/0011): a try reserves its row in the one statement
-- that counts the window (worker/orders/td/limit.ts), so 50 simultaneous tries from one address let exactly 10 through.
CREATE TABLE td_account_lookups (
  id INTEGER PRIMARY KEY,
  ip TEXT NOT NULL,                    -- CF-Connecting-IP
  at INTEGER NOT NULL                  -- epoch ms
);
CREATE INDEX td_account_lookups_ip ON td_account_lookups (ip, at);

-- The lender's later decision on a referred application, emailed once per decision: one row per transition out
-- of financing_referred (to paid or payment_failed), written in the same transaction as the email's outbox row.
CREATE TABLE financing_decision_emails (
  transition_id INTEGER PRIMARY KEY,   -- order_transitions.id (no foreign key: a later rebuild of that table must not cascade here)
  order_number TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('approved', 'declined')),
  email_id INTEGER,                    -- the outbox row
  at INTEGER NOT NULL
);

-- The Cron Trigger looks for decisions not yet emailed among the transitions out of financing_referred.
CREATE INDEX order_transitions_referred ON order_transitions (at) WHERE from_status = 'financing_referred';
