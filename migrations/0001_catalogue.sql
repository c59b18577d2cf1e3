-- Loupe catalogue: retailers, diamonds (with price history), settings with metal variants,
-- wedding bands and jewellery (settings rows with other item types), legacy content redirects and seed
-- bookkeeping. Enumerated columns hold the codes defined in shared/enums.ts. Money is integer cents.

CREATE TABLE retailers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  slugurl TEXT NOT NULL UNIQUE,
  type INTEGER NOT NULL,               -- 1 natural, 2 lab-grown, 3 both
  status INTEGER NOT NULL,             -- 2 = visible
  logo_url TEXT NOT NULL,
  small_logo_url TEXT NOT NULL,
  description TEXT NOT NULL,
  websiteurl TEXT NOT NULL,
  seller_trade_type TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  about_image TEXT NOT NULL,
  features TEXT NOT NULL DEFAULT '[]',     -- JSON [{group,name,active}]
  sociallinks TEXT NOT NULL DEFAULT '[]',  -- JSON [{network,url}]
  ratings TEXT NOT NULL DEFAULT '[]'       -- JSON [{provider,rating,count}]
);

CREATE TABLE diamonds (
  id INTEGER PRIMARY KEY,
  retailer_id INTEGER NOT NULL REFERENCES retailers(id),
  certificate_lab INTEGER NOT NULL,
  certificate_id TEXT NOT NULL,
  is_lab_grown INTEGER NOT NULL,
  shape INTEGER NOT NULL,
  carat REAL NOT NULL,
  cut INTEGER NOT NULL,
  color INTEGER NOT NULL,
  clarity INTEGER NOT NULL,
  polish INTEGER NOT NULL,
  symmetry INTEGER NOT NULL,
  fluorescence INTEGER NOT NULL,
  depth_pct REAL NOT NULL,
  table_pct REAL NOT NULL,
  length_mm REAL NOT NULL,
  width_mm REAL NOT NULL,
  depth_mm REAL NOT NULL,
  lw_ratio REAL NOT NULL,
  eye_clean INTEGER NOT NULL,          -- 999 unknown
  shipping_days INTEGER NOT NULL,
  price_cents INTEGER NOT NULL,
  price_before_discount_cents INTEGER, -- set when the retailer runs a discount
  discount_percentage INTEGER,
  is_sold INTEGER NOT NULL DEFAULT 0,
  is_rc_ideal INTEGER NOT NULL DEFAULT 0,
  has_video INTEGER NOT NULL DEFAULT 0,
  image_url TEXT NOT NULL,
  video_preview_url TEXT,
  paired_diamond_id INTEGER,
  sorting_order INTEGER NOT NULL,      -- default ranking (lower first): value against the price model
  updated_at INTEGER NOT NULL,         -- epoch ms
  UNIQUE (certificate_lab, certificate_id, retailer_id)
);

-- One covering index serves the filtered count and the page of ids for every sort: origin and sold flag
-- first (always constrained), then the price window, then every other filtered or sorted column, so both
-- queries read the index only and touch table rows just for the 16 diamonds shown.
CREATE INDEX diamonds_search ON diamonds (is_lab_grown, is_sold, price_cents, shape, carat, color, clarity, cut, shipping_days, sorting_order);
-- The same columns in the default order (§9: sortingOrder ascending): the default page walks this index and
-- stops after one page instead of sorting every match.
CREATE INDEX diamonds_default_order ON diamonds (is_lab_grown, is_sold, sorting_order, price_cents, shape, carat, color, clarity, cut, shipping_days);
CREATE INDEX diamonds_certificate ON diamonds (certificate_id);

CREATE TABLE diamond_price_history (
  diamond_id INTEGER NOT NULL REFERENCES diamonds(id),
  at INTEGER NOT NULL,                 -- epoch ms
  price_cents INTEGER NOT NULL,
  source TEXT NOT NULL,                -- seed | import | update
  PRIMARY KEY (diamond_id, at)
);

CREATE TABLE settings (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  item_type INTEGER NOT NULL,          -- 0 band, 1 ring, 2 pendant, 4 earrings, 5 preset engagement ring
  item_type_name TEXT NOT NULL,        -- Setting, WeddingBands, PresetEngagementRing, ...
  style INTEGER NOT NULL DEFAULT 0,    -- style bitmask (rings) or earring/pendant style code
  retailer_id INTEGER NOT NULL REFERENCES retailers(id),
  description TEXT NOT NULL DEFAULT '',
  keywords TEXT NOT NULL DEFAULT '',
  shapes_mask INTEGER NOT NULL DEFAULT 1023, -- bit (shape-1) set when the setting takes that diamond shape
  side_stones_weight REAL NOT NULL DEFAULT 0,
  width_mm REAL NOT NULL DEFAULT 0,
  shipping_days INTEGER NOT NULL DEFAULT 10,
  matching_band_id INTEGER,
  gender TEXT NOT NULL DEFAULT 'women', -- women | men | unisex (wedding bands)
  is_eternity INTEGER NOT NULL DEFAULT 0,
  sorting_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX settings_type ON settings (item_type, sorting_order);

CREATE TABLE setting_variants (
  id INTEGER PRIMARY KEY,
  setting_id INTEGER NOT NULL REFERENCES settings(id),
  metal INTEGER NOT NULL,
  name TEXT NOT NULL,
  price_cents INTEGER NOT NULL,
  price_before_discount_cents INTEGER,
  discount_percentage INTEGER,
  image_url TEXT NOT NULL,
  is_sold INTEGER NOT NULL DEFAULT 0,
  UNIQUE (setting_id, metal)
);
CREATE INDEX setting_variants_metal ON setting_variants (metal, price_cents);

CREATE TABLE legacy_redirects (
  from_path TEXT PRIMARY KEY,          -- lowercase, no trailing slash, e.g. /blog/old-slug
  to_path TEXT NOT NULL,               -- site-relative path
  status INTEGER NOT NULL DEFAULT 301
);

CREATE TABLE seed_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
