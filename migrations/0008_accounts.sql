-- Accounts (issue 17; §3 Stored user and Token record, §7 Accounts). docs/decisions/013-accounts-and-sessions.md
--
-- users: one row per email (unique, compared case-insensitively: the column's NOCASE collation over the
-- trimmed address). A partial account (made from an email alone) has no password until it is completed.
-- security_stamp changes on confirm, password change and reset: emailed links are signed over it, so older
-- links stop working.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  user_guid TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  password_hash TEXT,                  -- 'pbkdf2-sha256$v1$<iterations>$<salt b64url>$<hash b64url>', NULL without a password
  security_stamp TEXT NOT NULL,
  account_confirmed INTEGER NOT NULL DEFAULT 0 CHECK (account_confirmed IN (0, 1)),
  partial INTEGER NOT NULL DEFAULT 0 CHECK (partial IN (0, 1)),
  google_sub TEXT UNIQUE,
  fb_user_id TEXT UNIQUE,
  profile_image_url TEXT,
  unsubscribed_marketing INTEGER NOT NULL DEFAULT 0 CHECK (unsubscribed_marketing IN (0, 1)),
  unsubscribed_partial INTEGER NOT NULL DEFAULT 0 CHECK (unsubscribed_partial IN (0, 1)),
  unsubscribed_insurance INTEGER NOT NULL DEFAULT 0 CHECK (unsubscribed_insurance IN (0, 1)),
  unsubscribed_order_reviews INTEGER NOT NULL DEFAULT 0 CHECK (unsubscribed_order_reviews IN (0, 1)),
  created_at INTEGER NOT NULL,         -- epoch ms
  updated_at INTEGER NOT NULL
);

-- sessions: §3 Token record. Only the SHA-256 of the token is stored (hex); the token itself is 256 random
-- bits the customer holds (the HttpOnly cookie, or a bearer token). Valid for 30 days (§9) from sign-in.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_user ON sessions (user_id);

-- login_attempts: the failed-sign-in limit. A password check first reserves a row ('pending') in the same
-- statement that counts the window, so concurrent attempts can never pass the limit; a failure keeps it
-- ('failed'), a success removes it and the email's earlier failures.
CREATE TABLE login_attempts (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE,
  ip TEXT NOT NULL,
  at INTEGER NOT NULL,                 -- epoch ms
  state TEXT NOT NULL CHECK (state IN ('pending', 'failed'))
);
CREATE INDEX login_attempts_email ON login_attempts (email, at);
CREATE INDEX login_attempts_ip ON login_attempts (ip, at);

-- conversations: messages to customer service from an emailed link (§7 sendmessagebyguid), for operators.
CREATE TABLE conversations (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- email_captures: every address left in a popup or form, with its source; valid = 0 for an attempt that
-- failed the §5 pattern (logged only).
CREATE TABLE email_captures (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  source TEXT NOT NULL,
  valid INTEGER NOT NULL CHECK (valid IN (0, 1)),
  visitor_id TEXT,
  at INTEGER NOT NULL
);
