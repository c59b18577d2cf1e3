/**
 * The operators' chat inbox (`/operator/conversations`, admin token; docs/decisions/044-concierge-chat.md): its page
 * service. Only the server implements it (worker/loaders/operator-conversations.ts).
 */
import { createContext } from "react-router";
import type { OperatorConversationList } from "#shared/conversations/schemas.ts";
import type { Refusal } from "#shared/refusal.ts";

/** An answer as its form posts it (checked by the service). */
export interface ReplyForm {
  guid: string;
  text: string;
  operator: string;
}

export interface OperatorConversationsService {
  /** The inbox (`status` waiting or all, as the address says), or null when the request does not prove the admin token. */
  inbox(status: string | null): Promise<OperatorConversationList | null>;
  /** Answers a conversation (remembering the operator's name): `{ ok: true }` or why not; null without the admin token. */
  reply(form: ReplyForm): Promise<{ ok: true } | Refusal | null>;
  /** The name the operator gave last (the operators' cookie), or "". */
  operatorName(): string;
}

export const operatorConversationsContext = createContext<OperatorConversationsService>();
