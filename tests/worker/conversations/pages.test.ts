/**
 * `/operator/conversations` as an operator uses it without JavaScript: the admin session from the login form, the inbox
 * with the waiting conversations first, an answer's form posted as a document (done: back to the page, the answer in
 * the shopper's panel, the name remembered; refused: the reason beside the form), and nothing for anyone else.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ConversationView } from "#shared/conversations/schemas.ts";
import { call, operatorCookie } from "../helpers";
import { shopper } from "./chat-helpers";

let cookie = "";

const post = (fields: Record<string, string>, headers: Record<string, string> = { cookie }) =>
  call("/operator/conversations", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test", ...headers },
    body: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  cookie = await operatorCookie("/operator/conversations");
});

describe("the operators' conversations page", () => {
  it("is the not-found page without the admin session, for the page and a post", async () => {
    const s = await shopper();
    await s.sent("Hello");
    expect((await call("/operator/conversations")).status).toBe(404);
    expect((await call("/operator/conversations?token=wrong")).status).toBe(404);
    expect((await post({ guid: s.guid, text: "Hi", operator: "Mallory" }, {})).status).toBe(404);
    expect(((await (await s.read()).json()) as ConversationView).messages).toHaveLength(1);
  });

  it("lists a waiting conversation with where the shopper wrote from; an answer posted as a form reaches the shopper", async () => {
    const s = await shopper();
    await s.sent("Do you sell loose emeralds?", "/diamond-search");
    const page = await (await call("/operator/conversations?status=waiting", { headers: { cookie } })).text();
    expect(page).toMatch(/<h1[^>]*>Conversations<\/h1>/);
    expect(page).toContain('<meta name="robots" content="noindex');
    expect(page).toContain(`id="conversation-${s.guid}"`);
    expect(page).toContain("Do you sell loose emeralds?");
    expect(page).toContain('from <a href="/diamond-search">/diamond-search</a>');
    const done = await post({ guid: s.guid, text: "Only diamonds, I am afraid.", operator: "Ada Lovelace" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/operator/conversations?answered=${s.guid}#conversation-${s.guid}`);
    const remembered = done.headers.getSetCookie().find((c) => c.startsWith("loupe_operator="))!;
    expect(remembered).toMatch(/^loupe_operator=Ada%20Lovelace;.*Path=\/operator;.*HttpOnly/);
    const view = (await (await s.read()).json()) as ConversationView;
    expect(view.messages.at(-1)).toMatchObject({ author: "concierge", name: "Ada Lovelace", text: "Only diamonds, I am afraid." });
    const after = await (await call(`/operator/conversations?answered=${s.guid}`, { headers: { cookie: `${cookie}; ${remembered.split(";")[0]}` } })).text();
    expect(after).toContain("Answer sent: the shopper sees it in the chat.");
    expect(after).toMatch(new RegExp(`id="reply-${s.guid}-operator" name="operator" type="text"[^>]* value="Ada Lovelace"`));
    expect((await (await call("/operator/conversations?status=waiting", { headers: { cookie } })).text()).includes(`id="conversation-${s.guid}"`)).toBe(false);
  });

  it("shows a blank answer's problem beside its field and sends nothing", async () => {
    const s = await shopper();
    await s.sent("Hello?");
    const res = await post({ guid: s.guid, text: "   ", operator: "Ada" });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toMatch(new RegExp(`id="reply-${s.guid}-text-error" class="field-error">Write an answer`));
    expect(((await (await s.read()).json()) as ConversationView).messages).toHaveLength(1);
    expect((await post({ guid: crypto.randomUUID(), text: "Hi", operator: "Ada" })).status).toBe(404);
  });
});
