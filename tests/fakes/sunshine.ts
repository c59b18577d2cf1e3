/**
 * A loopback fake of Zendesk Sunshine Conversations API v2 (https://developer.zendesk.com/api-reference/conversations/)
 * for the chat provider adapter's tests (worker/conversations/sunshine.ts), speaking the documented shapes under
 * `/sunshine/v2/apps/{appId}` with Basic auth (the app's API key id and secret):
 * - `POST /users` `{externalId, profile?}` → 201 `{user: {id, externalId}}`; an existing externalId → 409 `conflict`;
 * - `POST /conversations` `{type: "personal", participants: [{userExternalId}]}` → 201 `{conversation: {id, type}}`;
 *   an unknown user → 404 `user_not_found`;
 * - `POST /conversations/{conversationId}/messages` `{author: {type, userExternalId? | displayName?}, content: {type:
 *   "text", text}, metadata?}` → 201 `{messages: [{id, received, author, content, metadata}]}`; an unknown conversation →
 *   404 `conversation_not_found`.
 * Errors are Sunshine's `{errors: [{code, title}]}`; a wrong key answers 401 `unauthorized`.
 *
 * Everything is kept per app id, so test files running at once do not disturb each other.
 * Control (`POST /__control/sunshine/{action}`, JSON `{appId, …}`):
 * - `register` `{keyId, keySecret}`: the app;
 * - `fail` `{status, times?}`: the next `times` (1) calls answer `status` (500, 503, 429…) and do nothing;
 * - `hang`: the next call never answers;
 * - `state` → `{users, conversations, messages, requests}`: what the app holds and every request with its status.
 */
import type { Fake } from "./server";

interface App {
  keyId: string;
  keySecret: string;
  users: { id: string; externalId: string }[];
  conversations: { id: string; participant: string }[];
  messages: { id: string; conversationId: string; author: Record<string, unknown>; text: string; metadata: Record<string, unknown> | null }[];
  requests: { path: string; status: number }[];
  failure: { status: number; times: number } | null;
  hang: boolean;
}

const apps = new Map<string, App>();
let sequence = 0;
const newId = () => `${(++sequence).toString(16).padStart(8, "0")}${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;

const error = (status: number, code: string, title: string) => Response.json({ errors: [{ code, title }] }, { status });
const never = () => new Promise<Response>(() => {});

function authorized(request: Request, app: App): boolean {
  const header = request.headers.get("authorization") ?? "";
  if (!header.startsWith("Basic ")) return false;
  return atob(header.slice("Basic ".length)) === `${app.keyId}:${app.keySecret}`;
}

function route(app: App, path: string, body: Record<string, unknown>): Response {
  if (path === "/users") {
    const externalId = body.externalId;
    if (typeof externalId !== "string" || !externalId) return error(400, "bad_request", "externalId is required");
    if (app.users.some((u) => u.externalId === externalId)) return error(409, "conflict", "A user already exists with this externalId");
    const user = { id: newId(), externalId };
    app.users.push(user);
    return Response.json({ user: { ...user, profile: body.profile ?? {} } }, { status: 201 });
  }
  if (path === "/conversations") {
    const participants = body.participants as { userExternalId?: string }[] | undefined;
    if (body.type !== "personal" || !Array.isArray(participants) || participants.length !== 1)
      return error(400, "bad_request", "A personal conversation needs exactly one participant");
    const externalId = participants[0]?.userExternalId;
    if (!app.users.some((u) => u.externalId === externalId)) return error(404, "user_not_found", "User not found");
    const conversation = { id: newId(), participant: externalId! };
    app.conversations.push(conversation);
    return Response.json({ conversation: { id: conversation.id, type: "personal", metadata: body.metadata ?? null } }, { status: 201 });
  }
  const m = /^\/conversations\/([^/]+)\/messages$/.exec(path);
  if (m) {
    const conversationId = decodeURIComponent(m[1]!);
    if (!app.conversations.some((c) => c.id === conversationId)) return error(404, "conversation_not_found", "Conversation not found");
    const author = body.author as Record<string, unknown> | undefined;
    const content = body.content as { type?: string; text?: string } | undefined;
    if (!author || (author.type !== "user" && author.type !== "business")) return error(400, "bad_request", "author.type must be user or business");
    if (content?.type !== "text" || typeof content.text !== "string" || !content.text) return error(400, "bad_request", "content.text is required");
    const message = { id: newId(), conversationId, author, text: content.text, metadata: (body.metadata as Record<string, unknown>) ?? null };
    app.messages.push(message);
    return Response.json({ messages: [{ id: message.id, received: new Date().toISOString(), author, content, metadata: message.metadata }] }, { status: 201 });
  }
  return error(404, "not_found", "Resource not found");
}

export const sunshineFake: Fake = {
  prefix: "/sunshine",
  async handle(request) {
    const url = new URL(request.url);
    const m = /^\/v2\/apps\/([^/]+)(\/.*)$/.exec(url.pathname);
    const app = m ? apps.get(decodeURIComponent(m[1]!)) : undefined;
    if (!m || !app) return error(404, "app_not_found", "App not found");
    const path = m[2]!;
    const raw = await request.text();
    const answer = (response: Response) => {
      app.requests.push({ path, status: response.status });
      return response;
    };
    if (request.method !== "POST") return answer(error(405, "method_not_allowed", "Method not allowed"));
    if (!authorized(request, app)) return answer(error(401, "unauthorized", "Authorization is required"));
    if (app.hang) {
      app.hang = false;
      app.requests.push({ path, status: 0 });
      return never();
    }
    if (app.failure && app.failure.times > 0) {
      const { status } = app.failure;
      if (--app.failure.times === 0) app.failure = null;
      return answer(status === 429 ? error(429, "too_many_requests", "Rate limit exceeded") : error(status, "internal_error", "Something went wrong"));
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return answer(error(400, "bad_request", "The body is not valid JSON"));
    }
    return answer(route(app, path, body));
  },
  control(action, input) {
    const body = (input ?? {}) as { appId?: string; keyId?: string; keySecret?: string; status?: number; times?: number };
    const appId = body.appId ?? "";
    if (action === "register") {
      apps.set(appId, {
        keyId: body.keyId ?? "",
        keySecret: body.keySecret ?? "",
        users: [],
        conversations: [],
        messages: [],
        requests: [],
        failure: null,
        hang: false,
      });
      return { ok: true };
    }
    const app = apps.get(appId);
    if (!app) return { error: "no such app" };
    if (action === "fail") app.failure = { status: body.status ?? 500, times: body.times ?? 1 };
    else if (action === "hang") app.hang = true;
    else if (action === "state") return { users: app.users, conversations: app.conversations, messages: app.messages, requests: app.requests };
    else return { error: `unknown action ${action}` };
    return { ok: true };
  },
};
