-- The retailer directory (issue 20 point 5; docs/decisions/022-retailer-directory.md): each retailer's US location
-- (the catalogue seed writes it), and the metro areas of the /metro/{name} pages (the content seed writes them).
ALTER TABLE retailers ADD COLUMN postal_code TEXT NOT NULL DEFAULT '';
ALTER TABLE retailers ADD COLUMN city TEXT NOT NULL DEFAULT '';
ALTER TABLE retailers ADD COLUMN state TEXT NOT NULL DEFAULT '';
ALTER TABLE retailers ADD COLUMN latitude REAL;
ALTER TABLE retailers ADD COLUMN longitude REAL;

CREATE TABLE metro_areas (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,           -- the slug of /metro/{name}, e.g. new-york
  display_name TEXT NOT NULL,          -- e.g. New York City
  state TEXT NOT NULL,                 -- the main state's two-letter code
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  zip3 TEXT NOT NULL DEFAULT '[]'      -- JSON array of the ZIP code prefixes (first three digits) it covers
);
