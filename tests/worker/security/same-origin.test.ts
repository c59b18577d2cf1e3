/**
 * Every state-changing request must come from this site (worker/middleware/same-origin.ts; docs/security.md):
 * a cross-site form or JSON post is refused with or without a cookie, customer and operator alike.
 */
import { describe, expect, it } from "vitest";
import { call } from "../helpers";
import { freshEmail, freshIp } from "../accounts/account-helpers";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe("state changes from another site", () => {
  it("refuses a cross-site sign-in form post (login CSRF), with no cookie at all", async () => {
    const res = await call("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", "cf-connecting-ip": freshIp() },
      body: form({ email: "attacker@example.com", password: "attacker-password" }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie") ?? "").not.toMatch(/session/);
  });

  it.each([
    ["application/json", JSON.stringify({ email: "x@example.com", password: "whatever-password" })],
    ["text/plain", JSON.stringify({ email: "x@example.com", password: "whatever-password" })],
  ])("refuses a cross-site %s post to the API in the error envelope", async (type, body) => {
    const res = await call("/api/accounts/login", { method: "POST", headers: { "content-type": type, origin: "https://evil.example" }, body });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  });

  it("refuses Sec-Fetch-Site cross-site and same-site, and a null Origin", async () => {
    const variants: Record<string, string>[] = [{ "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { origin: "null" }];
    for (const headers of variants) {
      const res = await call("/api/preferences/theme", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: form({ theme: "dark" }),
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
  });

  it("refuses an operator's cross-site post even with the admin token", async () => {
    const res = await call("/api/experiments/Lock_Price/override", {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: "Bearer test-admin-token", origin: "https://evil.example" },
      body: "{}",
    });
    expect(res.status).toBe(403);
  });

  it("refuses a session-cookie post that names no origin at all", async () => {
    const res = await call("/api/preferences/theme", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "loupe_session=abcdefghijklmnopqrstuvwxyz" },
      body: form({ theme: "dark" }),
    });
    expect(res.status).toBe(403);
  });

  it("lets this site's own posts through, and API clients that are not browsers", async () => {
    const email = freshEmail("origin");
    const own = await call("/api/accounts/v1/register", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://loupe.test", "cf-connecting-ip": freshIp() },
      body: JSON.stringify({ firstName: "Ada", lastName: "Lovelace", email, password: "correct horse battery staple" }),
    });
    expect(own.status).toBe(200);
    const sameSite = await call("/api/preferences/theme", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      body: form({ theme: "dark" }),
    });
    expect(sameSite.status).toBeLessThan(400);
    const client = await call("/api/accounts/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "wrong password here" }),
    });
    expect(client.status).not.toBe(403);
  });

  it("leaves the signed provider webhooks to their signatures", async () => {
    const res = await call("/api/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: "{}",
    });
    expect(res.status).not.toBe(403);
  });
});
