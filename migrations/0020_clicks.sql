-- Click logging (issue 20 point 6; §7 POST logging/diamonds/clicks and logging/settings/click) and the public
-- aggregates read from it (GET analytics/...). One counter row per diamond and per setting: nothing about who
-- clicked is kept. click_requests holds only the recent requests of a visitor key (a hash) for the rate limit and is
-- pruned as it goes (docs/decisions/023-landing-pages-and-our-data.md).
CREATE TABLE diamond_clicks (
  diamond_id INTEGER PRIMARY KEY REFERENCES diamonds(id),
  clicks INTEGER NOT NULL DEFAULT 0,
  last_clicked_at INTEGER NOT NULL      -- epoch ms
);
CREATE TABLE setting_clicks (
  setting_id INTEGER PRIMARY KEY REFERENCES settings(id),
  clicks INTEGER NOT NULL DEFAULT 0,
  last_clicked_at INTEGER NOT NULL
);
CREATE TABLE click_requests (
  id INTEGER PRIMARY KEY,
  visitor TEXT NOT NULL,                -- SHA-256 of the visitor id (or the address without one), never the id itself
  at INTEGER NOT NULL
);
CREATE INDEX click_requests_visitor ON click_requests (visitor, at);
CREATE INDEX click_requests_at ON click_requests (at);
