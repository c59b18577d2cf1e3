-- The content store (issue 20 point 1, §7 content services, docs/decisions/019-content-store.md): one row per
-- content item, addressed by its name as `GET content/item/{name}` reads it (home, faqs-NewFAQ, checkoutfaq,
-- MarketingConfigurations, SurveyQuestions, …). `data` is the item's JSON, validated on read by the item's valibot
-- schema (shared/content/items.ts); a row that no longer validates is treated as missing and logged. The seed
-- (shared/content-seed/content.ts) only inserts missing rows, so an operator's edits from /content survive.
CREATE TABLE content_items (
  name TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  data TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
