/** §7 the concierge chat under /api (shared/api/conversations.ts): the shopper's conversation, messages by guid, the panel's reads, the operators' inbox and answers. */
import type { Context } from "hono";
import { conversationOperations as ops } from "#shared/api/conversations.ts";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { chatProviderOf } from "./forward";
import { type ChatRequest, readMessages, reply, sendMessage, startConversation } from "./service";
import { type Caller, customerMessages, operatorInbox } from "./store";
import { siteOrigin } from "../platform/config";

const privately = (c: Context<AppEnv>) => c.header("Cache-Control", "private, no-store");

/** The request's caller: its visitor cookie and signed-in customer. */
export async function chatCaller(c: Context<AppEnv>): Promise<Caller> {
  const session = await c.get("session")();
  return { visitorId: c.get("visitorId"), userId: session?.user.id ?? null };
}

/** The service's view of one request (the time read once, here). */
export function chatRequest(c: Context<AppEnv>): ChatRequest {
  return {
    env: c.env,
    provider: chatProviderOf(c.env),
    now: Date.now(),
    ip: c.req.header("cf-connecting-ip") ?? "unknown",
    origin: siteOrigin(c.env),
    waitUntil: (p) => c.executionCtx.waitUntil(p),
  };
}

export const conversationRoutes = [
  handle(ops.startConversation, async (_input, c) => {
    privately(c);
    const { created, view } = await startConversation(chatRequest(c), await chatCaller(c));
    return created ? { status: 201, body: view } : { status: 200, body: view };
  }),
  handle(ops.sendMessageByGuid, async ({ params, body }, c) => {
    privately(c);
    return { status: 200, body: await sendMessage(chatRequest(c), await chatCaller(c), params.guid, body) };
  }),
  handle(ops.conversationMessages, async ({ params, query }, c) => {
    privately(c);
    return { status: 200, body: await readMessages(c.env.DB, await chatCaller(c), params.guid, query.after) };
  }),
  handle(ops.listMessages, async (_input, c) => ({ status: 200, body: await customerMessages(c.env.DB) })),
  handle(ops.operatorConversations, async ({ query }, c) => ({ status: 200, body: await operatorInbox(c.env.DB, query.status) })),
  handle(ops.operatorReply, async ({ params, body }, c) => ({ status: 200, body: await reply(chatRequest(c), params.guid, body) })),
];
