-- The concierge chat (issue 23 point 5; §7 POST conversations/sendmessagebyguid/{guid}; docs/decisions/044-concierge-chat.md):
-- a shopper's conversation (one per visitor cookie, joined by the signed-in customer), its messages from the shopper and
-- the concierge (the customer-service messages operators read at /operator/conversations), each message's forwarding to
-- the chat provider when one is configured, and the recent chat requests per visitor and per address for the rate limit.
-- 0008's `conversations` (one row per message from an emailed link's user) becomes threads: each user who wrote gets one
-- conversation holding their messages, in order.
ALTER TABLE conversations RENAME TO conversations_0008;

CREATE TABLE conversations (
  id INTEGER PRIMARY KEY,
  guid TEXT NOT NULL UNIQUE,              -- the shopper's handle on it (random UUID); another caller's guid answers 404
  visitor_id TEXT,                        -- the visitor cookie that started it (null: started from an emailed link)
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL, -- the signed-in customer, once one writes in it
  created_at INTEGER NOT NULL,            -- epoch ms
  updated_at INTEGER NOT NULL,            -- the last message's time
  waiting INTEGER NOT NULL DEFAULT 0,     -- 1 while the shopper's last message has no concierge answer after it
  provider_conversation_id TEXT           -- the chat provider's conversation, once created there
);
CREATE UNIQUE INDEX conversations_visitor ON conversations (visitor_id);
CREATE INDEX conversations_user ON conversations (user_id);
CREATE INDEX conversations_waiting ON conversations (waiting, updated_at);

CREATE TABLE conversation_messages (
  id INTEGER PRIMARY KEY,
  conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  author TEXT NOT NULL CHECK (author IN ('shopper', 'concierge')),
  author_name TEXT,                       -- the operator's name on a concierge answer
  subject TEXT NOT NULL DEFAULT '',       -- an emailed link's form may give one; the chat does not
  body TEXT NOT NULL,
  page TEXT,                              -- the path the shopper wrote from
  created_at INTEGER NOT NULL,
  -- Forwarding to the chat provider: local (none configured: the D1 inbox is the provider), pending, sending (claimed at
  -- forward_claimed_at), sent, failed (forward_error; retried by the cron until forward_attempts reaches the cap).
  forward_status TEXT NOT NULL DEFAULT 'local' CHECK (forward_status IN ('local', 'pending', 'sending', 'sent', 'failed')),
  forward_attempts INTEGER NOT NULL DEFAULT 0,
  forward_claimed_at INTEGER,
  forward_error TEXT,
  provider_message_id TEXT
);
INSERT INTO conversations (guid, visitor_id, user_id, created_at, updated_at, waiting)
SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-'
       || substr('89ab', 1 + abs(random()) % 4, 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
       NULL, user_id, MIN(created_at), MAX(created_at), 1
FROM conversations_0008 GROUP BY user_id;
INSERT INTO conversation_messages (id, conversation_id, author, subject, body, created_at)
SELECT o.id, c.id, 'shopper', o.subject, o.message, o.created_at
FROM conversations_0008 o JOIN conversations c ON c.user_id = o.user_id ORDER BY o.id;
DROP TABLE conversations_0008;

CREATE INDEX conversation_messages_conversation ON conversation_messages (conversation_id, id);
CREATE INDEX conversation_messages_forward ON conversation_messages (forward_status, id);

CREATE TABLE chat_requests (
  id INTEGER PRIMARY KEY,
  visitor TEXT,                           -- a row of the per-visitor limit
  ip TEXT,                                -- a row of the per-address limit
  at INTEGER NOT NULL
);
CREATE INDEX chat_requests_visitor ON chat_requests (visitor, at);
CREATE INDEX chat_requests_ip ON chat_requests (ip, at);
CREATE INDEX chat_requests_at ON chat_requests (at);
