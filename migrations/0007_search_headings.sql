-- Search page headings from the content store (§2: the jewelry search heading and subheading come from the
-- url parameters h1 and h2 or from the content service). One row per search page id or collection
-- (`{family}/collections/{name}`; shared/settings/pages.ts CONTENT_PAGE_IDS); a page without a row shows its
-- own heading and no subheading ('Jewelry Gifts' for /jewelry-search).
CREATE TABLE search_headings (
  page_id TEXT PRIMARY KEY,
  heading TEXT NOT NULL,
  subheading TEXT NOT NULL DEFAULT ''
);
INSERT INTO search_headings (page_id, heading, subheading) VALUES
  ('setting-search', 'Engagement Ring Settings', 'Choose a setting, then the diamond it holds: every style in platinum and 14K or 18K gold.'),
  ('pendant-search', 'Diamond Pendant Settings', 'A pendant setting for the diamond you choose.'),
  ('earrings', 'Diamond Earring Settings', 'Stud settings for a matched pair of diamonds you choose.'),
  ('wedding-rings', 'Women''s Wedding Rings', 'Wedding rings and bands for her, to wear alone or with an engagement ring.'),
  ('mens-wedding-bands', 'Men''s Wedding Bands', 'Bands for him in gold, platinum and alternative metals.'),
  ('eternity-rings', 'Eternity Rings for Women', 'Diamonds all the way around.'),
  ('jewelry-bracelets', 'Shop Diamond Bracelets', 'Tennis bracelets, bangles and stations, set with certified diamonds.'),
  ('jewelry-necklaces', 'Shop Diamond Necklaces', 'Necklaces with a diamond for every neckline.'),
  ('jewelry-earrings', 'Shop Diamond Earrings', 'Studs, halos and drops, matched in pairs.'),
  ('setting-search/collections/vintage', 'Vintage-Inspired Settings', 'Milgrain, filigree and Art Deco details.'),
  ('setting-search/collections/halo', 'Halo Settings', 'A ring of small diamonds around the centre stone.'),
  ('setting-search/collections/solitaire', 'Solitaire Settings', 'One diamond, nothing to distract from it.'),
  ('setting-search/collections/rose-gold', 'Rose Gold Settings', 'Every setting in 14K or 18K rose gold.'),
  ('setting-search/collections/under-1000', 'Settings Under $1,000', 'Beautiful settings that leave more for the diamond.'),
  ('engagement-rings/collections/ready-to-ship', 'Ready-to-Ship Engagement Rings', 'Set with a certified diamond and ready to propose with.'),
  ('engagement-rings/collections/halo', 'Halo Engagement Rings', 'Preset rings with a halo of diamonds.'),
  ('engagement-rings/collections/solitaire', 'Solitaire Engagement Rings', 'Preset solitaires.');
