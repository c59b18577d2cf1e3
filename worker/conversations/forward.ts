/**
 * Forwarding messages to the chat provider (docs/decisions/044-concierge-chat.md). A message is kept in D1 first
 * (the inbox never depends on the provider); forwarding claims it with a compare-and-set (pending or failed →
 * sending, or a claim older than a minute), so two runs never send it twice at once, then marks it sent (with the
 * provider's id) or failed (with why). The cron (every 5 minutes) tries failed and stuck ones again until
 * MAX_FORWARD_ATTEMPTS; after that the message stays failed, shown so to the operators.
 */
import type { ConversationRow, MessageRow } from "./store";
import { type ChatProvider, sunshineConfig, sunshineProvider } from "./sunshine";
import type { SunshineBindings } from "./sunshine-config";

/** Tries per message, counting the first (made as the message is sent). */
export const MAX_FORWARD_ATTEMPTS = 5;
/** A claim older than this is a run that died (an evicted isolate): the message can be claimed again. */
export const CLAIM_STALE_MS = 60_000;
/** Messages one cron run forwards at most. */
export const FORWARD_BATCH = 20;

/** The configured chat provider, or null (locally: the D1 inbox is the provider). */
export function chatProviderOf(env: SunshineBindings): ChatProvider | null {
  const config = sunshineConfig(env);
  return config ? sunshineProvider(config) : null;
}

/** What became of one forwarding: sent, failed (kept, marked, retried later), or skipped (another run has it, or it is done). */
export type ForwardOutcome = "sent" | "failed" | "skipped";

/** Forwards message `id` to the provider once it is claimed; never throws for the provider's failures. */
export async function forwardMessage(db: D1Database, provider: ChatProvider, id: number, now: number): Promise<ForwardOutcome> {
  const claimed = await db
    .prepare(
      `UPDATE conversation_messages SET forward_status = 'sending', forward_attempts = forward_attempts + 1, forward_claimed_at = ?2
       WHERE id = ?1 AND forward_attempts < ?3
         AND (forward_status IN ('pending', 'failed') OR (forward_status = 'sending' AND forward_claimed_at <= ?2 - ?4))
       RETURNING *`,
    )
    .bind(id, now, MAX_FORWARD_ATTEMPTS, CLAIM_STALE_MS)
    .first<MessageRow>();
  if (!claimed) return "skipped";
  try {
    const conversation = await db.prepare("SELECT * FROM conversations WHERE id = ?").bind(claimed.conversation_id).first<ConversationRow>();
    if (!conversation) throw new Error(`conversation ${claimed.conversation_id} is gone`);
    let providerId = conversation.provider_conversation_id;
    if (providerId === null) {
      const created = await provider.createConversation(conversation.guid);
      // The first to store its conversation wins; a simultaneous creation's other conversation stays unused.
      const kept = await db
        .prepare("UPDATE conversations SET provider_conversation_id = COALESCE(provider_conversation_id, ?) WHERE id = ? RETURNING provider_conversation_id")
        .bind(created, conversation.id)
        .first<{ provider_conversation_id: string }>();
      providerId = kept?.provider_conversation_id ?? created;
    }
    const providerMessageId = await provider.postMessage(providerId, conversation.guid, {
      id: claimed.id,
      author: claimed.author,
      name: claimed.author_name,
      text: claimed.body,
      page: claimed.page,
    });
    await db
      .prepare(
        "UPDATE conversation_messages SET forward_status = 'sent', provider_message_id = ?, forward_error = NULL WHERE id = ? AND forward_status = 'sending'",
      )
      .bind(providerMessageId, id)
      .run();
    return "sent";
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    console.warn(
      JSON.stringify({ level: "warn", message: "chat message not forwarded", provider: provider.name, messageId: id, attempt: claimed.forward_attempts, why }),
    );
    await db
      .prepare("UPDATE conversation_messages SET forward_status = 'failed', forward_error = ? WHERE id = ? AND forward_status = 'sending'")
      .bind(why.slice(0, 500), id)
      .run();
    return "failed";
  }
}

/** The cron's run: forwards pending, failed and stuck messages (oldest first, at most FORWARD_BATCH) one after another. */
export async function forwardDue(db: D1Database, provider: ChatProvider | null, now: number): Promise<Record<ForwardOutcome, number>> {
  const counts: Record<ForwardOutcome, number> = { sent: 0, failed: 0, skipped: 0 };
  if (!provider) return counts;
  const { results } = await db
    .prepare(
      `SELECT id FROM conversation_messages
       WHERE forward_attempts < ?2 AND (forward_status IN ('pending', 'failed') OR (forward_status = 'sending' AND forward_claimed_at <= ?1 - ?3))
       ORDER BY id LIMIT ?4`,
    )
    .bind(now, MAX_FORWARD_ATTEMPTS, CLAIM_STALE_MS, FORWARD_BATCH)
    .all<{ id: number }>();
  // One at a time, in order: a conversation's messages reach the provider in the order they were written.
  for (const { id } of results) counts[await forwardMessage(db, provider, id, now)]++;
  return counts;
}

/** The Cron Trigger's part (worker/index.ts): the due forwards, after the response. */
export function conversationsCron(_controller: ScheduledController, env: SunshineBindings & { DB: D1Database }, ctx: ExecutionContext): void {
  ctx.waitUntil(forwardDue(env.DB, chatProviderOf(env), Date.now()));
}
