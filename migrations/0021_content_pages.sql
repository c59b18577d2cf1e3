-- Loupe's own pages (issue 20 point 3; docs/decisions/024-content-pages.md): about, mission, policies, guides.
-- The body is Markdown, rendered on the server. The seed (shared/content-seed/pages*.ts) only inserts missing
-- rows, so an operator's edit (PUT /api/content-pages/{slug}) survives a re-seed. section and in_footer mirror
-- shared/content/pages.ts (the footer is built from that list) for the operators' view.
CREATE TABLE content_pages (
  slug TEXT PRIMARY KEY,                 -- 'privacy': the page is at /privacy
  title TEXT NOT NULL,                   -- the page's h1 and <title>
  description TEXT NOT NULL,             -- meta description
  body TEXT NOT NULL,                    -- Markdown
  section TEXT NOT NULL CHECK (section IN ('company', 'help', 'policies')),
  in_footer INTEGER NOT NULL DEFAULT 1 CHECK (in_footer IN (0, 1)),
  position INTEGER NOT NULL DEFAULT 0,   -- order within the section
  updated_at INTEGER NOT NULL            -- epoch ms of the last edit (the policies' "last updated" date)
);

-- Loupe's gemologists (/team, GET /api/team/gemologists): lists as JSON arrays of strings.
CREATE TABLE gemologists (
  id TEXT PRIMARY KEY,                   -- 'maya-okafor': also the portrait /images/team/{id}.svg
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  credentials TEXT NOT NULL DEFAULT '[]',
  bio TEXT NOT NULL,
  specialties TEXT NOT NULL DEFAULT '[]',
  languages TEXT NOT NULL DEFAULT '[]',
  position INTEGER NOT NULL DEFAULT 0
);
