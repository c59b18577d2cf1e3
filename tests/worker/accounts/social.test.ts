/**
 * Google and Facebook sign-in end to end through the worker (the API calls and the no-JavaScript page flow),
 * against the loopback fakes: linking to the account with the same verified email, creating one, and what a
 * pre-registered, never-confirmed account keeps (nothing).
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { findByEmail } from "#worker/accounts/users.ts";
import { call, postJson } from "../helpers";
import { freshEmail, freshIp, latestLink, PASSWORD, post, userInfo, confirmedUser } from "./account-helpers";

const origin = inject("fakesOrigin");
const CLIENT_ID = "loupe-test.apps.googleusercontent.com";

async function control<T>(fake: string, action: string, body: unknown): Promise<T> {
  const res = await fetch(`${origin}/__control/${fake}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

function googleEnv() {
  const realm = crypto.randomUUID();
  const bindings = {
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CERTS_URL: `${origin}/google/${realm}/oauth2/v3/certs`,
    GOOGLE_AUTHORIZE_URL: `${origin}/google/auth`,
  };
  const now = Math.floor(Date.now() / 1000);
  const sign = async (claims: Record<string, unknown>) =>
    (
      await control<{ token: string }>("google", "sign", {
        realm,
        claims: {
          iss: "https://accounts.google.com",
          aud: CLIENT_ID,
          email_verified: true,
          given_name: "Gia",
          family_name: "Google",
          iat: now,
          exp: now + 600,
          ...claims,
        },
      })
    ).token;
  return { bindings, sign };
}

async function facebookEnv() {
  const appId = String(200_000_000 + Math.floor(Math.random() * 700_000_000));
  const appSecret = `secret-${appId}`;
  await control("facebook", "app", { appId, appSecret });
  const bindings = {
    FACEBOOK_APP_ID: appId,
    FACEBOOK_APP_SECRET: appSecret,
    FACEBOOK_GRAPH_URL: `${origin}/facebook`,
    FACEBOOK_DIALOG_URL: `${origin}/facebook/dialog/oauth`,
  };
  const token = (profile: Record<string, unknown>) => control<{ token: string; userId: string }>("facebook", "token", { appId, profile });
  const code = (t: string, redirectUri: string) => control<{ code: string }>("facebook", "code", { appId, token: t, redirectUri });
  return { bindings, token, code };
}

const googleLogin = (bindings: Record<string, string>, idToken: string) =>
  call("/api/accounts/externalLogin/Google", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ idToken }),
    env: bindings,
  });

describe("Google sign-in", () => {
  it("links to the confirmed account with the same email; the Google id then signs in whatever the email", async () => {
    const email = await confirmedUser("google");
    const g = googleEnv();
    const sub = `g-${crypto.randomUUID()}`;
    const res = await googleLogin(g.bindings, await g.sign({ sub, email }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { email: string; firstName: string }; token: { data: string } };
    expect(body.user).toMatchObject({ email, firstName: "Ada" });
    expect(await findByEmail(env.DB, email)).toMatchObject({ googleSub: sub });
    // The password still works for a confirmed account.
    expect((await post("/api/accounts/login", { email, password: PASSWORD })).status).toBe(200);
    const again = await googleLogin(g.bindings, await g.sign({ sub, email: freshEmail("changed") }));
    expect(((await again.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it("creates a confirmed account for a new verified email, and refuses an unverified one", async () => {
    const g = googleEnv();
    const email = freshEmail("gnew");
    const res = await googleLogin(g.bindings, await g.sign({ sub: `g-${crypto.randomUUID()}`, email }));
    expect(res.status).toBe(200);
    expect(await findByEmail(env.DB, email)).toMatchObject({ accountConfirmed: true, firstName: "Gia", passwordHash: null });
    const unverified = await googleLogin(g.bindings, await g.sign({ sub: `g-${crypto.randomUUID()}`, email: freshEmail("gunv"), email_verified: false }));
    expect(unverified.status).toBe(401);
  });

  it("takes every way in from someone who registered the email without owning it", async () => {
    const email = freshEmail("squat");
    await post("/api/accounts/v1/register", { firstName: "Mallory", lastName: "M", email, password: PASSWORD });
    const g = googleEnv();
    expect((await googleLogin(g.bindings, await g.sign({ sub: `g-${crypto.randomUUID()}`, email }))).status).toBe(200);
    expect(await findByEmail(env.DB, email)).toMatchObject({ accountConfirmed: true, passwordHash: null });
    expect((await post("/api/accounts/login", { email, password: PASSWORD })).status).toBe(401);
    // The confirmation link mailed before no longer works either.
    const stamp = (await latestLink(email, "confirm-email")).searchParams.get("securityStamp");
    expect((await post("/api/accounts/confirm", { email, securityStamp: stamp })).status).toBe(400);
  });

  it("answers a token for another client or a forged one with 401", async () => {
    const g = googleEnv();
    expect((await googleLogin(g.bindings, await g.sign({ sub: "x", email: freshEmail("aud"), aud: "someone-else" }))).status).toBe(401);
    expect((await googleLogin(g.bindings, "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl")).status).toBe(401);
  });

  it("signs in without JavaScript: the start page sends the browser to Google, the posted token signs in and returns", async () => {
    const g = googleEnv();
    const start = await call("/login/google?returnUrl=/cart", { env: g.bindings });
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get("location")!);
    expect(to.origin + to.pathname).toBe(`${origin}/google/auth`);
    expect(to.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(to.searchParams.get("redirect_uri")).toBe("https://loupe.test/login/google/callback");
    const stateCookie = start.headers
      .getSetCookie()
      .find((c) => c.startsWith("loupe_oauth="))!
      .split(";")[0]!;
    const email = freshEmail("gpage");
    const idToken = await g.sign({ sub: `g-${crypto.randomUUID()}`, email, nonce: to.searchParams.get("nonce") });
    const form = (state: string, cookie: string) =>
      call("/login/google/callback", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: "https://accounts.google.com" },
        body: new URLSearchParams({ id_token: idToken, state }).toString(),
        env: g.bindings,
      });
    const wrongState = await form("not-the-state", stateCookie);
    expect(wrongState.headers.get("location")).toBe("/login?social=expired");
    const back = await form(to.searchParams.get("state")!, stateCookie);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/cart");
    const session = back.headers.getSetCookie().find((c) => c.startsWith("__Host-loupe_session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/Secure/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const token = session.split(";")[0]!.slice("__Host-loupe_session=".length);
    expect(await (await call("/api/info/user", { headers: { cookie: `__Host-loupe_session=${token}` } })).json()).toMatchObject({ email, token: null });
  });
});

describe("Facebook sign-in", () => {
  it("signs in with a Facebook access token: a new account, then the same one by Facebook id", async () => {
    const fb = await facebookEnv();
    const email = freshEmail("fb");
    const { token, userId } = await fb.token({ email, first_name: "Fay", last_name: "Book" });
    const res = await call("/api/accounts/externalLogin/Facebook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ accessToken: token }),
      env: fb.bindings,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { fbUserId: string; email: string; token: string } };
    expect(body.user).toMatchObject({ fbUserId: userId, email });
    expect(await (await userInfo(body.user.token)).json()).toMatchObject({ firstName: "Fay", fbUserId: userId });
    const bad = await call("/api/accounts/externalLogin/Facebook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ accessToken: "EAAnot-a-real-token-000" }),
      env: fb.bindings,
    });
    expect(bad.status).toBe(401);
  });

  it("signs in without JavaScript through the dialog's code", async () => {
    const fb = await facebookEnv();
    const start = await call("/login/facebook?returnUrl=/diamond-search", { env: fb.bindings });
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get("location")!);
    const cookie = start.headers
      .getSetCookie()
      .find((c) => c.startsWith("loupe_oauth="))!
      .split(";")[0]!;
    const { token } = await fb.token({ email: freshEmail("fbpage"), first_name: "Fin", last_name: "Book" });
    const { code } = await fb.code(token, "https://loupe.test/login/facebook/callback");
    const back = await call(`/login/facebook/callback?code=${code}&state=${to.searchParams.get("state")}`, { headers: { cookie }, env: fb.bindings });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/diamond-search");
    expect(back.headers.getSetCookie().some((c) => c.startsWith("__Host-loupe_session=") && /HttpOnly/i.test(c))).toBe(true);
  });

  it("answers 502 when Facebook cannot be reached", async () => {
    const fb = await facebookEnv();
    const res = await postJson("/api/accounts/externalLogin/Facebook", { accessToken: "EAAsome-token-value-123" }, { "cf-connecting-ip": freshIp() });
    expect(res.status).toBe(501);
    const down = await call("/api/accounts/externalLogin/Facebook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ accessToken: "EAAsome-token-value-123" }),
      env: { ...fb.bindings, FACEBOOK_GRAPH_URL: "http://127.0.0.1:9" },
    });
    expect(down.status).toBe(502);
  });
});
