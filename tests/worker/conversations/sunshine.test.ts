/**
 * The chat provider adapter (worker/conversations/sunshine.ts) against the loopback Sunshine Conversations fake
 * (tests/fakes/sunshine.ts), and forwarding (worker/conversations/forward.ts): the shopper's messages and the
 * concierge's answers reach the provider's conversation; 5xx and 429 are tried again, a timeout is not; a failure keeps
 * the message (the shopper and the operators still see it), marks it failed with why, and the cron sends it later —
 * until the cap of tries, after which it stays failed.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Bindings } from "#worker/env.ts";
import { chatProviderOf, forwardDue, MAX_FORWARD_ATTEMPTS } from "#worker/conversations/forward.ts";
import { type ChatRequest, reply, sendMessage } from "#worker/conversations/service.ts";
import { operatorInbox } from "#worker/conversations/store.ts";
import { ChatProviderRefused, ChatProviderUnavailable, type SunshineConfig, sunshineConfig, sunshineProvider } from "#worker/conversations/sunshine.ts";
import { shopper } from "./chat-helpers";

interface FakeState {
  users: { externalId: string }[];
  conversations: { id: string; participant: string }[];
  messages: { conversationId: string; author: Record<string, unknown>; text: string; metadata: Record<string, unknown> | null }[];
  requests: { path: string; status: number }[];
}

async function control<T>(action: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${inject("fakesOrigin")}/__control/sunshine/${action}`, { method: "POST", body: JSON.stringify(body) });
  return (await res.json()) as T;
}

/** A Sunshine app of its own at the fake; the adapter's config for it (no real sleep between tries). */
async function sunshineApp(options: { timeoutMs?: number; secret?: string } = {}) {
  const appId = `app-${crypto.randomUUID()}`;
  const keyId = `app_${crypto.randomUUID()}`;
  const keySecret = `secret-${crypto.randomUUID()}`;
  await control("register", { appId, keyId, keySecret });
  const bindings = {
    SUNSHINE_APP_ID: appId,
    SUNSHINE_KEY_ID: keyId,
    SUNSHINE_KEY_SECRET: options.secret ?? keySecret,
    SUNSHINE_API_URL: `${inject("fakesOrigin")}/sunshine/`,
  };
  const sleeps: number[] = [];
  const config: SunshineConfig = {
    ...sunshineConfig(bindings)!,
    timeoutMs: options.timeoutMs ?? 5_000,
    sleep: async (ms) => void sleeps.push(ms),
  };
  return {
    config,
    bindings,
    sleeps,
    fail: (status: number, times = 1) => control("fail", { appId, status, times }),
    hang: () => control("hang", { appId }),
    state: () => control<FakeState>("state", { appId }),
  };
}

/** The chat service's request with the app as provider; `settle` waits for the forwarding started after the answer. */
function chatRequest(config: SunshineConfig, now = Date.now()) {
  const pending: Promise<unknown>[] = [];
  const r: ChatRequest = {
    env: env as unknown as Bindings,
    provider: sunshineProvider(config),
    now,
    ip: `chat-${crypto.randomUUID()}`,
    origin: "https://loupe.test",
    waitUntil: (p) => void pending.push(p),
  };
  return { r, settle: () => Promise.all(pending.splice(0)) };
}

const forwardOf = async (guid: string) =>
  (await operatorInbox(env.DB, "all")).conversations.find((c) => c.guid === guid)!.messages.map((m) => ({ text: m.text, ...m.forward }));

describe("the Sunshine Conversations adapter", () => {
  it("is configured only with the app id, key id and secret; the API origin defaults to api.smooch.io", () => {
    expect(sunshineConfig({})).toBeNull();
    expect(chatProviderOf({ SUNSHINE_APP_ID: "a", SUNSHINE_KEY_ID: "k" })).toBeNull();
    expect(sunshineConfig({ SUNSHINE_APP_ID: "a", SUNSHINE_KEY_ID: "k", SUNSHINE_KEY_SECRET: "s" })?.apiUrl).toBe("https://api.smooch.io");
  });

  it("creates the shopper's user and personal conversation, then posts as the user and as the business", async () => {
    const app = await sunshineApp();
    const provider = sunshineProvider(app.config);
    const guid = crypto.randomUUID();
    const conversationId = await provider.createConversation(guid);
    await provider.postMessage(conversationId, guid, { id: 7, author: "shopper", name: null, text: "Hello", page: "/cart" });
    await provider.postMessage(conversationId, guid, { id: 8, author: "concierge", name: "Grace", text: "Hi!", page: null });
    // A retry after a lost answer finds the user there already (409) and carries on.
    expect(await provider.createConversation(guid)).not.toBe(conversationId);
    const state = await app.state();
    expect(state.users.map((u) => u.externalId)).toEqual([`loupe-${guid}`]);
    expect(state.conversations[0]).toEqual({ id: conversationId, participant: `loupe-${guid}` });
    expect(state.messages).toEqual([
      {
        conversationId,
        author: { type: "user", userExternalId: `loupe-${guid}` },
        text: "Hello",
        metadata: { loupeMessageId: 7, page: "/cart" },
        id: expect.any(String),
      },
      { conversationId, author: { type: "business", displayName: "Grace" }, text: "Hi!", metadata: { loupeMessageId: 8 }, id: expect.any(String) },
    ]);
    expect(state.requests.map((q) => q.status)).toEqual([201, 201, 201, 201, 409, 201]);
  });

  it("tries a 5xx or 429 again (backing off through the injected sleep) and gives up after three tries", async () => {
    const app = await sunshineApp();
    const provider = sunshineProvider(app.config);
    await app.fail(503, 2);
    const id = await provider.createConversation(crypto.randomUUID());
    expect(id).toEqual(expect.any(String));
    expect(app.sleeps).toEqual([250, 1000]);
    await app.fail(429, 3);
    await expect(provider.createConversation(crypto.randomUUID())).rejects.toThrow(ChatProviderUnavailable);
    expect((await app.state()).requests.slice(-3).map((q) => q.status)).toEqual([429, 429, 429]);
  });

  it("does not wait past its timeout, nor try again after one; a wrong key is refused, not retried", async () => {
    const app = await sunshineApp({ timeoutMs: 150 });
    await app.hang();
    await expect(sunshineProvider(app.config).createConversation(crypto.randomUUID())).rejects.toThrow(/did not answer the user creation within 150 ms/);
    expect((await app.state()).requests).toHaveLength(1);
    const wrong = await sunshineApp({ secret: "not-the-secret" });
    await expect(sunshineProvider(wrong.config).createConversation(crypto.randomUUID())).rejects.toThrow(ChatProviderRefused);
    expect((await wrong.state()).requests.map((q) => q.status)).toEqual([401]);
  });
});

