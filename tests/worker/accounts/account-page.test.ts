/**
 * The account page's sessions and the Facebook link page as the worker serves them (no JavaScript): the list
 * with this browser marked and no token in the HTML, ending another session from its button, and the emailed
 * Facebook link that changes nothing until its button is pressed.
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { findByEmail } from "#worker/accounts/users.ts";
import { call } from "../helpers";
import { confirmedUser, freshIp, latestLink, PASSWORD, signIn, userInfo } from "./account-helpers";

const origin = inject("fakesOrigin");
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test", "cf-connecting-ip": freshIp(), ...headers },
    body: new URLSearchParams(fields).toString(),
  });

const sessionCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("__Host-loupe_session="))!
    .split(";")[0]!;

describe("the account page", () => {
  it("lists the sessions, marks this browser, and ends another from its button", async () => {
    const email = await confirmedUser("page-sessions");
    const cookie = sessionCookie(await form("/login", { email, password: PASSWORD }, { "user-agent": FIREFOX }));
    const other = await signIn(email);
    const page = await call("/account", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/private/);
    const html = await page.text();
    expect(html).toContain("Your sessions");
    expect(html).toMatch(/Firefox on Linux<\/strong> \(this browser\)/);
    expect(html).not.toContain(cookie.split("=")[1]!);
    expect(html).not.toContain(other);
    const ids = [...html.matchAll(/name="id" value="([0-9a-f]{24})"/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(2);
    // The first form is the other session (most recently used first: it was opened last).
    const res = await form("/account", { id: ids[0]! }, { cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/account");
    expect((await userInfo(other)).status).toBe(401);
    expect((await call("/account", { headers: { cookie } })).status).toBe(200);
  });

  it("sends a signed-out visitor to sign in", async () => {
    const res = await call("/account");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login?returnUrl=%2Faccount");
  });
});

describe("the Facebook link page", () => {
  it("asks first (opening the link changes nothing), then its button links and signs in", async () => {
    const email = await confirmedUser("page-fblink");
    const appId = String(200_000_000 + Math.floor(Math.random() * 700_000_000));
    const control = (action: string, body: unknown) =>
      fetch(`${origin}/__control/facebook/${action}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    await control("app", { appId, appSecret: `s-${appId}` });
    const { token, userId } = (await (await control("token", { appId, profile: { email } })).json()) as { token: string; userId: string };
    const fbLogin = await call("/api/accounts/externalLogin/Facebook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ accessToken: token }),
      env: { FACEBOOK_APP_ID: appId, FACEBOOK_APP_SECRET: `s-${appId}`, FACEBOOK_GRAPH_URL: `${origin}/facebook` },
    });
    expect(fbLogin.status).toBe(200);
    const link = await latestLink(email, "link-facebook");
    const opened = await call(link.pathname + link.search);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Add Facebook sign-in");
    expect(await findByEmail(env.DB, email)).toMatchObject({ fbUserId: null });
    const pressed = await form(link.pathname, Object.fromEntries(link.searchParams));
    expect(pressed.status).toBe(303);
    expect(await findByEmail(env.DB, email)).toMatchObject({ fbUserId: userId });
    const cookie = sessionCookie(pressed);
    expect(await (await call("/api/info/user", { headers: { cookie } })).json()).toMatchObject({ email });
    // Used: the same button again says so.
    const again = await form(link.pathname, Object.fromEntries(link.searchParams));
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("not valid, has expired or was already used");
  });
});
