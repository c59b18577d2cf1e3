/**
 * Facebook sign-in never takes over an existing account by its email (docs/decisions/054-accounts-hardening.md):
 * Graph gives no "verified" flag, so the account's owner is emailed a link to agree, and until then the
 * Facebook identity has an account of its own. Google links by email only when the ID token says
 * `email_verified`. Against the loopback fakes (tests/fakes/facebook.ts, google.ts).
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { findByEmail } from "#worker/accounts/users.ts";
import { call } from "../helpers";
import { bearer, confirmedUser, freshEmail, latestLink, outbox, PASSWORD, post, userInfo } from "./account-helpers";

const origin = inject("fakesOrigin");

async function control<T>(fake: string, action: string, body: unknown): Promise<T> {
  const res = await fetch(`${origin}/__control/${fake}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

async function facebookApp() {
  const appId = String(200_000_000 + Math.floor(Math.random() * 700_000_000));
  await control("facebook", "app", { appId, appSecret: `secret-${appId}` });
  const bindings = { FACEBOOK_APP_ID: appId, FACEBOOK_APP_SECRET: `secret-${appId}`, FACEBOOK_GRAPH_URL: `${origin}/facebook` };
  const login = async (profile: Record<string, unknown>, userId?: string) => {
    const { token } = await control<{ token: string }>("facebook", "token", { appId, profile, userId });
    return call("/api/accounts/externalLogin/Facebook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ accessToken: token }),
      env: bindings,
    });
  };
  return { login };
}

interface Answer {
  user: { email: string; fbUserId: string | null; token: string };
}

describe("Facebook sign-in with the email of an existing account", () => {
  it("does not sign in as that account: the identity gets its own, and the owner is asked by email", async () => {
    const email = await confirmedUser("fbvictim");
    const fb = await facebookApp();
    const userId = String(10_000_000_000 + Math.floor(Math.random() * 1e9));
    const res = await fb.login({ email, first_name: "Mallory" }, userId);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.user.email).not.toBe(email);
    expect(body.user.email).toMatch(/\.invalid$/);
    expect(await (await userInfo(body.user.token)).json()).toMatchObject({ fbUserId: userId, firstName: "Mallory" });
    expect(await findByEmail(env.DB, email)).toMatchObject({ fbUserId: null, firstName: "Ada" });
    // The owner is asked; the link names this Facebook identity.
    const link = await latestLink(email, "link-facebook");
    expect(link.origin + link.pathname).toBe("https://loupe.test/login/facebook/link");
    expect(link.searchParams.get("facebookId")).toBe(userId);
    // The password account is untouched.
    expect((await post("/api/accounts/login", { email, password: PASSWORD })).status).toBe(200);
  });

  it("links once the owner follows the emailed link: the identity then signs in to their account", async () => {
    const email = await confirmedUser("fbowner");
    const fb = await facebookApp();
    const userId = String(10_000_000_000 + Math.floor(Math.random() * 1e9));
    const first = (await (await fb.login({ email, first_name: "Ada" }, userId)).json()) as Answer;
    const link = await latestLink(email, "link-facebook");
    const agree = { email, facebookId: userId, securityStamp: link.searchParams.get("securityStamp") };
    // The stamp is signed over the Facebook id: another identity cannot use it.
    expect((await post("/api/accounts/externalLogin/Facebook/link", { ...agree, facebookId: "123456789" })).status).toBe(400);
    const linked = await post("/api/accounts/externalLogin/Facebook/link", agree);
    expect(linked.status).toBe(200);
    expect(((await linked.json()) as Answer).user).toMatchObject({ email, fbUserId: userId });
    expect(await findByEmail(env.DB, email)).toMatchObject({ fbUserId: userId });
    // The identity's own account let go of it, and its session ended.
    expect((await userInfo(first.user.token)).status).toBe(401);
    const again = (await (await fb.login({ email }, userId)).json()) as Answer;
    expect(again.user.email).toBe(email);
    expect(await (await call("/api/info/user", { headers: bearer(again.user.token) })).json()).toMatchObject({ email, fbUserId: userId });
    // The link works once.
    expect((await post("/api/accounts/externalLogin/Facebook/link", agree)).status).toBe(400);
  });

  it("asks the owner again when the identity signs in again before they agreed", async () => {
    const email = await confirmedUser("fbagain");
    const fb = await facebookApp();
    const userId = String(10_000_000_000 + Math.floor(Math.random() * 1e9));
    await fb.login({ email }, userId);
    await fb.login({ email }, userId);
    expect((await outbox(email)).filter((m) => m.template === "link-facebook")).toHaveLength(2);
  });

  it("makes a new email's account unconfirmed: Facebook did not vouch for the address", async () => {
    const fb = await facebookApp();
    const email = freshEmail("fbfresh");
    const res = await fb.login({ email, first_name: "Fay" });
    expect(((await res.json()) as Answer).user.email).toBe(email);
    expect(await findByEmail(env.DB, email)).toMatchObject({ accountConfirmed: false, passwordHash: null });
  });
});

describe("Google sign-in with the email of an existing account", () => {
  it("links only when the ID token says the email is verified", async () => {
    const email = await confirmedUser("gexisting");
    const realm = crypto.randomUUID();
    const clientId = "loupe-link-test.apps.googleusercontent.com";
    const bindings = { GOOGLE_CLIENT_ID: clientId, GOOGLE_CERTS_URL: `${origin}/google/${realm}/oauth2/v3/certs` };
    const now = Math.floor(Date.now() / 1000);
    const sub = `g-${crypto.randomUUID()}`;
    const login = async (verified: boolean) => {
      const claims = { iss: "https://accounts.google.com", aud: clientId, sub, email, email_verified: verified, iat: now, exp: now + 600 };
      const { token } = await control<{ token: string }>("google", "sign", { realm, claims });
      return call("/api/accounts/externalLogin/Google", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ idToken: token }),
        env: bindings,
      });
    };
    expect((await login(false)).status).toBe(401);
    expect(await findByEmail(env.DB, email)).toMatchObject({ googleSub: null });
    const res = await login(true);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Answer).user.email).toBe(email);
    expect(await findByEmail(env.DB, email)).toMatchObject({ googleSub: sub });
  });
});
