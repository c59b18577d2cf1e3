/**
 * The concierge chat's service (issue 23 point 5; docs/decisions/044-concierge-chat.md): the shopper's conversation,
 * their messages (validated by the contract, rate-limited, kept in D1, then forwarded to the chat provider after the
 * answer when one is configured), the panel's reads, and the operators' answers (kept, forwarded, and emailed to a
 * signed-in shopper). Times come from the caller.
 */
import type { ConversationView, MessageSent, OperatorConversation, ReplyRequest, SendMessageRequest } from "#shared/conversations/schemas.ts";
import { refused } from "#shared/refusal.ts";
import { safePath } from "#shared/safe-path.ts";
import { findByGuid } from "../accounts/users";
import { type EmailBindings, queueEmail } from "../email/outbox";
import { forwardMessage } from "./forward";
import { reserveChat } from "./limit";
import {
  appendMessage,
  type Caller,
  conversationByGuid,
  conversationOf,
  createConversation,
  customerOf,
  findOwnConversation,
  messagesOf,
  operatorView,
  ownConversation,
  shopperView,
  userConversation,
} from "./store";
import type { ChatProvider } from "./sunshine";

/** What one request gives the service. */
export interface ChatRequest {
  env: EmailBindings;
  /** The configured chat provider, or null (the D1 inbox alone). */
  provider: ChatProvider | null;
  now: number;
  /** The client's address (the per-address limit). */
  ip: string;
  origin: string;
  waitUntil: (p: Promise<unknown>) => void;
}

/** The caller's conversation, created (one chat request of the limit) when they have none; `created` says which. */
export async function startConversation(r: ChatRequest, caller: Caller): Promise<{ created: boolean; view: ConversationView }> {
  const existing = await conversationOf(r.env.DB, caller);
  if (existing) return { created: false, view: await shopperView(r.env.DB, existing) };
  await reserveChat(r.env.DB, caller.visitorId, r.ip, r.now);
  const created = await createConversation(r.env.DB, caller, r.now);
  const row = await conversationOf(r.env.DB, caller);
  if (!row) throw new Error("conversation not found after its creation");
  return { created, view: await shopperView(r.env.DB, row) };
}

/** Forwards a kept message after the answer (the shopper never waits for the provider); its failure is marked, not thrown. */
function forwardLater(r: ChatRequest, id: number): void {
  if (r.provider) r.waitUntil(forwardMessage(r.env.DB, r.provider, id, r.now));
}

/**
 * A message to customer service by `guid`: the caller's own conversation (the chat), or — as since issue 17 — an
 * emailed link's user guid, the message joining that user's conversation (the answer then shows only this message:
 * a link is no way into the history). Anything else is not_found; past the limits, rate_limited.
 */
export async function sendMessage(r: ChatRequest, caller: Caller, guid: string, body: SendMessageRequest): Promise<MessageSent> {
  const db = r.env.DB;
  const own = await findOwnConversation(db, guid, caller);
  const linkUser = own ? null : await findByGuid(db, guid);
  if (!own && !linkUser) refused("not_found", "No such conversation");
  await reserveChat(db, caller.visitorId, r.ip, r.now);
  const conversation = own ?? (await userConversation(db, linkUser!.id, r.now));
  const message = { author: "shopper", name: null, subject: body.subject, text: body.message, page: body.page ?? null } as const;
  const id = await appendMessage(
    db,
    conversation.id,
    { ...message, forward: r.provider ? "pending" : "local", userId: own ? caller.userId : linkUser!.id },
    r.now,
  );
  forwardLater(r, id);
  if (!own) return { id, guid: conversation.guid, waiting: true, messages: [{ id, author: "shopper", name: null, text: body.message, at: r.now }] };
  return { id, ...(await shopperView(db, { ...conversation, waiting: 1 })) };
}

/** The conversation's messages for its shopper (after `after` only, when given). */
export async function readMessages(db: D1Database, caller: Caller, guid: string, after?: number): Promise<ConversationView> {
  return shopperView(db, await ownConversation(db, guid, caller), after ?? 0);
}

/** An operator's answer: kept, forwarded, emailed to the conversation's signed-in customer; the conversation as operators see it. */
export async function reply(r: ChatRequest, guid: string, body: ReplyRequest): Promise<OperatorConversation> {
  const conversation = await conversationByGuid(r.env.DB, guid);
  const id = await appendMessage(
    r.env.DB,
    conversation.id,
    { author: "concierge", name: body.operator, text: body.text, page: null, forward: r.provider ? "pending" : "local" },
    r.now,
  );
  forwardLater(r, id);
  const [messages, customer] = await Promise.all([messagesOf(r.env.DB, conversation.id), customerOf(r.env.DB, conversation.user_id)]);
  if (customer) {
    // A page stored before pages were checked may be anything: the email links only to a safe path of this site.
    const page = safePath([...messages].reverse().find((m) => m.author === "shopper" && m.page)?.page);
    await queueEmail(
      r.env,
      {
        clientIp: null,
        message: {
          to: customer.email,
          template: "concierge-reply",
          data: { firstName: customer.firstName, operator: body.operator, answer: body.text, link: new URL(page, r.origin).href },
        },
      },
      r.waitUntil,
      r.now,
    );
  }
  return operatorView({ ...conversation, waiting: 0, updated_at: r.now }, customer, messages);
}
