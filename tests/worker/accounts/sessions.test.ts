/**
 * Sessions (docs/decisions/054-accounts-hardening.md): a session unused for 7 days no longer signs in; its last
 * use is written at most hourly; the customer lists their sessions (never a token) and ends any of them, and
 * another customer's session id is a 404. On https the cookie is `__Host-loupe_session`; on http `loupe_session`.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { IDLE_TIMEOUT_MS, sessionUser, TOUCH_EVERY_MS } from "#worker/accounts/sessions.ts";
import { sha256Hex } from "#worker/accounts/tokens.ts";
import { call } from "../helpers";
import { bearer, confirmedUser, freshIp, PASSWORD, post, signIn, userInfo } from "./account-helpers";

const lastUsed = async (token: string) =>
  (await env.DB.prepare("SELECT last_used_at FROM sessions WHERE token_hash = ?")
    .bind(await sha256Hex(token))
    .first<{ last_used_at: number }>())!.last_used_at;
const setLastUsed = async (token: string, at: number) =>
  env.DB.prepare("UPDATE sessions SET last_used_at = ? WHERE token_hash = ?")
    .bind(at, await sha256Hex(token))
    .run();

interface SessionRow {
  id: string;
  createdAt: number;
  lastUsedAt: number;
  device: string;
  current: boolean;
}
const list = async (token: string) =>
  ((await (await call("/api/accounts/sessions", { headers: bearer(token) })).json()) as { sessions: SessionRow[] }).sessions;
const revoke = (token: string, id: string) => call(`/api/accounts/sessions/${id}`, { method: "DELETE", headers: bearer(token) });

describe("idle sessions", () => {
  it("end after 7 days unused, though the token has not expired", async () => {
    const token = await signIn(await confirmedUser("idle"));
    await setLastUsed(token, Date.now() - IDLE_TIMEOUT_MS + 60_000);
    expect((await userInfo(token)).status).toBe(200);
    await setLastUsed(token, Date.now() - IDLE_TIMEOUT_MS - 1);
    expect((await userInfo(token)).status).toBe(401);
  });

  it("record their last use at most once an hour", async () => {
    const token = await signIn(await confirmedUser("touch"));
    const opened = await lastUsed(token);
    expect(await sessionUser(env.DB, token, opened + TOUCH_EVERY_MS - 1)).not.toBeNull();
    expect(await lastUsed(token)).toBe(opened);
    expect(await sessionUser(env.DB, token, opened + TOUCH_EVERY_MS)).not.toBeNull();
    expect(await lastUsed(token)).toBe(opened + TOUCH_EVERY_MS);
    // Used within the week, so still alive a week after sign-in.
    expect(await sessionUser(env.DB, token, opened + IDLE_TIMEOUT_MS + 1)).not.toBeNull();
  });
});

describe("the customer's sessions", () => {
  it("lists them without tokens, marks this one, and ends another at once", async () => {
    const email = await confirmedUser("list");
    const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
    const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    const login = async (ua: string) =>
      ((await (await post("/api/accounts/login", { email, password: PASSWORD }, freshIp(), { "user-agent": ua })).json()) as { token: { data: string } }).token
        .data;
    const desk = await login(firefox);
    const mobile = await login(phone);
    const res = await call("/api/accounts/sessions", { headers: bearer(desk) });
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const text = await res.text();
    expect(text).not.toContain(desk);
    expect(text).not.toContain(mobile);
    expect(text).not.toContain(await sha256Hex(desk));
    const sessions = (JSON.parse(text) as { sessions: SessionRow[] }).sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({ device: "Firefox on Windows" });
    const other = sessions.find((s) => !s.current)!;
    expect(other).toMatchObject({ device: "Safari on iPhone" });
    expect((await revoke(desk, other.id)).status).toBe(204);
    expect((await userInfo(mobile)).status).toBe(401);
    expect((await userInfo(desk)).status).toBe(200);
    expect(await list(desk)).toHaveLength(1);
  });

  it("answers 404 for another customer's session, and leaves it alone", async () => {
    const alice = await signIn(await confirmedUser("alice"));
    const bob = await signIn(await confirmedUser("bob"));
    const [bobs] = await list(bob);
    const res = await revoke(alice, bobs!.id);
    expect(res.status).toBe(404);
    expect((await userInfo(bob)).status).toBe(200);
    expect((await revoke(alice, "0".repeat(24))).status).toBe(404);
    expect((await call("/api/accounts/sessions")).status).toBe(401);
  });
});

describe("the session cookie's name", () => {
  const form = (origin: string, email: string) =>
    call(new URL("/login", origin).toString(), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin, "cf-connecting-ip": freshIp() },
      body: new URLSearchParams({ email, password: PASSWORD }).toString(),
    });

  it("is __Host-loupe_session on https (Secure, Path=/, no Domain), and only that name signs in there", async () => {
    const email = await confirmedUser("host");
    const res = await form("https://loupe.test", email);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-loupe_session="))!;
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const token = cookie.split(";")[0]!.split("=")[1]!;
    expect((await call("/api/info/user", { headers: { cookie: `__Host-loupe_session=${token}` } })).status).toBe(200);
    expect((await call("/api/info/user", { headers: { cookie: `loupe_session=${token}` } })).status).toBe(401);
  });

  it("is loupe_session on plain http (local development), where __Host- cannot be set", async () => {
    const email = await confirmedUser("plain");
    const res = await form("http://127.0.0.1:8787", email);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("loupe_session="))!;
    expect(cookie).not.toMatch(/Secure/);
    const token = cookie.split(";")[0]!.split("=")[1]!;
    expect((await call("http://127.0.0.1:8787/api/info/user", { headers: { cookie: `loupe_session=${token}` } })).status).toBe(200);
  });
});
