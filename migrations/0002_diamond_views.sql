-- Diamond view logging (GET /api/logging/diamonds/views/{id}): one counter row per diamond.
CREATE TABLE diamond_views (
  diamond_id INTEGER PRIMARY KEY REFERENCES diamonds(id),
  views INTEGER NOT NULL DEFAULT 0,
  last_viewed_at INTEGER NOT NULL
);
