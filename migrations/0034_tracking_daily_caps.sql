-- The ad engines' daily event caps (§9 "Ad event caps 10000 (1e8 for the email marketing tool)"; decision 039):
-- how many events each engine was given per UTC day. The consumer's fan-out claims from it in one transaction,
-- so concurrent batches never give an engine more than its cap.
CREATE TABLE tracking_engine_days (
  engine TEXT NOT NULL,
  day TEXT NOT NULL,                   -- YYYY-MM-DD (UTC)
  sent INTEGER NOT NULL DEFAULT 0 CHECK (sent >= 0),
  PRIMARY KEY (engine, day)
) WITHOUT ROWID;
