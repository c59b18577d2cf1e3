import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "#worker/index.ts";
import { describe, expect, it } from "vitest";
import { openSession, sessionUser, TOKEN_VALIDITY_MS } from "#worker/accounts/sessions.ts";
import { reset } from "#worker/accounts/sign-in.ts";
import { findByEmail } from "#worker/accounts/users.ts";
import { EMAILS_PER_RECIPIENT_HOUR } from "#worker/email/gate.ts";
import { call, type ErrorBody } from "../helpers";
import { bearer, confirmedUser, freshEmail, freshIp, latestLink, outbox, PASSWORD, post, signIn, userInfo } from "./account-helpers";

describe("sign in and sessions", () => {
  it("signs in with the password: the stored user, a 30-day token that opens info/user", async () => {
    const email = await confirmedUser("login");
    const before = Date.now();
    const res = await post("/api/accounts/login", { email: email.toUpperCase(), password: PASSWORD, returnUrl: "/diamond-search?shape=oval" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = (await res.json()) as { user: Record<string, unknown>; token: { data: string; expires: number }; returnUrl: string };
    expect(body.user).toMatchObject({ email, firstName: "Ada", lastName: "Lovelace", token: body.token.data, accountConfirmed: true });
    expect(body.token.data.length).toBeGreaterThanOrEqual(43);
    expect(body.token.expires - before).toBeGreaterThanOrEqual(TOKEN_VALIDITY_MS);
    expect(body.returnUrl).toBe("/diamond-search?shape=oval");
    const info = await userInfo(body.token.data);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ email, userGuid: body.user.userGuid, token: body.token.data });
    // Only the token's hash is stored.
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE token_hash = ?").bind(body.token.data).first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });

  it("never returns to another site, nor to /login or /register", async () => {
    const email = await confirmedUser("ret");
    for (const returnUrl of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "/login?x=1", "/register"]) {
      const res = await post("/api/accounts/login", { email, password: PASSWORD, returnUrl });
      expect(((await res.json()) as { returnUrl: string }).returnUrl, returnUrl).toBe("/");
    }
  });

  it("answers a wrong password and an unknown email the same way", async () => {
    const email = await confirmedUser("wrong");
    const wrong = await post("/api/accounts/login", { email, password: "not the password" });
    const unknown = await post("/api/accounts/login", { email: freshEmail("ghost"), password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("refuses an unconfirmed account with the right password only (403) and sends the link again", async () => {
    const email = freshEmail("unconfirmed");
    await post("/api/accounts/v1/register", { firstName: "U", lastName: "C", email, password: PASSWORD });
    expect((await post("/api/accounts/login", { email, password: "a wrong password" })).status).toBe(401);
    const res = await post("/api/accounts/login", { email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/confirm your email/);
    expect((await outbox(email)).filter((m) => m.template === "confirm-email")).toHaveLength(2);
  });

  it("ends the session at logout: the token then answers 401", async () => {
    const token = await signIn(await confirmedUser("logout"));
    expect((await userInfo(token)).status).toBe(200);
    const out = await call("/api/accounts/logout", { method: "POST", headers: bearer(token) });
    expect(out.status).toBe(204);
    const after = await userInfo(token);
    expect(after.status).toBe(401);
    expect(((await after.json()) as ErrorBody).error.code).toBe("unauthorized");
  });

  it("ends a token 30 days after sign-in, even one in use (injected clock)", async () => {
    const email = await confirmedUser("expiry");
    const user = (await findByEmail(env.DB, email))!;
    const now = Date.now();
    const fresh = await openSession(env.DB, user.id, now);
    // Used every six days, so never idle for the 7 days that also end a session.
    for (let day = 6; day < 30; day += 6) expect(await sessionUser(env.DB, fresh.data, now + day * 86_400_000)).toMatchObject({ email });
    expect(await sessionUser(env.DB, fresh.data, now + TOKEN_VALIDITY_MS - 1)).toMatchObject({ email });
    expect(await sessionUser(env.DB, fresh.data, now + TOKEN_VALIDITY_MS)).toBeNull();
    // Through the API: a token issued 30 days and a millisecond ago.
    const old = await openSession(env.DB, user.id, now - TOKEN_VALIDITY_MS - 1);
    expect((await userInfo(old.data)).status).toBe(401);
  });

  it("answers 401 without a session, with a forged token, and for a malformed header", async () => {
    expect((await call("/api/info/user")).status).toBe(401);
    expect((await userInfo("A".repeat(43))).status).toBe(401);
    expect((await call("/api/info/user", { headers: { authorization: "Bearer x" } })).status).toBe(401);
  });

  it("changing the password ends every other session and opens a new one", async () => {
    const email = await confirmedUser("change");
    const a = await signIn(email);
    const b = await signIn(email);
    const wrong = await post(
      "/api/accounts/change-password",
      { currentPassword: "nope nope nope", newPassword: "a brand new passphrase" },
      freshIp(),
      bearer(a),
    );
    expect(wrong.status).toBe(403);
    const res = await post("/api/accounts/change-password", { currentPassword: PASSWORD, newPassword: "a brand new passphrase" }, freshIp(), bearer(a));
    expect(res.status).toBe(200);
    const next = ((await res.json()) as { token: { data: string } }).token.data;
    expect((await userInfo(a)).status).toBe(401);
    expect((await userInfo(b)).status).toBe(401);
    expect((await userInfo(next)).status).toBe(200);
    expect((await post("/api/accounts/login", { email, password: "a brand new passphrase" })).status).toBe(200);
    expect((await outbox(email))[0]!.template).toBe("password-changed");
  });
});

describe("failed sign-in limit", () => {
  it("answers the 6th failure for one email within 15 minutes with 429 and Retry-After, even with the right password", async () => {
    const email = await confirmedUser("limit");
    for (let i = 0; i < 5; i++) expect((await post("/api/accounts/login", { email, password: `wrong ${i} password` })).status).toBe(401);
    const sixth = await post("/api/accounts/login", { email, password: "wrong again password" });
    expect(sixth.status).toBe(429);
    const retry = Number(sixth.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(((await sixth.json()) as ErrorBody).error.code).toBe("rate_limited");
    expect((await post("/api/accounts/login", { email, password: PASSWORD })).status).toBe(429);
  });

  it("answers the 21st failure from one address with 429, whatever the emails", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await post("/api/accounts/login", { email: freshEmail("spray"), password: "guess guess" }, ip)).status).toBe(401);
    expect((await post("/api/accounts/login", { email: freshEmail("spray"), password: "guess guess" }, ip)).status).toBe(429);
    // Another address is not limited.
    expect((await post("/api/accounts/login", { email: freshEmail("spray"), password: "guess guess" })).status).toBe(401);
  });

  it("lets no more than 5 of 50 concurrent wrong passwords be checked", async () => {
    const email = await confirmedUser("storm");
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post("/api/accounts/login", { email, password: `storm ${i} guess` }, freshIp())));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    const counted = await env.DB.prepare("SELECT COUNT(*) AS n FROM login_attempts WHERE email = ?").bind(email).first<{ n: number }>();
    expect(counted!.n).toBe(5);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const email = await confirmedUser("forgive");
    for (let i = 0; i < 4; i++) await post("/api/accounts/login", { email, password: `nope ${i} nope` });
    await signIn(email);
    for (let i = 0; i < 5; i++) expect((await post("/api/accounts/login", { email, password: `again ${i} nope` })).status).toBe(401);
  });
});

describe("reset a forgotten password", () => {
  it("sends the same answer for any email and a link only to a known one", async () => {
    const email = await confirmedUser("forgot");
    const known = await post("/api/accounts/reset?returnUrl=/cart", { email });
    const unknown = await post("/api/accounts/reset?returnUrl=/cart", { email: freshEmail("ghost") });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const link = await latestLink(email, "reset-password");
    expect(link.pathname).toBe("/reset");
    expect(link.searchParams.get("returnUrl")).toBe("/cart");
  });

  it("sends an address at most its hourly transactional emails, asked from any number of addresses, with the same answer every time", async () => {
    const email = await confirmedUser("flood");
    // 12 resets, each from its own client address: the per-recipient cap counts them all (the confirmation too).
    const answers = await Promise.all(Array.from({ length: 12 }, () => post("/api/accounts/reset", { email })));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const bodies = new Set(await Promise.all(answers.map((r) => r.text())));
    // Past the cap the answer is the one an unknown address gets: no limit tells whether an account exists.
    bodies.add(await (await post("/api/accounts/reset", { email: freshEmail("nobody") })).text());
    expect(bodies.size).toBe(1);
    expect((await outbox(email)).filter((m) => m.template === "reset-password")).toHaveLength(EMAILS_PER_RECIPIENT_HOUR.transactional - 1);
  });

  it("sets the new password once, ends every session, and the old password stops working", async () => {
    const email = await confirmedUser("reset");
    const token = await signIn(email);
    await post("/api/accounts/reset", { email });
    const stamp = (await latestLink(email, "reset-password")).searchParams.get("securityStamp")!;
    const weak = await post("/api/accounts/reset", { email, securityStamp: stamp, password: "password1" });
    expect(weak.status).toBe(400);
    const res = await post("/api/accounts/reset", { email, securityStamp: stamp, password: "my new long passphrase" });
    expect(res.status).toBe(200);
    expect((await userInfo(token)).status).toBe(401);
    expect((await post("/api/accounts/login", { email, password: PASSWORD })).status).toBe(401);
    expect((await post("/api/accounts/login", { email, password: "my new long passphrase" })).status).toBe(200);
    expect((await post("/api/accounts/reset", { email, securityStamp: stamp, password: "yet another passphrase" })).status).toBe(400);
  });

  it("refuses a reset link after its hour (injected clock)", async () => {
    const email = await confirmedUser("reset-late");
    await post("/api/accounts/reset", { email });
    const securityStamp = (await latestLink(email, "reset-password")).searchParams.get("securityStamp")!;
    const late = { env, origin: "https://loupe.test", now: Date.now() + 61 * 60_000, ip: freshIp(), waitUntil: () => {} };
    await expect(reset(late, { email, securityStamp, password: "my new long passphrase" })).rejects.toMatchObject({ refusal: { kind: "bad_request" } });
    // Within the hour the same link still works: it was the clock that refused it.
    expect((await post("/api/accounts/reset", { email, securityStamp, password: "my new long passphrase" })).status).toBe(200);
  });

  it("refuses a forged link and one for another email", async () => {
    const a = await confirmedUser("reset-a");
    const b = await confirmedUser("reset-b");
    await post("/api/accounts/reset", { email: a });
    const stamp = (await latestLink(a, "reset-password")).searchParams.get("securityStamp")!;
    expect((await post("/api/accounts/reset", { email: b, securityStamp: stamp, password: "my new long passphrase" })).status).toBe(400);
    expect((await post("/api/accounts/reset", { email: a, securityStamp: `${stamp}x`, password: "my new long passphrase" })).status).toBe(400);
  });
});

describe("housekeeping", () => {
  it("the Cron Trigger deletes expired sessions and sign-in attempts older than 15 minutes, and keeps live ones", async () => {
    const email = await confirmedUser("cron");
    const user = (await findByEmail(env.DB, email))!;
    const now = Date.now();
    const old = await openSession(env.DB, user.id, now - TOKEN_VALIDITY_MS - 1);
    const live = await openSession(env.DB, user.id, now);
    await env.DB.prepare("INSERT INTO login_attempts (email, ip, at, state) VALUES (?, 'x', ?, 'failed'), (?, 'x', ?, 'failed')")
      .bind(email, now - 16 * 60_000, email, now)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled!({ scheduledTime: now, cron: "*/5 * * * *", noRetry: () => {} } as ScheduledController, env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await userInfo(old.data)).status).toBe(401);
    expect((await userInfo(live.data)).status).toBe(200);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM login_attempts WHERE email = ?").bind(email).first<{ n: number }>();
    expect(left!.n).toBe(1);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?").bind(user.id).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });
});
