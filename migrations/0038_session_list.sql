-- The customer's list of their sessions (docs/decisions/054-accounts-hardening.md): each session gets a
-- public id (random; never the token nor its hash) that the list shows and a revocation names, and a short
-- summary of the browser that opened it ("Firefox on Windows"; the User-Agent itself is not kept).
-- last_used_at also ends idle sessions: a session unused for 7 days no longer signs in.
ALTER TABLE sessions ADD COLUMN public_id TEXT;
ALTER TABLE sessions ADD COLUMN device TEXT NOT NULL DEFAULT '';
UPDATE sessions SET public_id = lower(hex(randomblob(12))) WHERE public_id IS NULL;
CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);
