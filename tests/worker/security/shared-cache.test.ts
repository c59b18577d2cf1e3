/**
 * The shared page cache holds only anonymous renders (worker/platform/anonymous.ts): a page rendered for a
 * customer's bearer token is never handed to a stranger, however often it was asked for. And emailed links
 * take their origin from SITE_ORIGIN, never from the request's Host header.
 */
import { describe, expect, it } from "vitest";
import { call } from "../helpers";
import { bearer, confirmedUser, freshIp, latestLink, signIn } from "../accounts/account-helpers";

describe("the shared page cache", () => {
  it("never shows a stranger the page rendered for someone's bearer token", async () => {
    const email = await confirmedUser("cache");
    const token = await signIn(email);
    for (let i = 0; i < 4; i++) {
      const mine = await call("/faq", { headers: bearer(token) });
      expect(mine.status).toBe(200);
    }
    for (let i = 0; i < 8; i++) {
      const html = await (await call("/faq")).text();
      expect(html).not.toContain(email);
      expect(html).not.toMatch(/Hi, Ada/);
    }
  });
});

describe("emailed links", () => {
  it("point at SITE_ORIGIN whatever Host the request named", async () => {
    const email = await confirmedUser("host");
    const res = await call("https://evil.example/api/accounts/reset", {
      method: "POST",
      headers: { "content-type": "application/json", host: "evil.example", "cf-connecting-ip": freshIp() },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBeLessThan(300);
    const link = await latestLink(email, "reset-password");
    expect(link.origin).toBe("https://loupe.test");
  });
});
