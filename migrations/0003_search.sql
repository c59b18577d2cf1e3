-- Diamond search moves to the in-memory index held by the SearchIndexObject Durable Object
-- (docs/decisions/007-search-index.md); D1 stays the source of truth it loads from.

-- "Has image" filter: 1 when the retailer sent a photograph (the listing image is the shape drawing otherwise).
ALTER TABLE diamonds ADD COLUMN has_image INTEGER NOT NULL DEFAULT 0;

-- The search indexes of 0001 served the SQL search; the index object replaces it. Similar diamonds
-- (same origin and shape, carat within ±15 %) read this one instead.
DROP INDEX diamonds_search;
DROP INDEX diamonds_default_order;
CREATE INDEX diamonds_similar ON diamonds (is_lab_grown, shape, is_sold, carat);

-- Saved searches (§3 "Search filters and results are kept by searchId"). The id is derived from the
-- filters, so saving the same filters twice gives the same searchId.
CREATE TABLE saved_searches (
  id TEXT PRIMARY KEY,                 -- 12 characters [0-9a-z]
  kind TEXT NOT NULL,                  -- 'diamond'
  filters TEXT NOT NULL,               -- JSON, the validated DiamondFilters
  created_at INTEGER NOT NULL,         -- epoch ms
  last_used_at INTEGER NOT NULL,
  uses INTEGER NOT NULL DEFAULT 0
);

-- Promotion groups (§7 GET promotion-group): the campaigns shown on catalogue pages.
CREATE TABLE promotion_groups (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  headline TEXT NOT NULL,
  promo_code TEXT,                     -- the code shoppers enter, when the promotion has one
  discount_percent INTEGER NOT NULL,
  applies_to TEXT NOT NULL,            -- JSON list: 'natural-diamonds', 'lab-diamonds', 'settings', 'wedding-bands', 'jewelry'
  starts_at INTEGER NOT NULL,          -- epoch ms, inclusive (1794528000000 = 2026-11-13)
  ends_at INTEGER NOT NULL             -- epoch ms, exclusive
);
INSERT INTO promotion_groups (id, name, headline, promo_code, discount_percent, applies_to, starts_at, ends_at) VALUES
  (1, 'Holiday 2026', 'Holiday savings: 10% off settings and 5% off lab-grown diamonds with code HOLIDAY26', 'HOLIDAY26', 10, '["settings","lab-diamonds"]', 1794528000000, 1798761600000),
  (2, 'Wedding season 2027', '15% off wedding bands with code VOWS27', 'VOWS27', 15, '["wedding-bands"]', 1806451200000, 1814313600000);
