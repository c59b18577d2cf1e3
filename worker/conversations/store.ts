/**
 * The concierge chat in D1 (migration 0031; docs/decisions/044-concierge-chat.md): a caller's conversation (found
 * by visitor or customer, created at most once per visitor even under concurrency), its messages, and the
 * operators' inbox. A conversation belongs to the visitor cookie that started it and to the signed-in customer
 * who writes in it; to anyone else its guid is unknown.
 */
import type { ChatMessage, ConversationView, OperatorConversation } from "#shared/conversations/schemas.ts";
import { refused } from "#shared/refusal.ts";

/** Who is asking: the visitor cookie and, when signed in, the customer. */
export interface Caller {
  visitorId: string;
  userId: number | null;
}

export interface ConversationRow {
  id: number;
  guid: string;
  /** Null for a conversation started from an emailed link (0008's messages, and messages sent by user guid). */
  visitor_id: string | null;
  user_id: number | null;
  created_at: number;
  updated_at: number;
  waiting: number;
  provider_conversation_id: string | null;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  author: "shopper" | "concierge";
  author_name: string | null;
  subject: string;
  body: string;
  page: string | null;
  created_at: number;
  forward_status: "local" | "pending" | "sending" | "sent" | "failed";
  forward_attempts: number;
  forward_error: string | null;
  provider_message_id: string | null;
}

const OWNED = "(visitor_id = ?1 OR (?2 IS NOT NULL AND user_id = ?2))";

/** The caller's conversation (the customer's or the visitor's, the most recent when both have one), or null. */
export async function conversationOf(db: D1Database, caller: Caller): Promise<ConversationRow | null> {
  return db
    .prepare(`SELECT * FROM conversations WHERE ${OWNED} ORDER BY updated_at DESC, id DESC LIMIT 1`)
    .bind(caller.visitorId, caller.userId)
    .first<ConversationRow>();
}

/**
 * Creates the caller's conversation unless the visitor already has one (one statement: of simultaneous calls one
 * creates, the others find it); true when this call created it.
 */
export async function createConversation(db: D1Database, caller: Caller, now: number): Promise<boolean> {
  const created = await db
    .prepare(
      `INSERT INTO conversations (guid, visitor_id, user_id, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)
       ON CONFLICT (visitor_id) DO NOTHING RETURNING id`,
    )
    .bind(crypto.randomUUID(), caller.visitorId, caller.userId, now)
    .first();
  return created !== null;
}

/** The conversation `guid` if it is the caller's, else null (another visitor's guid is unknown to this one). */
export function findOwnConversation(db: D1Database, guid: string, caller: Caller): Promise<ConversationRow | null> {
  return db
    .prepare(`SELECT * FROM conversations WHERE guid = ?3 AND ${OWNED}`)
    .bind(caller.visitorId, caller.userId, guid.toLowerCase())
    .first<ConversationRow>();
}

/** The conversation `guid` if it is the caller's; not_found otherwise. */
export async function ownConversation(db: D1Database, guid: string, caller: Caller): Promise<ConversationRow> {
  return (await findOwnConversation(db, guid, caller)) ?? refused("not_found", "No such conversation");
}

/** The customer's conversation (their latest), started without a visitor when they have none (an emailed link's message). */
export async function userConversation(db: D1Database, userId: number, now: number): Promise<ConversationRow> {
  await db
    .prepare(
      `INSERT INTO conversations (guid, visitor_id, user_id, created_at, updated_at) SELECT ?1, NULL, ?2, ?3, ?3
       WHERE NOT EXISTS (SELECT 1 FROM conversations WHERE user_id = ?2)`,
    )
    .bind(crypto.randomUUID(), userId, now)
    .run();
  const row = await db.prepare("SELECT * FROM conversations WHERE user_id = ? ORDER BY updated_at DESC, id DESC LIMIT 1").bind(userId).first<ConversationRow>();
  if (!row) throw new Error(`no conversation for user ${userId} after creating one`);
  return row;
}

/** `GET /api/conversations` (since issue 17): the customers' own messages, newest first. */
export async function customerMessages(db: D1Database, limit = 200) {
  const { results } = await db
    .prepare(
      `SELECT m.id, u.user_guid AS userGuid, u.email, m.subject, m.body AS message, m.created_at AS createdAt
       FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id JOIN users u ON u.id = c.user_id
       WHERE m.author = 'shopper' ORDER BY m.id DESC LIMIT ?`,
    )
    .bind(limit)
    .all<{ id: number; userGuid: string; email: string; subject: string; message: string; createdAt: number }>();
  return { messages: results };
}

/** Any conversation by guid (the operators'), or not_found. */
export async function conversationByGuid(db: D1Database, guid: string): Promise<ConversationRow> {
  const row = await db.prepare("SELECT * FROM conversations WHERE guid = ?").bind(guid).first<ConversationRow>();
  return row ?? refused("not_found", "No such conversation");
}

