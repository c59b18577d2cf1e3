/**
 * The chat provider adapter for Zendesk Sunshine Conversations API v2 over plain fetch (Basic auth with the app's API
 * key; https://developer.zendesk.com/api-reference/conversations/):
 * - the shopper as a Sunshine user with `externalId` = `loupe-{conversation guid}` (`POST /v2/apps/{appId}/users`;
 *   409 `conflict` means it exists already, which a retry expects);
 * - their personal conversation (`POST /v2/apps/{appId}/conversations`, type `personal`, the one participant by
 *   `userExternalId`), whose id the caller keeps;
 * - each message (`POST /v2/apps/{appId}/conversations/{conversationId}/messages`): the shopper's as author `user`,
 *   the concierge's as `business` with the operator's display name; our message id in `metadata` so an agent (or a
 *   webhook) can tell a repeat.
 * 5xx, 429 and network errors are tried three times, with a short backoff (injectable sleep); a timeout is not retried
 * (the message is marked failed and the cron tries again later). Errors are Sunshine's `{ errors: [{ code, title }] }`.
 */
import { SUNSHINE_TIMEOUT_MS, type SunshineConfig } from "./sunshine-config";
import { parseBody } from "../lib/body";

export { type SunshineConfig, sunshineConfig } from "./sunshine-config";

/** The provider could not take the call now (timeout, network, 5xx or 429 after the retries): worth another try later. */
export class ChatProviderUnavailable extends Error {
  override name = "ChatProviderUnavailable";
}
/** The provider refused the call (a 4xx other than 429): a misconfiguration or a bug, recorded with Sunshine's code. */
export class ChatProviderRefused extends Error {
  override name = "ChatProviderRefused";
}

/** Tries per call: the first and two retries. */
export const SUNSHINE_ATTEMPTS = 3;
/** Backoff before the 2nd and 3rd tries. */
const BACKOFF_MS = [250, 1000];

/** A message as the adapter forwards it. */
export interface ForwardedMessage {
  /** Our message id (metadata.loupeMessageId). */
  id: number;
  author: "shopper" | "concierge";
  /** The operator's name on a concierge answer. */
  name: string | null;
  text: string;
  page: string | null;
}

/** What the chat service needs of a provider. */
export interface ChatProvider {
  readonly name: string;
  /** The provider's conversation for our conversation `guid` (created with its user). */
  createConversation(guid: string): Promise<string>;
  /** Posts one message into the provider's conversation; the provider's message id. */
  postMessage(providerConversationId: string, guid: string, message: ForwardedMessage): Promise<string>;
}

interface Answer {
  status: number;
  body: unknown;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function errorText(body: unknown): string {
  const errors = (body as { errors?: { code?: unknown; title?: unknown }[] } | null)?.errors;
  const e = Array.isArray(errors) ? errors[0] : undefined;
  return e ? [e.code, e.title].filter((x) => typeof x === "string").join(": ") : typeof body === "string" ? body.slice(0, 200) : "no error body";
}

/** One call with the retries; the answer (2xx or a 4xx worth reading), or ChatProviderUnavailable. */
async function call(config: SunshineConfig, path: string, body: unknown, what: string): Promise<Answer> {
  const url = `${config.apiUrl}/v2/apps/${encodeURIComponent(config.appId)}${path}`;
  const headers = {
    Authorization: `Basic ${btoa(`${config.keyId}:${config.keySecret}`)}`,
    "Content-Type": "application/json",
    Accept: "application/json",
  };
  const timeoutMs = config.timeoutMs ?? SUNSHINE_TIMEOUT_MS;
  let last = "";
  for (let attempt = 0; attempt < SUNSHINE_ATTEMPTS; attempt++) {
    if (attempt > 0) await (config.sleep ?? sleepFor)(BACKOFF_MS[attempt - 1] ?? 1000);
    const signal = AbortSignal.timeout(timeoutMs);
    let answer: Answer;
    try {
      const response = await (config.fetch ?? fetch)(url, { method: "POST", headers, body: JSON.stringify(body), signal });
      // Not JSON (a proxy's error page): kept as text for the error.
      answer = { status: response.status, body: parseBody(await response.text()) };
    } catch (err) {
      if (signal.aborted) throw new ChatProviderUnavailable(`Sunshine Conversations did not answer the ${what} within ${timeoutMs} ms`);
      last = `network error: ${String(err)}`;
      continue;
    }
    if (answer.status >= 500 || answer.status === 429) {
      last = `HTTP ${answer.status} ${errorText(answer.body)}`;
      continue;
    }
    return answer;
  }
  throw new ChatProviderUnavailable(`Sunshine Conversations ${what} failed ${SUNSHINE_ATTEMPTS} times: ${last}`);
}

const refusedBy = (answer: Answer, what: string) =>
  new ChatProviderRefused(`Sunshine Conversations refused the ${what}: HTTP ${answer.status} ${errorText(answer.body)}`);

/** The shopper's id at Sunshine: derived from our guid, so creating the user again finds the same one. */
export const externalIdOf = (guid: string) => `loupe-${guid}`;

/** The Sunshine Conversations adapter for one app. */
export function sunshineProvider(config: SunshineConfig): ChatProvider {
  return {
    name: "sunshine",
    async createConversation(guid) {
      const userExternalId = externalIdOf(guid);
      const user = await call(config, "/users", { externalId: userExternalId, profile: { givenName: "Loupe shopper" } }, "user creation");
      // 409 conflict: the user exists (an earlier try created it).
      if (user.status !== 201 && user.status !== 200 && user.status !== 409) throw refusedBy(user, "user creation");
      const created = await call(
        config,
        "/conversations",
        { type: "personal", participants: [{ userExternalId }], displayName: "Loupe concierge", metadata: { loupeGuid: guid } },
        "conversation creation",
      );
      const id = (created.body as { conversation?: { id?: unknown } } | null)?.conversation?.id;
      if ((created.status !== 201 && created.status !== 200) || typeof id !== "string") throw refusedBy(created, "conversation creation");
      return id;
    },
    async postMessage(conversationId, guid, m) {
      const author =
        m.author === "shopper" ? { type: "user", userExternalId: externalIdOf(guid) } : { type: "business", displayName: m.name ?? "Loupe concierge" };
      const answer = await call(
        config,
        `/conversations/${encodeURIComponent(conversationId)}/messages`,
        { author, content: { type: "text", text: m.text }, metadata: { loupeMessageId: m.id, ...(m.page ? { page: m.page } : {}) } },
        "message",
      );
      const id = (answer.body as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
      if ((answer.status !== 201 && answer.status !== 200) || typeof id !== "string") throw refusedBy(answer, "message");
      return id;
    },
  };
}
