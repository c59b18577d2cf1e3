/**
 * The concierge chat's API (shared/api/conversations.ts; docs/decisions/044-concierge-chat.md): a shopper's
 * conversation, their messages by guid, the panel's reads, another visitor's guid (404), bad input (400), the limits
 * under concurrency (exactly 20 per visitor, 60 per address), a customer's conversation across browsers, and the
 * operators' answers reaching the shopper (and a signed-in shopper's inbox).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ConversationView, MessageSent } from "#shared/conversations/schemas.ts";
import { MAX_PER_IP, MAX_PER_VISITOR } from "#worker/conversations/limit.ts";
import { bearer, confirmedUser, outbox, signIn } from "../accounts/account-helpers";
import { call, type ErrorBody } from "../helpers";
import { ADMIN, answer, freshAddress, inbox, shopper } from "./chat-helpers";

describe("a shopper's conversation", () => {
  it("starts once (201), is found again (200), keeps the shopper's messages and shows them in order", async () => {
    const s = await shopper();
    const again = await s.start();
    expect(again.status).toBe(200);
    expect(((await again.json()) as ConversationView).guid).toBe(s.guid);
    const first = await s.sent("Is the 1.2 ct oval eye-clean?", "/diamond/123");
    expect(first.guid).toBe(s.guid);
    expect(first.waiting).toBe(true);
    expect(first.messages).toEqual([{ id: first.id, author: "shopper", name: null, text: "Is the 1.2 ct oval eye-clean?", at: expect.any(Number) }]);
    const second = await s.sent("  And does it ship to Canada?  ");
    expect(second.messages.map((m) => m.text)).toEqual(["Is the 1.2 ct oval eye-clean?", "And does it ship to Canada?"]);
    const read = await s.read();
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("private, no-store");
    expect(((await read.json()) as ConversationView).messages).toHaveLength(2);
    const after = (await (await s.read(first.id)).json()) as ConversationView;
    expect(after.messages.map((m) => m.id)).toEqual([second.id]);
  });

  it("is 404 to another visitor, for sending and reading, exactly like an unknown guid; a malformed guid is 400", async () => {
    const owner = await shopper();
    await owner.sent("Private question");
    const other = await shopper();
    for (const res of [await other.send({ message: "Hi" }, owner.guid), await other.read(undefined, owner.guid)]) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.code).toBe("not_found");
    }
    expect((await other.send({ message: "Hi" }, crypto.randomUUID())).status).toBe(404);
    expect((await other.read(undefined, crypto.randomUUID())).status).toBe(404);
    expect((await other.send({ message: "Hi" }, "not-a-guid")).status).toBe(400);
    const mine = (await (await owner.read()).json()) as ConversationView;
    expect(mine.messages.map((m) => m.text)).toEqual(["Private question"]);
  });

  it("refuses an empty, a blank, a too long message and a page that is not a path (400, naming the field), keeping nothing", async () => {
    const s = await shopper();
    const cases: [unknown, string][] = [
      [{}, "message"],
      [{ message: "   " }, "message"],
      [{ message: "x".repeat(5001) }, "message"],
      [{ message: "Hi", page: "https://evil.example/" }, "page"],
      [{ message: 42 }, "message"],
    ];
    for (const [body, field] of cases) {
      const res = await s.send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.details?.[0]?.path).toBe(field);
    }
    expect(((await (await s.read()).json()) as ConversationView).messages).toEqual([]);
    expect((await s.send({ message: "x".repeat(5000) })).status).toBe(200);
  });

  it("lets exactly 20 of 30 simultaneous messages from one visitor through; the others answer 429 with Retry-After", async () => {
    const s = await shopper();
    // Starting the conversation was the visitor's first chat request.
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => s.send({ message: `message ${i}` })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(MAX_PER_VISITOR - 1);
    expect(statuses.filter((x) => x === 429)).toHaveLength(30 - (MAX_PER_VISITOR - 1));
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as ErrorBody).error.code).toBe("rate_limited");
    expect(((await (await s.read()).json()) as ConversationView).messages).toHaveLength(MAX_PER_VISITOR - 1);
  });

  it("lets exactly 60 new conversations from one address through, whatever the visitor cookies", async () => {
    const ip = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: MAX_PER_IP + 10 }, () =>
        call("/api/conversations", { method: "POST", headers: { "cf-connecting-ip": ip, origin: "https://loupe.test" } }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_PER_IP);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(10);
  });

  it("creates one conversation for a visitor's simultaneous starts", async () => {
    const s = await shopper();
    const answers = await Promise.all(Array.from({ length: 8 }, () => s.start()));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const guids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as ConversationView).guid)));
    expect([...guids]).toEqual([s.guid]);
    const fresh = await Promise.all(
      Array.from({ length: 8 }, () => call("/api/conversations", { method: "POST", headers: { cookie: "", "cf-connecting-ip": freshAddress() } })),
    );
    expect(fresh.filter((r) => r.status === 201)).toHaveLength(8);
  });

  it("follows a signed-in customer to another browser", async () => {
    const email = await confirmedUser("chat");
    const token = await signIn(email);
    const laptop = await shopper({ headers: bearer(token) });
    await laptop.sent("Started on my laptop");
    const phone = await shopper({ headers: bearer(token) });
    expect(phone.guid).toBe(laptop.guid);
    expect((await phone.sent("Continued on my phone")).messages.map((m) => m.text)).toEqual(["Started on my laptop", "Continued on my phone"]);
    const stranger = await shopper();
    expect((await stranger.read(undefined, laptop.guid)).status).toBe(404);
  });
});

describe("the operators' answers", () => {
  it("are admin only: the inbox and a reply answer 404 without the token", async () => {
    const s = await shopper();
    await s.sent("Anyone there?");
    expect((await call("/api/operator/conversations")).status).toBe(404);
    const reply = await call(`/api/operator/conversations/${s.guid}/replies`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "Hi", operator: "Mallory" }),
    });
    expect(reply.status).toBe(404);
    expect(((await (await s.read()).json()) as ConversationView).messages).toHaveLength(1);
  });

  it("list waiting conversations first; an answer reaches the shopper's panel and ends the wait", async () => {
    const s = await shopper();
    const sent = await s.sent("Can I see the certificate?", "/diamond/42");
    const waiting = await inbox("waiting");
    const mine = waiting.conversations.find((c) => c.guid === s.guid);
    expect(mine).toMatchObject({ waiting: true, customer: null });
    expect(mine!.messages).toEqual([{ ...sent.messages[0], subject: "", page: "/diamond/42", forward: { status: "local", attempts: 0, error: null } }]);
    expect(waiting.waitingCount).toBeGreaterThanOrEqual(1);
    const answered = await answer(s.guid, "Yes: it is on the product page, under Certificate.", "Grace Hopper");
    expect(answered.waiting).toBe(false);
    const view = (await (await s.read(sent.id)).json()) as ConversationView;
    expect(view.waiting).toBe(false);
    expect(view.messages).toEqual([
      { id: expect.any(Number), author: "concierge", name: "Grace Hopper", text: "Yes: it is on the product page, under Certificate.", at: expect.any(Number) },
    ]);
    expect((await inbox("waiting")).conversations.some((c) => c.guid === s.guid)).toBe(false);
    expect((await inbox("all")).conversations.find((c) => c.guid === s.guid)?.messages).toHaveLength(2);
    const unknown = await call(`/api/operator/conversations/${crypto.randomUUID()}/replies`, {
      method: "POST",
      headers: { ...ADMIN, "content-type": "application/json" },
      body: JSON.stringify({ text: "Hi", operator: "Grace" }),
    });
    expect(unknown.status).toBe(404);
  });

  it("email a signed-in shopper the answer with a link to the page they wrote from", async () => {
    const email = await confirmedUser("chat-answer");
    const s = await shopper({ headers: bearer(await signIn(email)) });
    await s.sent("Which setting suits a 2 ct cushion?", "/setting/77");
    expect((await inbox()).conversations.find((c) => c.guid === s.guid)?.customer).toEqual({ email, firstName: "Ada" });
    await answer(s.guid, "A four-prong solitaire.", "Grace");
    const mail = (await outbox(email)).find((m) => m.template === "concierge-reply");
    expect(mail?.data).toEqual({ firstName: "Ada", operator: "Grace", answer: "A four-prong solitaire.", link: "https://loupe.test/setting/77" });
  });
});

describe("an emailed link's message (since issue 17)", () => {
  it("joins the user's conversation, which the operators answer and the customer then reads signed in", async () => {
    const email = await confirmedUser("chat-link");
    const userGuid = (await env.DB.prepare("SELECT user_guid FROM users WHERE email = ?").bind(email).first<{ user_guid: string }>())!.user_guid;
    const stranger = await shopper();
    const res = await stranger.send({ subject: "Resize", message: "Can I resize after delivery?" }, userGuid);
    expect(res.status).toBe(200);
    const sent = (await res.json()) as MessageSent;
    expect(sent.messages.map((m) => m.text)).toEqual(["Can I resize after delivery?"]);
    const conversation = (await inbox()).conversations.find((c) => c.guid === sent.guid);
    expect(conversation?.messages[0]).toMatchObject({ subject: "Resize", text: "Can I resize after delivery?" });
    expect((await stranger.read(undefined, sent.guid)).status).toBe(404);
  });
});
