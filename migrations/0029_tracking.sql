-- Conversion tracking through the queue (issue 23 point 2; docs/decisions/040-tracking-queue.md). The consumer
-- (worker/tracking/consumer.ts) writes these; a redelivered message must never count twice.

-- tracking_deliveries: one row per conversion event and engine (or 'local' when no engine is configured): what
-- was sent, how it went, how many attempts. The key (event_id, engine) makes a redelivery an update, not a
-- second row; /dev/events reads it newest first with the event's JSON.
CREATE TABLE tracking_deliveries (
  event_id TEXT NOT NULL,
  engine TEXT NOT NULL,                -- meta, ga4, google-ads, tiktok, pinterest, criteo, shareasale, local
  event_name TEXT NOT NULL,
  visitor TEXT,                        -- the event's hashed external_id, for /dev/events' filter
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'recorded', 'skipped', 'failed', 'dead')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  event TEXT NOT NULL,                 -- the TrackingEvent as JSON
  created_at INTEGER NOT NULL,         -- epoch ms
  at INTEGER NOT NULL,                 -- epoch ms of the last change
  PRIMARY KEY (event_id, engine)
) WITHOUT ROWID;
CREATE INDEX tracking_deliveries_created ON tracking_deliveries (created_at DESC);

-- tracking_dead_letters: every message the queue gave up on (after max_retries), from the dead-letter queue's
-- consumer, so nothing is lost; replayed_at is set when an operator put it back on the queue (once).
CREATE TABLE tracking_dead_letters (
  id INTEGER PRIMARY KEY,
  message_id TEXT NOT NULL UNIQUE,     -- the queue's message id: a redelivered dead letter is stored once
  type TEXT NOT NULL,                  -- the TrackingMessage type
  engine TEXT,                         -- deliver messages: the engine
  event_id TEXT,
  body TEXT NOT NULL,                  -- the TrackingMessage as JSON
  error TEXT,                          -- the delivery's last error, when one was recorded
  attempts INTEGER NOT NULL,
  at INTEGER NOT NULL,                 -- epoch ms
  replayed_at INTEGER
);
CREATE INDEX tracking_dead_letters_at ON tracking_dead_letters (id DESC);

-- page_views: §7's page-view record (date, url, referrer, cookie_id, utm_*). The queue message's id is the key,
-- so a redelivered batch does not count a view twice.
CREATE TABLE page_views (
  id TEXT PRIMARY KEY,
  at INTEGER NOT NULL,                 -- epoch ms
  url TEXT NOT NULL,
  referrer TEXT,
  cookie_id TEXT NOT NULL,
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT,
  utm_term TEXT,
  utm_content TEXT
) WITHOUT ROWID;
CREATE INDEX page_views_at ON page_views (at);

-- visitor_events written by the consumer carry their queue message's id: a redelivery inserts nothing.
ALTER TABLE visitor_events ADD COLUMN message_id TEXT;
CREATE UNIQUE INDEX visitor_events_message ON visitor_events (message_id);
