import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { findByEmail } from "#worker/accounts/users.ts";
import { call, type ErrorBody } from "../helpers";
import { bearer, confirmedUser, freshEmail, latestLink, outbox, PASSWORD, post, signIn, userInfo } from "./account-helpers";

const ADMIN = { authorization: "Bearer test-admin-token" };

describe("partial accounts", () => {
  it("makes an account from an email alone, and completes it from the emailed link (signed in, confirmed)", async () => {
    const email = freshEmail("partial");
    const made = await post("/api/accounts/createPartialAccount", { email, source: "login-less-alert" });
    expect(made.status).toBe(200);
    expect(await findByEmail(env.DB, email)).toMatchObject({ partial: true, accountConfirmed: false, passwordHash: null });
    // A partial account cannot sign in (no password), and answers like any wrong password.
    expect((await post("/api/accounts/login", { email, password: PASSWORD })).status).toBe(401);
    const sent = await post("/api/accounts/SendAccountCompletionEmailAsync", { email, returnUrl: "/" });
    const unknown = await post("/api/accounts/SendAccountCompletionEmailAsync", { email: freshEmail("nobody"), returnUrl: "/" });
    expect(await sent.json()).toEqual(await unknown.json());
    const link = await latestLink(email, "complete-account");
    expect(link.pathname).toBe("/register");
    const stamp = link.searchParams.get("securityStamp")!;
    const done = await post("/api/accounts/completeRegisterProcess", { email, securityStamp: stamp, firstName: "Par", lastName: "Tial", password: PASSWORD });
    expect(done.status).toBe(200);
    const token = ((await done.json()) as { token: { data: string } }).token.data;
    expect(await (await userInfo(token)).json()).toMatchObject({ email, firstName: "Par", accountConfirmed: true });
    expect(
      (await post("/api/accounts/completeRegisterProcess", { email, securityStamp: stamp, firstName: "X", lastName: "Y", password: PASSWORD })).status,
    ).toBe(400);
  });

  it("never changes an existing account from createPartialAccount, and registering a partial email sends its completion link", async () => {
    const full = await confirmedUser("full");
    await post("/api/accounts/createPartialAccount", { email: full, firstName: "Mallory" });
    expect(await findByEmail(env.DB, full)).toMatchObject({ firstName: "Ada", partial: false });
    const partial = freshEmail("part2");
    await post("/api/accounts/createPartialAccount", { email: partial });
    expect((await post("/api/accounts/v1/register", { firstName: "A", lastName: "B", email: partial, password: PASSWORD })).status).toBe(200);
    expect((await outbox(partial))[0]!.template).toBe("complete-account");
    expect(await findByEmail(env.DB, partial)).toMatchObject({ partial: true, passwordHash: null });
  });
});

describe("links by user guid", () => {
  async function guidOf(email: string) {
    return (await findByEmail(env.DB, email))!.userGuid;
  }

  it("shows the first name and a masked email, and 404 for an unknown guid", async () => {
    const email = await confirmedUser("guid");
    const res = await post(`/api/accounts/guid/${await guidOf(email)}`, {});
    expect(res.status).toBe(200);
    const body = (await res.json()) as { maskedEmail: string; firstName: string };
    expect(body.firstName).toBe("Ada");
    expect(body.maskedEmail).toBe(`${email[0]}•••@example.com`);
    expect(JSON.stringify(body)).not.toContain(email);
    expect((await call(`/api/accounts/guid/${crypto.randomUUID()}`, { method: "POST" })).status).toBe(404);
    expect((await call("/api/accounts/guid/not-a-guid", { method: "POST" })).status).toBe(400);
  });

  it("unsubscribes from each list by guid, shown on the guid's view; unknown guids 404", async () => {
    const email = await confirmedUser("unsub");
    const userGuid = await guidOf(email);
    expect(await (await post("/api/accounts/unsubscribeuser", { userGuid })).json()).toEqual({ userGuid, list: "marketing" });
    expect((await post("/api/accounts/unsubscribeuserpartial", { userGuid })).status).toBe(200);
    expect((await post("/api/accounts/unsubscribe-insurance-email", { data: userGuid })).status).toBe(200);
    const view = (await (await call(`/api/accounts/guid/${userGuid}`, { method: "POST" })).json()) as { unsubscribed: Record<string, boolean> };
    expect(view.unsubscribed).toEqual({ marketing: true, partialAccount: true, insurance: true, orderReviews: false, alerts: false });
    expect((await post("/api/accounts/unsubscribeuser", { userGuid: crypto.randomUUID() })).status).toBe(404);
  });

  it("stores a message to customer service that operators can read (admin token only)", async () => {
    const email = await confirmedUser("msg");
    const userGuid = await guidOf(email);
    const res = await post(`/api/conversations/sendmessagebyguid/${userGuid}`, { subject: "Ring size", message: "Can I resize after delivery?" });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    expect((await call("/api/conversations")).status).toBe(404);
    const list = (await (await call("/api/conversations", { headers: ADMIN })).json()) as { messages: { id: number; email: string; message: string }[] };
    expect(list.messages.find((m) => m.id === id)).toMatchObject({ email, message: "Can I resize after delivery?" });
    const empty = await post(`/api/conversations/sendmessagebyguid/${userGuid}`, { message: "   " });
    expect(empty.status).toBe(400);
    expect((await post(`/api/conversations/sendmessagebyguid/${crypto.randomUUID()}`, { message: "hi" })).status).toBe(404);
  });
});