describe("forwarding to the provider", () => {
  it("sends the shopper's messages and the concierge's answers into one provider conversation", async () => {
    const app = await sunshineApp();
    const s = await shopper();
    const { r, settle } = chatRequest(app.config);
    await sendMessage(r, { visitorId: await visitorOf(s.cookie), userId: null }, s.guid, { subject: "", message: "Is it conflict-free?", page: "/diamond/9" });
    await settle();
    await reply(r, s.guid, { text: "Yes, with its Kimberley Process certificate.", operator: "Grace" });
    await settle();
    const state = await app.state();
    expect(state.conversations).toHaveLength(1);
    expect(state.messages.map((m) => [m.conversationId, m.author.type, m.text])).toEqual([
      [state.conversations[0]!.id, "user", "Is it conflict-free?"],
      [state.conversations[0]!.id, "business", "Yes, with its Kimberley Process certificate."],
    ]);
    expect(await forwardOf(s.guid)).toEqual([
      { text: "Is it conflict-free?", status: "sent", attempts: 1, error: null },
      { text: "Yes, with its Kimberley Process certificate.", status: "sent", attempts: 1, error: null },
    ]);
  });

  it("keeps a message the provider fails on, marks it failed with why, and the cron sends it later", async () => {
    const app = await sunshineApp();
    const s = await shopper();
    const caller = { visitorId: await visitorOf(s.cookie), userId: null };
    const { r, settle } = chatRequest(app.config);
    await app.fail(500, 3);
    const sent = await sendMessage(r, caller, s.guid, { subject: "", message: "Hello?", page: undefined });
    expect(sent.messages.map((m) => m.text)).toEqual(["Hello?"]);
    await settle();
    const [failed] = await forwardOf(s.guid);
    expect(failed).toMatchObject({ text: "Hello?", status: "failed", attempts: 1 });
    expect(failed!.error).toMatch(/failed 3 times: HTTP 500 internal_error/);
    // The shopper still reads it; the operators see it failed.
    expect(((await (await s.read()).json()) as { messages: unknown[] }).messages).toHaveLength(1);
    const outcome = await forwardDue(env.DB, sunshineProvider(app.config), Date.now());
    expect(outcome.sent).toBeGreaterThanOrEqual(1);
    expect(await forwardOf(s.guid)).toEqual([{ text: "Hello?", status: "sent", attempts: 2, error: null }]);
    expect((await app.state()).messages.map((m) => m.text)).toEqual(["Hello?"]);
  });

  it("stops after the cap of tries: the message stays failed and the cron leaves it", async () => {
    const app = await sunshineApp();
    const s = await shopper();
    const { r, settle } = chatRequest(app.config);
    await app.fail(503, 3 * MAX_FORWARD_ATTEMPTS);
    await sendMessage(r, { visitorId: await visitorOf(s.cookie), userId: null }, s.guid, { subject: "", message: "Still there?", page: undefined });
    await settle();
    for (let i = 1; i < MAX_FORWARD_ATTEMPTS; i++) await forwardDue(env.DB, sunshineProvider(app.config), Date.now());
    expect(await forwardOf(s.guid)).toEqual([
      { text: "Still there?", status: "failed", attempts: MAX_FORWARD_ATTEMPTS, error: expect.stringContaining("HTTP 503") },
    ]);
    const requests = (await app.state()).requests.length;
    await forwardDue(env.DB, sunshineProvider(app.config), Date.now());
    expect((await app.state()).requests).toHaveLength(requests);
    expect((await app.state()).messages).toEqual([]);
  });

  it("never sends one message twice when two runs forward it at once", async () => {
    const app = await sunshineApp();
    const s = await shopper();
    const { r, settle } = chatRequest(app.config);
    await app.fail(500, 3);
    await sendMessage(r, { visitorId: await visitorOf(s.cookie), userId: null }, s.guid, { subject: "", message: "Once", page: undefined });
    await settle();
    const provider = sunshineProvider(app.config);
    await Promise.all(Array.from({ length: 5 }, () => forwardDue(env.DB, provider, Date.now())));
    expect((await app.state()).messages.map((m) => m.text)).toEqual(["Once"]);
  });
});

/** The visitor id inside the signed visitor cookie (`loupe_vid=<id>.<signature>`). */
async function visitorOf(cookie: string): Promise<string> {
  const raw = decodeURIComponent(/loupe_vid=([^;]+)/.exec(cookie)![1]!);
  return raw.slice(0, raw.lastIndexOf("."));
}
