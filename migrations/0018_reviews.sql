-- Reviews (issue 20 point 4; docs/decisions/021-reviews.md): shoppers' reviews of Loupe from two providers
-- (1 Google, 2 Trustpilot), shown interleaved 1, 2, 1, 2…; ratings of retailers by Loupe's visitors; and the
-- embedded third-party product reviews by store and sku (the default of worker/reviews/products.ts).
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  provider INTEGER NOT NULL CHECK (provider IN (1, 2)),
  author TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  date TEXT NOT NULL,                 -- ISO date, e.g. 2026-03-14
  location TEXT,
  status INTEGER NOT NULL DEFAULT 1   -- 1 published, 0 hidden by an operator
);
-- Each provider's published reviews newest first (the interleaved pages), and best first (top reviews).
CREATE INDEX reviews_by_date ON reviews (status, provider, date DESC, id DESC);
CREATE INDEX reviews_by_rating ON reviews (status, provider, rating DESC, date DESC, id DESC);

-- One rating per rater and retailer (the unique index); a rater also rates at most a few retailers a day and an
-- address at most a few more (worker/reviews/ratings.ts), both checked in the one INSERT that stores the rating.
CREATE TABLE retailer_ratings (
  id INTEGER PRIMARY KEY,
  retailer_id INTEGER NOT NULL REFERENCES retailers(id),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment TEXT NOT NULL DEFAULT '',
  rater TEXT NOT NULL,                -- 'user:{id}' or 'email:{lower-cased address}'
  ip_hash TEXT NOT NULL,              -- SHA-256 of the client address (never the address itself)
  created_at INTEGER NOT NULL         -- ms since the epoch
);
CREATE UNIQUE INDEX retailer_ratings_rater ON retailer_ratings (retailer_id, rater);
CREATE INDEX retailer_ratings_rater_at ON retailer_ratings (rater, created_at);
CREATE INDEX retailer_ratings_ip_at ON retailer_ratings (ip_hash, created_at);
CREATE INDEX retailer_ratings_recent ON retailer_ratings (created_at DESC);

-- Product reviews by store and sku as a third-party reviews service would answer them (the embedded default).
CREATE TABLE product_reviews (
  id TEXT PRIMARY KEY,
  store TEXT NOT NULL,
  sku TEXT NOT NULL,
  author TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body TEXT NOT NULL,
  date TEXT NOT NULL
);
CREATE INDEX product_reviews_sku ON product_reviews (store, sku, date DESC);
