-- The post-purchase survey and the shop's own reviews (issue 22 point 5; §2 user-product-review and
-- unsubscribe-user-review, §7 Orders and Reviews). docs/decisions/037-survey-and-order-reviews.md
--
-- One invitation per order: its row is the claim that makes the delivered order's email go out once, however
-- many requests report the delivery at the same time (INSERT … ON CONFLICT DO NOTHING, then the requests below
-- only WHERE changes() = 1, in the same batch).
CREATE TABLE review_invitations (
  order_number TEXT PRIMARY KEY REFERENCES orders (order_number) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  email_id INTEGER                     -- the outbox row; NULL when the outbox's hourly cap refused it
);

-- A review request per order line, made with the invitation: the emailed star links name it (its key is an
-- HMAC of the id, worker/orders/reviews/keys.ts). What the line was is copied so the review can name it.
CREATE TABLE review_requests (
  id TEXT PRIMARY KEY,                 -- 'rr' + 16 random hex digits
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  line_id TEXT NOT NULL,
  name TEXT NOT NULL,
  kind TEXT,
  setting_id INTEGER,
  diamond_id INTEGER,
  created_at INTEGER NOT NULL,
  UNIQUE (order_number, line_id)
);

-- The shop's verified-purchase reviews: one of the order itself (request_id NULL) and one per review request
-- (a product of the order). A second submission edits the same row.
-- status: published (shown), held (a link in the text: waits for an operator), rating (stars without words:
-- kept, not shown), rejected (an operator's no; an edit does not undo it).
CREATE TABLE shop_reviews (
  id INTEGER PRIMARY KEY,
  order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
  request_id TEXT UNIQUE REFERENCES review_requests (id) ON DELETE CASCADE,
  product TEXT,                        -- the product's name (a product review), NULL for the order's
  setting_id INTEGER,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  author TEXT NOT NULL,                -- first name and last initial from the order's shipping name ("Ada S.")
  status TEXT NOT NULL CHECK (status IN ('published', 'held', 'rating', 'rejected')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  edits INTEGER NOT NULL DEFAULT 0,    -- how many later submissions edited it
  moderated_by TEXT,
  moderated_at INTEGER
);
CREATE UNIQUE INDEX shop_reviews_order ON shop_reviews (order_number) WHERE request_id IS NULL;
CREATE INDEX shop_reviews_published ON shop_reviews (status, rating, created_at DESC, id DESC);
CREATE INDEX shop_reviews_setting ON shop_reviews (setting_id, status, created_at DESC) WHERE setting_id IS NOT NULL;

-- The survey's answers, once per order (a second submission is refused: 409). Only the order number ties them
-- to anyone.
CREATE TABLE survey_answers (
  order_number TEXT PRIMARY KEY REFERENCES orders (order_number) ON DELETE CASCADE,
  answers TEXT NOT NULL,               -- JSON [{questionId, answer}] as validated against the questions
  created_at INTEGER NOT NULL
);

-- An address that unsubscribed from review emails on one order gets none for its later orders either.
CREATE INDEX orders_review_optout ON orders (email COLLATE NOCASE) WHERE review_emails = 0;
