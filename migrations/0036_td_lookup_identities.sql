-- TD account number lookups counted per identity (docs/decisions/052-order-ownership.md): besides every try of a
-- client address (td_account_lookups), every try for an order (`order:LP…`) and for a signed-in customer
-- (`user:{id}`), counted in the last 15 minutes. A try reserves its row in the one statement that counts the
-- window (worker/orders/td/limit.ts, worker/lib/ip-limit.ts), so concurrent tries for one order let exactly
-- the limit through. Rows older than the window go as new ones come in.
CREATE TABLE td_account_lookup_identities (
  id INTEGER PRIMARY KEY,
  identity TEXT NOT NULL,              -- order:{orderNumber} or user:{userId}
  at INTEGER NOT NULL                  -- epoch ms
);
CREATE INDEX td_account_lookup_identities_identity ON td_account_lookup_identities (identity, at);
