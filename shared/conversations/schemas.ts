/**
 * The concierge chat's wire shapes (issue 23 point 5; §7 POST conversations/sendmessagebyguid/{guid};
 * docs/decisions/044-concierge-chat.md): a conversation as its shopper and the operators see it, a message, and
 * what each side sends.
 */
import * as v from "valibot";
import { sitePath } from "../url-schemas";
import { MESSAGE_MAX, OPERATOR_NAME_MAX, SUBJECT_MAX } from "./limits";

/** A conversation's handle: the random UUID the worker gave it. */
export const ConversationGuid = v.pipe(v.string(), v.maxLength(36), v.uuid("Not a conversation id"));

/** One message as the shopper's panel shows it. */
export const ChatMessage = v.object({
  id: v.number(),
  author: v.picklist(["shopper", "concierge"]),
  /** The operator's name on a concierge answer; null on the shopper's messages. */
  name: v.nullable(v.string()),
  text: v.string(),
  /** Epoch ms. */
  at: v.number(),
});
export type ChatMessage = v.InferOutput<typeof ChatMessage>;

/** The shopper's conversation: its guid and messages (all of them, or those after `?after=`), oldest first. */
export const ConversationView = v.object({
  guid: v.string(),
  messages: v.array(ChatMessage),
  /** True while the shopper's last message has no answer after it. */
  waiting: v.boolean(),
});
export type ConversationView = v.InferOutput<typeof ConversationView>;

const text = (max: number, what: string) =>
  v.pipe(v.string(`${what} is text`), v.trim(), v.minLength(1, `Write ${what.toLowerCase()}`), v.maxLength(max, `${what} is at most ${max} characters`));

/**
 * A message to customer service: the chat's (with `page`, the path the shopper wrote from) or an emailed link's form
 * (with an optional `subject`, as since issue 17).
 */
export const SendMessageRequest = v.object({
  subject: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(SUBJECT_MAX, `subject is at most ${SUBJECT_MAX} characters`)), ""),
  message: text(MESSAGE_MAX, "A message"),
  /** A safe path of this site (shared/safe-path.ts), stored normalised; anything else is refused. */
  page: v.optional(sitePath("page", 500)),
});
export type SendMessageRequest = v.InferOutput<typeof SendMessageRequest>;

/** A sent message: its id, and the conversation now (for an emailed link's user: only this message). */
export const MessageSent = v.object({ id: v.number(), ...ConversationView.entries });
export type MessageSent = v.InferOutput<typeof MessageSent>;

/** `GET /api/conversations` (operators, since issue 17): the customers' messages, newest first. */
export const CustomerMessageList = v.object({
  messages: v.array(v.object({ id: v.number(), userGuid: v.string(), email: v.string(), subject: v.string(), message: v.string(), createdAt: v.number() })),
});

export const MessagesQuery = v.object({
  /** Only the messages after this id (the panel's polling). */
  after: v.optional(v.pipe(v.string(), v.maxLength(15), v.regex(/^\d{1,15}$/, "after is a message id"), v.transform(Number))),
});

/** An operator's answer (the API's JSON and the page's form). */
export const ReplyRequest = v.object({
  text: text(MESSAGE_MAX, "An answer"),
  operator: text(OPERATOR_NAME_MAX, "Your name"),
});
export type ReplyRequest = v.InferOutput<typeof ReplyRequest>;

/** How a message went to the chat provider: local (none configured), pending or sending, sent, or failed (why). */
export const ForwardState = v.object({
  status: v.picklist(["local", "pending", "sending", "sent", "failed"]),
  attempts: v.number(),
  error: v.nullable(v.string()),
});

/** One conversation as the operators see it. */
export const OperatorConversation = v.object({
  guid: v.string(),
  createdAt: v.number(),
  updatedAt: v.number(),
  waiting: v.boolean(),
  /** The signed-in customer who wrote in it, if any. */
  customer: v.nullable(v.object({ email: v.string(), firstName: v.string() })),
  messages: v.array(v.object({ ...ChatMessage.entries, subject: v.string(), page: v.nullable(v.string()), forward: ForwardState })),
});
export type OperatorConversation = v.InferOutput<typeof OperatorConversation>;

export const OperatorConversationsQuery = v.object({
  status: v.optional(v.picklist(["waiting", "all"], "status is waiting or all"), "all"),
});
export const OperatorConversationList = v.object({
  /** Waiting ones first (oldest wait first), then the rest, most recent first; at most 100. */
  conversations: v.array(OperatorConversation),
  waitingCount: v.number(),
});
export type OperatorConversationList = v.InferOutput<typeof OperatorConversationList>;
