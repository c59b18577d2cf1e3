-- Diamond reports (issue 21; §3 Diamond report, §7 Reports; docs/decisions/026-deal-score.md, 027-reports.md).

-- What a lab-grown stone's retailer says about how it was made: 'CVD' or 'HPHT', NULL when not stated.
ALTER TABLE diamonds ADD COLUMN growth_method TEXT CHECK (growth_method IN ('CVD', 'HPHT'));
-- Post-growth treatment: 1 treated (e.g. colour improved after growth), 0 as grown, NULL when not stated.
ALTER TABLE diamonds ADD COLUMN treated INTEGER CHECK (treated IN (0, 1));

-- A customer's report on one stone: an inventory diamond (diamond_id) or one seen elsewhere (diamond_id NULL,
-- its characteristics entered by the shopper). `stone` and `sections` are the JSON the report was built from
-- and its sections at creation; the deal score is recomputed on demand (POST Reports/{id}/DealScore) and its
-- latest summary kept. Removing a report (POST Reports/{id}/remove) sets removed_at; it then answers 404.
CREATE TABLE reports (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  diamond_id INTEGER,
  certificate_id TEXT NOT NULL DEFAULT '',
  stone TEXT NOT NULL,
  price_cents INTEGER NOT NULL CHECK (price_cents > 0),
  product_url TEXT,
  sections TEXT NOT NULL,
  score REAL NOT NULL,
  max_score REAL NOT NULL,
  deal_score TEXT,
  deal_scored_at INTEGER,
  has_gemologist_review INTEGER NOT NULL DEFAULT 0 CHECK (has_gemologist_review IN (0, 1)),
  created_at INTEGER NOT NULL,
  removed_at INTEGER
);
CREATE INDEX reports_user ON reports (user_id, created_at);
CREATE INDEX reports_user_diamond ON reports (user_id, diamond_id);

-- Gemologist reviews: the queue operators answer in /gemologist-reviews (admin token). At most one pending
-- request per report; the answer is shown on the report and emailed to the customer through the outbox.
CREATE TABLE gemologist_reviews (
  id INTEGER PRIMARY KEY,
  report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_url TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'answered')),
  verdict TEXT CHECK (verdict IN ('recommended', 'acceptable', 'not-recommended')),
  answer TEXT,
  gemologist TEXT,
  requested_at INTEGER NOT NULL,
  answered_at INTEGER
);
CREATE UNIQUE INDEX gemologist_reviews_one_pending ON gemologist_reviews (report_id) WHERE status = 'pending';
CREATE INDEX gemologist_reviews_queue ON gemologist_reviews (status, requested_at);
CREATE INDEX gemologist_reviews_report ON gemologist_reviews (report_id, requested_at);