export interface NewMessage {
  author: "shopper" | "concierge";
  name: string | null;
  subject?: string;
  text: string;
  page: string | null;
  /** `pending` when a chat provider is configured (the message is to be forwarded), `local` otherwise. */
  forward: "local" | "pending";
  /** The customer writing, who joins the conversation (a shopper's message only). */
  userId?: number | null;
}

/** Appends a message and updates the conversation (its time, whether it waits for an answer, its customer) in one batch; the message's id. */
export async function appendMessage(db: D1Database, conversationId: number, m: NewMessage, now: number): Promise<number> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO conversation_messages (conversation_id, author, author_name, subject, body, page, created_at, forward_status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .bind(conversationId, m.author, m.name, m.subject ?? "", m.text, m.page, now, m.forward),
    db
      .prepare("UPDATE conversations SET updated_at = ?2, waiting = ?3, user_id = COALESCE(user_id, ?4) WHERE id = ?1")
      .bind(conversationId, now, m.author === "shopper" ? 1 : 0, m.userId ?? null),
  ]);
  return inserted!.results[0]!.id;
}

/** One message as its shopper sees it. */
export const toMessage = (r: MessageRow): ChatMessage => ({ id: r.id, author: r.author, name: r.author_name, text: r.body, at: r.created_at });

/** The messages of a conversation, oldest first (those after `after` only, when given). */
export async function messagesOf(db: D1Database, conversationId: number, after = 0): Promise<MessageRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM conversation_messages WHERE conversation_id = ? AND id > ? ORDER BY id")
    .bind(conversationId, after)
    .all<MessageRow>();
  return results;
}

/** The conversation as its shopper sees it. */
export async function shopperView(db: D1Database, c: ConversationRow, after = 0): Promise<ConversationView> {
  return { guid: c.guid, messages: (await messagesOf(db, c.id, after)).map(toMessage), waiting: c.waiting === 1 };
}

/** Most conversations the operators' inbox lists at once. */
export const INBOX_SIZE = 100;

/** The operators' inbox: waiting conversations first (the longest wait first), then the others, most recent first. */
export async function operatorInbox(db: D1Database, status: "waiting" | "all"): Promise<{ conversations: OperatorConversation[]; waitingCount: number }> {
  type InboxRow = ConversationRow & { email: string | null; first_name: string | null };
  const [list, count] = await db.batch<InboxRow & { n: number }>([
    db
      .prepare(
        `SELECT c.*, u.email, u.first_name FROM conversations c LEFT JOIN users u ON u.id = c.user_id
         WHERE (?1 = 'all' OR c.waiting = 1) AND EXISTS (SELECT 1 FROM conversation_messages m WHERE m.conversation_id = c.id)
         ORDER BY c.waiting DESC, CASE WHEN c.waiting = 1 THEN c.updated_at END ASC, c.updated_at DESC LIMIT ?2`,
      )
      .bind(status, INBOX_SIZE),
    db.prepare("SELECT COUNT(*) AS n FROM conversations WHERE waiting = 1"),
  ]);
  const rows = list!.results;
  const { results: messages } = await db
    .prepare("SELECT * FROM conversation_messages WHERE conversation_id IN (SELECT value FROM json_each(?)) ORDER BY id")
    .bind(JSON.stringify(rows.map((r) => r.id)))
    .all<MessageRow>();
  const byConversation = new Map<number, MessageRow[]>();
  for (const m of messages) byConversation.set(m.conversation_id, [...(byConversation.get(m.conversation_id) ?? []), m]);
  return {
    conversations: rows.map((r) =>
      operatorView(r, r.email === null ? null : { email: r.email, firstName: r.first_name ?? "" }, byConversation.get(r.id) ?? []),
    ),
    waitingCount: count!.results[0]?.n ?? 0,
  };
}

/** One conversation as the operators see it. */
export function operatorView(c: ConversationRow, customer: { email: string; firstName: string } | null, messages: MessageRow[]): OperatorConversation {
  return {
    guid: c.guid,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    waiting: c.waiting === 1,
    customer,
    messages: messages.map((m) => ({
      ...toMessage(m),
      subject: m.subject,
      page: m.page,
      forward: { status: m.forward_status, attempts: m.forward_attempts, error: m.forward_error },
    })),
  };
}

/** The customer of a conversation (email and first name), or null. */
export async function customerOf(db: D1Database, userId: number | null): Promise<{ email: string; firstName: string } | null> {
  if (userId === null) return null;
  const row = await db.prepare("SELECT email, first_name FROM users WHERE id = ?").bind(userId).first<{ email: string; first_name: string }>();
  return row && { email: row.email, firstName: row.first_name };
}
