-- My stuff (issue 19; §3 My stuff, §7 My stuff): a customer's saved diamonds with their notes. One row per
-- customer and diamond; the row id is §3 userSavedDiamondId.
CREATE TABLE user_saved_diamonds (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  diamond_id INTEGER NOT NULL,
  notes TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, diamond_id)
);
CREATE INDEX user_saved_diamonds_diamond ON user_saved_diamonds (diamond_id);
