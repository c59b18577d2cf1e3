/** Helpers of the account tests: unique emails and addresses, the outbox's links, signed-up users. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { call, postJson } from "../helpers";

let n = 0;
/** A fresh email for each use (the tests share one D1). */
export function freshEmail(tag = "user"): string {
  n += 1;
  return `${tag}.${Date.now().toString(36)}.${n}@example.com`;
}
/** A fresh client address (the failed sign-in limit counts per address too). */
export function freshIp(): string {
  n += 1;
  return `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

export const PASSWORD = "correct horse battery staple";

export interface OutboxRow {
  id: number;
  recipient: string;
  template: string;
  data: Record<string, string>;
}

/** The emails sent to an address, newest first. */
export async function outbox(to: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare("SELECT id, recipient, template, data FROM email_outbox WHERE recipient = ? COLLATE NOCASE ORDER BY id DESC")
    .bind(to)
    .all<{ id: number; recipient: string; template: string; data: string }>();
  return results.map((r) => ({ ...r, data: JSON.parse(r.data) as Record<string, string> }));
}

/** The newest email of a template to an address, and its link's query (email, securityStamp). */
export async function latestLink(to: string, template: string, key = "link"): Promise<URL> {
  const mail = (await outbox(to)).find((m) => m.template === template);
  expect(mail, `an email ${template} to ${to}`).toBeDefined();
  return new URL(mail!.data[key]!);
}

export function post(path: string, body: unknown, ip = freshIp(), headers: Record<string, string> = {}) {
  return postJson(path, body, { "cf-connecting-ip": ip, ...headers });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers and confirms a user; resolves to its email. */
export async function confirmedUser(tag = "user", password = PASSWORD): Promise<string> {
  const email = freshEmail(tag);
  expect((await post("/api/accounts/v1/register", { firstName: "Ada", lastName: "Lovelace", email, password })).status).toBe(200);
  const link = await latestLink(email, "confirm-email");
  const res = await post("/api/accounts/confirm", { email, securityStamp: link.searchParams.get("securityStamp") });
  expect(res.status).toBe(200);
  return email;
}

/** Signs in through the API; resolves to the token. */
export async function signIn(email: string, password = PASSWORD, ip = freshIp()): Promise<string> {
  const res = await post("/api/accounts/login", { email, password }, ip);
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: { data: string } }).token.data;
}

export async function userInfo(token: string) {
  return call("/api/info/user", { headers: bearer(token) });
}
