/**
 * §7 the concierge chat (issue 23 point 5; docs/decisions/044-concierge-chat.md): the shopper's conversation, the
 * message sent to it by guid, its messages for the panel, and the operators' inbox and answers (admin token).
 */
import * as v from "valibot";
import {
  ConversationGuid,
  ConversationView,
  CustomerMessageList,
  MessageSent,
  MessagesQuery,
  OperatorConversation,
  OperatorConversationList,
  OperatorConversationsQuery,
  ReplyRequest,
  SendMessageRequest,
} from "../conversations/schemas";
import { json, operation, refusal } from "./operation";

const Guid = v.object({ guid: ConversationGuid });
const notOwn = refusal("No conversation with this guid for this visitor or customer (another visitor's guid answers the same)");
const limited = refusal("Too many chat messages from this visitor or address: Retry-After says when to try again");

export const conversationOperations = {
  startConversation: operation({
    method: "POST",
    path: "/conversations",
    operationId: "startConversation",
    credentials: ["visitor", "session"],
    summary: "The shopper's conversation with the concierge: the one this visitor (or signed-in customer) has, or a new one",
    description:
      "A conversation belongs to the visitor cookie that started it and to the signed-in customer who writes in it. Creating one counts as a chat request for the rate limit (20 per visitor and 60 per address in 10 minutes).",
    responses: {
      200: json("The conversation this visitor or customer already has", ConversationView),
      201: json("A new, empty conversation", ConversationView),
      429: limited,
    },
  }),
  sendMessageByGuid: operation({
    method: "POST",
    path: "/conversations/sendmessagebyguid/{guid}",
    operationId: "sendMessageByGuid",
    credentials: ["visitor", "session"],
    summary: "A message to customer service, kept in the inbox operators read (and forwarded to the chat provider when one is configured)",
    description:
      "`guid` is the shopper's conversation (the chat: only its visitor or customer may write to it) or, as since issue 17, the user guid of an emailed link (the message joins that user's conversation). The message is trimmed, 1 to 5,000 characters. 20 messages per visitor and 60 per address in 10 minutes; the next answers 429 with Retry-After. The answer is the message's id and the conversation (for an emailed link: only this message).",
    params: Guid,
    body: SendMessageRequest,
    bodyType: "json-or-form",
    responses: { 200: json("Kept: its id and the conversation now", MessageSent), 404: notOwn, 429: limited },
  }),
  listMessages: operation({
    method: "GET",
    path: "/conversations",
    operationId: "listMessages",
    summary:
      "Operators: the customers' messages (signed-in or from an emailed link), newest first, at most 200; /api/operator/conversations has every conversation",
    admin: true,
    responses: { 200: json("Messages", CustomerMessageList) },
  }),
  conversationMessages: operation({
    method: "GET",
    path: "/conversations/{guid}/messages",
    operationId: "conversationMessages",
    credentials: ["visitor", "session"],
    summary: "The conversation's messages, oldest first (only those after ?after= when given): the panel polls it for the concierge's answers",
    params: Guid,
    query: MessagesQuery,
    responses: { 200: json("The conversation", ConversationView), 404: notOwn },
  }),
  operatorConversations: operation({
    method: "GET",
    path: "/operator/conversations",
    operationId: "operatorConversations",
    summary: "Operators: the conversations, those waiting for an answer first, with their messages and how each reached the chat provider",
    admin: true,
    query: OperatorConversationsQuery,
    responses: { 200: json("The conversations", OperatorConversationList) },
  }),
  operatorReply: operation({
    method: "POST",
    path: "/operator/conversations/{guid}/replies",
    operationId: "operatorReply",
    summary: "Operators: the concierge's answer, shown in the shopper's panel (and emailed to a signed-in shopper)",
    admin: true,
    params: Guid,
    body: ReplyRequest,
    bodyType: "json-or-form",
    responses: { 200: json("Answered: the conversation now", OperatorConversation), 404: refusal("No such conversation") },
  }),
} as const;
