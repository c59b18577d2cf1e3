/**
 * The operators' chat inbox's page service (client/operator-conversations-context.ts): the admin session checked on
 * every call, the answer's form checked by the API's own schema, the name the operator signs with (shown to the
 * shopper) remembered in a cookie.
 */
import type { OperatorConversationsService } from "#client/operator-conversations-context.ts";
import { ConversationGuid, ReplyRequest } from "#shared/conversations/schemas.ts";
import { DomainError, refuse } from "#shared/refusal.ts";
import * as v from "valibot";
import { chatProviderOf } from "../conversations/forward";
import { reply } from "../conversations/service";
import type { SunshineBindings } from "../conversations/sunshine-config";
import { operatorInbox } from "../conversations/store";
import type { EmailBindings } from "../email/outbox";
import type { OperatorPageRequest } from "./operator-orders";

/** The cookie that remembers the name an operator signs answers with (shown to the shopper; the audit keeps their email). */
export const OPERATOR_NAME_COOKIE = "loupe_operator";
const NAME_MAX_AGE_S = 365 * 24 * 3600;

/** The page service for one request: `isAdmin` checks the admin session. */
export function serverOperatorConversations(
  env: EmailBindings & SunshineBindings,
  isAdmin: () => Promise<boolean>,
  r: OperatorPageRequest & { ip: string },
): OperatorConversationsService {
  return {
    inbox: async (status) => ((await isAdmin()) ? operatorInbox(env.DB, status === "waiting" ? "waiting" : "all") : null),
    reply: async (form) => {
      if (!(await isAdmin())) return null;
      if (!v.is(ConversationGuid, form.guid)) return refuse("not_found", "No such conversation");
      const parsed = v.safeParse(ReplyRequest, { text: form.text, operator: form.operator });
      if (!parsed.success)
        return refuse(
          "bad_request",
          "Check the answer",
          parsed.issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message })),
        );
      const secure = r.origin.startsWith("https:") ? "; Secure" : "";
      r.setCookie(
        `${OPERATOR_NAME_COOKIE}=${encodeURIComponent(parsed.output.operator)}; Max-Age=${NAME_MAX_AGE_S}; Path=/operator; HttpOnly; SameSite=Strict${secure}`,
      );
      try {
        await reply({ env, provider: chatProviderOf(env), now: r.now(), ip: r.ip, origin: r.origin, waitUntil: r.waitUntil }, form.guid, parsed.output);
        return { ok: true };
      } catch (e) {
        if (e instanceof DomainError) return e.refusal;
        throw e;
      }
    },
    operatorName: () => {
      try {
        return decodeURIComponent(r.cookie(OPERATOR_NAME_COOKIE) ?? "").slice(0, 80);
      } catch {
        return "";
      }
    },
  };
}
