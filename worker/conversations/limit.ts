/**
 * The chat's rate limits (docs/decisions/044-concierge-chat.md): each message and each new conversation is a chat
 * request, at most 20 per visitor and 60 per client address in 10 minutes (an office behind one address has room
 * for three busy shoppers; a script minting visitor cookies stops at 60). Exact under concurrency
 * (worker/lib/ip-limit.ts): a request reserves its row in the one statement that counts the window; old rows go
 * as new ones come in.
 */
import { type IpLimit, reserveForIp } from "../lib/ip-limit";

export const CHAT_WINDOW_MS = 10 * 60_000;
export const MAX_PER_VISITOR = 20;
export const MAX_PER_IP = 60;

const MESSAGE = "You are sending messages faster than our concierges can read them. Please wait a little and try again.";

export const VISITOR_LIMIT: IpLimit = {
  table: "chat_requests",
  column: "visitor",
  max: MAX_PER_VISITOR,
  windowMs: CHAT_WINDOW_MS,
  message: MESSAGE,
  pruneOnReserve: true,
};
export const IP_LIMIT: IpLimit = { table: "chat_requests", column: "ip", max: MAX_PER_IP, windowMs: CHAT_WINDOW_MS, message: MESSAGE };

/** Reserves one chat request for the visitor, then for the address; refuses (rate_limited, Retry-After) when either is spent. */
export async function reserveChat(db: D1Database, visitorId: string, ip: string, now: number): Promise<void> {
  await reserveForIp(db, VISITOR_LIMIT, visitorId, now);
  await reserveForIp(db, IP_LIMIT, ip, now);
}
