-- My stuff, second part (issue 19; §3 My stuff, §7 My stuff; docs/decisions/016-my-stuff-and-alerts.md):
-- favourite settings and jewellery, saved searches with alerts, what each alert has found, price-drop
-- baselines of favourite diamonds, recently viewed diamonds, orders taken off the list, alert runs.

-- The price a favourite was saved at, or last told of by a price-drop alert: a drop counts from it.
ALTER TABLE user_saved_diamonds ADD COLUMN alert_price_cents INTEGER;
UPDATE user_saved_diamonds SET alert_price_cents = (SELECT price_cents FROM diamonds WHERE diamonds.id = user_saved_diamonds.diamond_id);

-- Favourite settings (kind 'setting') and fine jewellery (kind 'jewellery'): one row per customer and piece.
CREATE TABLE user_saved_settings (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  setting_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('setting', 'jewellery')),
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, kind, setting_id)
);

-- A customer's saved searches (saved_searches holds the filters by searchId; any kind).
CREATE TABLE user_saved_searches (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  search_id TEXT NOT NULL REFERENCES saved_searches (id),
  name TEXT NOT NULL,
  has_alert INTEGER NOT NULL DEFAULT 1 CHECK (has_alert IN (0, 1)),
  created_at INTEGER NOT NULL,
  -- When the customer last looked at their alerts: matches found after it are "new".
  seen_at INTEGER NOT NULL,
  -- The alert watches items listed after this id (diamonds, or settings for a setting or jewellery search):
  -- the catalogue's newest when the search was saved.
  after_item_id INTEGER NOT NULL DEFAULT 0,
  UNIQUE (user_id, search_id)
);
CREATE INDEX user_saved_searches_alerts ON user_saved_searches (has_alert, id);

-- What each alert has found (a diamond, or a setting for a setting or jewellery search): each item at most
-- once per alert (the primary key), emailed in a digest.
CREATE TABLE alert_matches (
  user_search_id INTEGER NOT NULL REFERENCES user_saved_searches (id) ON DELETE CASCADE,
  item_id INTEGER NOT NULL,
  found_at INTEGER NOT NULL,
  PRIMARY KEY (user_search_id, item_id)
) WITHOUT ROWID;

-- Recently viewed diamonds of a customer (the view logging call, signed in): 6 kept.
CREATE TABLE user_history (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  diamond_id INTEGER NOT NULL,
  viewed_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, diamond_id)
) WITHOUT ROWID;

-- Orders a customer took off my stuff's list (the order itself is unchanged).
CREATE TABLE user_hidden_orders (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  order_number TEXT NOT NULL,
  hidden_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, order_number)
) WITHOUT ROWID;

-- Each alert email (digest) sent: what its signed link opens (sections of stones as JSON).
CREATE TABLE alert_digests (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  sections TEXT NOT NULL
);

-- Alert runs (the Cron Trigger): the catalogue position reached, so the next run starts after it.
CREATE TABLE alert_runs (
  id INTEGER PRIMARY KEY,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  after_diamond_id INTEGER NOT NULL,
  up_to_diamond_id INTEGER NOT NULL,
  after_setting_id INTEGER NOT NULL,
  up_to_setting_id INTEGER NOT NULL,
  searches INTEGER NOT NULL DEFAULT 0,
  matches INTEGER NOT NULL DEFAULT 0,
  price_drops INTEGER NOT NULL DEFAULT 0,
  emails INTEGER NOT NULL DEFAULT 0
);

-- Alert emails have their own one-click unsubscribe (RFC 8058), like the other mailing lists.
ALTER TABLE users ADD COLUMN unsubscribed_alerts INTEGER NOT NULL DEFAULT 0 CHECK (unsubscribed_alerts IN (0, 1));