describe("email capture", () => {
  it("checks the §5 pattern for the welcome popup: a bad address is refused and logged only", async () => {
    const bad = `not-an-address-${Date.now()}`;
    const res = await post("/api/accounts/email-capture", { email: bad, source: "welcome-100-popup" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.details?.[0]?.path).toBe("email");
    const row = await env.DB.prepare("SELECT valid, source FROM email_captures WHERE email = ?").bind(bad).first();
    expect(row).toEqual({ valid: 0, source: "welcome-100-popup" });
  });

  it("captures a good welcome-popup address: a partial account and the offer email with an unsubscribe link", async () => {
    const email = freshEmail("welcome");
    const res = await post("/api/accounts/email-capture", { email, source: "welcome-100-popup" });
    expect(await res.json()).toEqual({ captured: true });
    expect(await findByEmail(env.DB, email)).toMatchObject({ partial: true });
    const mail = (await outbox(email))[0]!;
    expect(mail.template).toBe("welcome-offer");
    expect(mail.data.code).toBe("WELCOME100");
    expect(new URL(mail.data.unsubscribeLink!).pathname).toBe("/Home/UnsubscribeEmailAction");
  });

  it("only logs other sources", async () => {
    const email = freshEmail("footer");
    expect(await (await post("/api/accounts/email-capture", { email, source: "footer-newsletter" })).json()).toEqual({ captured: false });
    expect(await findByEmail(env.DB, email)).toBeNull();
    expect(await outbox(email)).toEqual([]);
  });
});

describe("social sign-in when not configured", () => {
  it("answers 501 with a clear message for Google and Facebook", async () => {
    const g = await post("/api/accounts/externalLogin/Google", { idToken: "x".repeat(40) });
    expect(g.status).toBe(501);
    expect(((await g.json()) as ErrorBody).error.message).toMatch(/Google sign-in is not configured/);
    const f = await post("/api/accounts/externalLogin/Facebook", { accessToken: "x".repeat(40) });
    expect(f.status).toBe(501);
  });
});

describe("cross-site requests", () => {
  it("refuses a form post carrying the session cookie from another origin, and accepts it from this site", async () => {
    const token = await signIn(await confirmedUser("csrf"));
    const form = (origin: string) =>
      call("/api/accounts/logout", {
        method: "POST",
        headers: { cookie: `__Host-loupe_session=${token}`, "content-type": "application/x-www-form-urlencoded", origin },
        body: "",
      });
    const evil = await form("https://evil.example");
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as ErrorBody).error.code).toBe("forbidden");
    expect((await userInfo(token)).status).toBe(200);
    expect((await form("https://loupe.test")).status).toBe(204);
    expect((await userInfo(token)).status).toBe(401);
  });

  it("needs no Origin for bearer calls from API clients, and refuses them from another site", async () => {
    const token = await signIn(await confirmedUser("bearer"));
    const logout = (headers: Record<string, string>) =>
      call("/api/accounts/logout", { method: "POST", headers: { ...bearer(token), "content-type": "text/plain", ...headers } });
    expect((await logout({ origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await userInfo(token)).status).toBe(200);
    expect((await logout({})).status).toBe(204);
  });
});
