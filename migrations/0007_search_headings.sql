-- Search page headings from the content store (§2: the jewelry search heading and subheading come from the
-- url parameters h1 and h2 or from the content service). One row per search page id (shared/settings/pages.ts);
-- a page without a row shows its own heading ('Jewelry Gifts' for /jewelry-search).
CREATE TABLE search_headings (
  page_id TEXT PRIMARY KEY,
  heading TEXT NOT NULL,
  subheading TEXT NOT NULL DEFAULT ''
);
INSERT INTO search_headings (page_id, heading, subheading) VALUES
  ('jewelry-bracelets', 'Shop Diamond Bracelets', 'Tennis bracelets, bangles and stations, set with certified diamonds.'),
  ('jewelry-necklaces', 'Shop Diamond Necklaces', 'Necklaces with a diamond for every neckline.'),
  ('jewelry-earrings', 'Shop Diamond Earrings', 'Studs, halos and drops, matched in pairs.');
