/**
 * Who the operator is (the marketer view, the content views, the operators' orders, conversations and gemologist
 * reviews, and every admin call; docs/decisions/056-operator-access.md):
 * - staging and production: Cloudflare Access's JWT (`Cf-Access-Jwt-Assertion`), the operator being its email;
 *   the admin token is not accepted there;
 * - `APP_ENV=local`: the `ADMIN_TOKEN` secret as `Authorization: Bearer {token}` or the session cookie the
 *   operator pages' login form starts (worker/operators/token.ts); the operator is "local-admin".
 * Anyone else is no operator: the operators' pages and calls do not exist for them (404). The answer is worked out
 * once per request and kept on it, where the audit (worker/middleware/operator-audit.ts) finds it after the handler.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { refused } from "#shared/refusal.ts";
import type { AppEnv } from "../env";
import { accessConfig, accessEmail } from "../operators/access";
import { ADMIN_COOKIE, checkToken, LOCAL_OPERATOR, validSession } from "../operators/token";

export { ADMIN_COOKIE } from "../operators/token";

export interface OperatorVariables {
  /** The request's operator (an email, or "local-admin"), or null; set by the first operatorOf. */
  operator: Promise<string | null>;
  /** What the operator's call is about (the path's order number, slug or id), for the audit. */
  operatorTarget: string;
}

/** The operators' clock: tests replace `now` to move time without sleeping. */
export const operatorClock = { now: (): number => Date.now() };

/** The client's address, as Cloudflare gives it. */
export const clientIp = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip") ?? "unknown";

async function resolve(c: Context<AppEnv>): Promise<string | null> {
  const now = operatorClock.now();
  if (c.env.APP_ENV !== "local") {
    const config = accessConfig(c.env);
    const jwt = c.req.header("cf-access-jwt-assertion");
    return config && jwt ? accessEmail(jwt, config, now) : null;
  }
  const token = c.env.ADMIN_TOKEN;
  if (!token) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (bearer) {
    // A customer's own session token (an API client's bearer) is not a guess at the operator's: never counted.
    if ((await c.get("session")?.())?.via === "bearer") return null;
    return (await checkToken(c.env.DB, clientIp(c), bearer, token, now)) ? LOCAL_OPERATOR : null;
  }
  const session = getCookie(c, ADMIN_COOKIE);
  return session && (await validSession(token, session, now)) ? LOCAL_OPERATOR : null;
}

/**
 * The request's operator, or null. Throws rate_limited (429) locally for a bearer token from an address with too
 * many wrong ones.
 */
export function operatorOf(c: Context<AppEnv>): Promise<string | null> {
  let operator = c.get("operator") as Promise<string | null> | undefined;
  if (!operator) {
    operator = resolve(c);
    c.set("operator", operator);
  }
  return operator;
}

/** Whether the request comes from an operator. */
export async function isAdmin(c: Context<AppEnv>): Promise<boolean> {
  return (await operatorOf(c)) !== null;
}

/** The operator (an email, or "local-admin"); not found for anyone else. */
export async function operatorIdentity(c: Context<AppEnv>): Promise<string> {
  return (await operatorOf(c)) ?? refused("not_found", "Not found");
}

/** The operator as the records' actor columns name them: `operator:{email}`. */
export const operatorActor = async (c: Context<AppEnv>): Promise<string> => `operator:${await operatorIdentity(c)}`;
