-- Login-less alert requests (issue 19, §6; docs/decisions/016-my-stuff-and-alerts.md): one row per request
-- from a client address, counted in a sliding window (worker/my-stuff/alerts/login-less.ts) and pruned by
-- the alert run.
CREATE TABLE alert_requests (
  id INTEGER PRIMARY KEY,
  ip TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX alert_requests_ip_at ON alert_requests (ip, at);
