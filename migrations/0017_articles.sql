-- The embedded blog CMS (issue 20 point 2, docs/decisions/020-articles.md): categories (the three top categories
-- blog, education and jewelry, each with subcategories), authors and articles with a Markdown body. The seed
-- (shared/content-seed/articles.ts) inserts only missing rows, so an operator's edits survive a re-seed. The legacy
-- paths of the articles go into legacy_redirects (0001).
CREATE TABLE article_categories (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,            -- the list page: /education or /education/diamond-4cs
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  parent TEXT                           -- the top category's slug; NULL for blog, education and jewelry
);

CREATE TABLE article_authors (
  id TEXT PRIMARY KEY,                  -- URL id: /author/{id}
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  bio TEXT NOT NULL                     -- Markdown
);

CREATE TABLE articles (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL,               -- blog | education | jewelry
  subcategory TEXT NOT NULL,            -- an article_categories slug under `category`
  author_id TEXT NOT NULL REFERENCES article_authors (id),
  body TEXT NOT NULL,                   -- Markdown, rendered on the server
  status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published')),
  published_at TEXT NOT NULL,           -- YYYY-MM-DD
  updated_at INTEGER NOT NULL           -- epoch ms
);
CREATE INDEX articles_listing ON articles (category, status, published_at DESC, id DESC);
CREATE INDEX articles_subcategory ON articles (category, subcategory, status, published_at DESC, id DESC);
CREATE INDEX articles_author ON articles (author_id, status, published_at DESC);
