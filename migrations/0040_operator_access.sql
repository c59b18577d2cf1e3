-- Operators are people (docs/decisions/056-operator-access.md).
-- operator_actions: every state-changing operator call or page post, after its handler: when, who (the
-- Cloudflare Access email; locally 'local-admin'), the method and path, the target (the order number, slug or
-- id the path names, when it names one) and the status it answered.
CREATE TABLE operator_actions (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  operator TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  target TEXT,
  status INTEGER NOT NULL
);
CREATE INDEX operator_actions_at ON operator_actions (at);
CREATE INDEX operator_actions_operator ON operator_actions (operator, at);

-- operator_token_failures: wrong admin tokens per client address (APP_ENV local only, where the token is still
-- accepted): 10 in 15 minutes, then 429 for every token, the right one too (worker/lib/ip-limit.ts).
CREATE TABLE operator_token_failures (
  id INTEGER PRIMARY KEY,
  ip TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX operator_token_failures_ip ON operator_token_failures (ip, at);
CREATE INDEX operator_token_failures_at ON operator_token_failures (at);
