-- The search wizard and the quiz (issue 21 points 6 and 7; §7 SearchWizard calls; docs/decisions/030-search-wizard-and-quiz.md).

-- A wizard search: what the shopper asked (`request`, the SearchWizard/search or quiz answers as JSON) and the
-- recommendations answered then (`recommendations`, JSON: the stones and why each was picked), read back by
-- SearchWizard/get-search/{searchId}. The id is random and unguessable (the only key a visitor holds).
-- `user_id` is set when a signed-in customer made it. `email` and `comments` are what the shopper left for a
-- gemologist's follow-up (searchWizard/add-notes, or SearchWizard/get-recommendations).
CREATE TABLE wizard_searches (
  id TEXT PRIMARY KEY,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  source TEXT NOT NULL CHECK (source IN ('search', 'quiz')),
  request TEXT NOT NULL,
  recommendations TEXT NOT NULL,
  email TEXT,
  comments TEXT,
  notes_at INTEGER,
  emailed_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX wizard_searches_user ON wizard_searches (user_id, created_at) WHERE user_id IS NOT NULL;
CREATE INDEX wizard_searches_notes ON wizard_searches (notes_at) WHERE notes_at IS NOT NULL;

-- Recommendation emails asked for (SearchWizard/get-recommendations): one row per request for an address, counted
-- in a sliding window (worker/lib/ip-limit.ts: 10 per 15 minutes per address, exact under concurrency).
CREATE TABLE wizard_email_requests (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX wizard_email_requests_email_at ON wizard_email_requests (email, at);
