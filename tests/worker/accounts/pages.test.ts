/** The account pages as the worker serves them (no JavaScript): real pages, the session cookie, one-click unsubscribe. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { findByEmail } from "#worker/accounts/users.ts";
import { call } from "../helpers";
import { confirmedUser, freshIp, PASSWORD } from "./account-helpers";

const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test", "cf-connecting-ip": freshIp(), ...headers },
    body: new URLSearchParams(fields).toString(),
  });

describe("account pages", () => {
  it("serves every account page instead of sending it home", async () => {
    for (const path of ["/login", "/logout", "/register", "/register/confirm", "/forgot-password", "/reset", "/unsubscribe", "/Home/UnsubscribeEmailAction"]) {
      const res = await call(path);
      expect(res.status, path).not.toBe(301);
      expect(res.headers.get("content-type"), path).toMatch(/text\/html/);
    }
  });

  it("signs in from the form: the HttpOnly session cookie, the name in the header, the page not shared", async () => {
    const email = await confirmedUser("page");
    const res = await form("/login", { email, password: PASSWORD, returnUrl: "/diamond-search" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/diamond-search");
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("__Host-loupe_session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/Max-Age=2592000/);
    expect(cookies.find((c) => c.startsWith("loupe_user="))).toMatch(/Max-Age=21600/);
    const cookie = session.split(";")[0]!;
    const page = await call("/diamond-search", { headers: { cookie } });
    const html = await page.text();
    const greeting = /Hi, (?:<!-- -->)?Ada</;
    expect(html).toMatch(greeting);
    expect(page.headers.get("cache-control")).toMatch(/private/);
    // Another visitor's copy of the same page never shows the name.
    expect(await (await call("/diamond-search")).text()).not.toMatch(greeting);
  });

  it("shows a wrong password beside the form with a 401, keeping the email", async () => {
    const email = await confirmedUser("pagewrong");
    const res = await form("/login", { email, password: "not it at all" });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain("Wrong email or password");
    expect(html).toContain(`value="${email}"`);
  });

  it("answers the 6th failed sign-in from the page with 429, Retry-After and the wait in words", async () => {
    const email = await confirmedUser("pagelimit");
    for (let i = 0; i < 5; i++) expect((await form("/login", { email, password: `wrong ${i} guess` })).status).toBe(401);
    const res = await form("/login", { email, password: PASSWORD });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(await res.text()).toMatch(/Too many failed sign-ins/);
  });

  it("refuses a sign-out posted from another site while signed in", async () => {
    const email = await confirmedUser("pagecsrf");
    const signedIn = await form("/login", { email, password: PASSWORD });
    const cookie = signedIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("__Host-loupe_session="))!
      .split(";")[0]!;
    const evil = await form("/logout", {}, { cookie, origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    const ours = await form("/logout", {}, { cookie });
    expect(ours.status).toBe(303);
    expect(ours.headers.getSetCookie().some((c) => c.startsWith("__Host-loupe_session=;") && /Max-Age=0/.test(c))).toBe(true);
  });

  it("unsubscribes with a mail client's one-click POST (RFC 8058), without a session or Origin", async () => {
    const email = await confirmedUser("oneclick");
    const { userGuid } = (await findByEmail(env.DB, email))!;
    const res = await call(`/Home/UnsubscribeEmailAction?userGuid=${userGuid}&type=marketing`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect((await findByEmail(env.DB, email))!.unsubscribed.marketing).toBe(true);
  });
});
