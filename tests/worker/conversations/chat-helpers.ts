/** Shared by the chat tests: a shopper (their own visitor cookie and address) with typed calls, and the operators' calls. */
import { expect } from "vitest";
import type { ConversationView, MessageSent, OperatorConversation, OperatorConversationList } from "#shared/conversations/schemas.ts";
import { call } from "../helpers";

export const ADMIN = { authorization: "Bearer test-admin-token" };
/** An address of its own (the per-address limit counts across the tests sharing the worker otherwise). */
export const freshAddress = () => `chat-${crypto.randomUUID()}`;

const json = () => ({ "content-type": "application/json", origin: "https://loupe.test" });

/** A new shopper: the visitor cookie the worker gave them, their address, their calls. */
export async function shopper(options: { ip?: string; headers?: Record<string, string> } = {}) {
  const ip = options.ip ?? freshAddress();
  const base = { "cf-connecting-ip": ip, ...options.headers };
  const first = await call("/api/conversations", { method: "POST", headers: { ...base, origin: "https://loupe.test" } });
  expect([200, 201]).toContain(first.status);
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const headers = { ...base, cookie };
  const conversation = (await first.json()) as ConversationView;
  return {
    ip,
    cookie,
    headers,
    guid: conversation.guid,
    start: () => call("/api/conversations", { method: "POST", headers: { ...headers, origin: "https://loupe.test" } }),
    send: (body: unknown, guid = conversation.guid) =>
      call(`/api/conversations/sendmessagebyguid/${guid}`, { method: "POST", headers: { ...headers, ...json() }, body: JSON.stringify(body) }),
    sent: async (message: string, page = "/diamond-search") => {
      const res = await call(`/api/conversations/sendmessagebyguid/${conversation.guid}`, {
        method: "POST",
        headers: { ...headers, ...json() },
        body: JSON.stringify({ message, page }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as MessageSent;
    },
    read: (after?: number, guid = conversation.guid) => call(`/api/conversations/${guid}/messages${after === undefined ? "" : `?after=${after}`}`, { headers }),
  };
}

/** The operators' inbox through the API. */
export async function inbox(status: "waiting" | "all" = "all"): Promise<OperatorConversationList> {
  const res = await call(`/api/operator/conversations?status=${status}`, { headers: ADMIN });
  expect(res.status).toBe(200);
  return (await res.json()) as OperatorConversationList;
}

/** An operator's answer through the API. */
export async function answer(guid: string, text: string, operator = "Grace"): Promise<OperatorConversation> {
  const res = await call(`/api/operator/conversations/${guid}/replies`, {
    method: "POST",
    headers: { ...ADMIN, "content-type": "application/json" },
    body: JSON.stringify({ text, operator }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as OperatorConversation;
}
