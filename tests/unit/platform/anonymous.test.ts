import { describe, expect, it } from "vitest";
import { isAnonymousRequest } from "#worker/platform/anonymous.ts";

const req = (path: string, headers: Record<string, string> = {}, method = "GET") => new Request(`https://loupe.example${path}`, { method, headers });

describe("the shared caches' one rule: only anonymous reads are shared", () => {
  it("shares a plain GET or HEAD with the visitor's own cookies", () => {
    expect(isAnonymousRequest(req("/faq"))).toBe(true);
    expect(isAnonymousRequest(req("/faq", {}, "HEAD"))).toBe(true);
    expect(isAnonymousRequest(req("/diamond-search?shape=round", { cookie: "loupe_vid=abc; loupe_theme=dark; my_loupe_session=2" }))).toBe(true);
  });

  it.each([
    ["a bearer token", { authorization: "Bearer abcdefghijklmnopqrstuvwxyz" }],
    ["an operator token header", { "x-admin-token": "t" }],
    ["a Cloudflare Access assertion", { "cf-access-jwt-assertion": "eyJ..." }],
    ["a session header", { "x-session-id": "s" }],
    ["the session cookie", { cookie: "loupe_vid=1; loupe_session=tok" }],
    ["the __Host- session cookie", { cookie: "__Host-loupe_session=tok" }],
    ["the admin cookie", { cookie: "a=1; loupe_admin=x" }],
  ])("never shares a request with %s", (_, headers) => {
    expect(isAnonymousRequest(req("/faq", headers))).toBe(false);
  });

  it.each([
    "/orders/missing-ring-size/LP-1001?key=abc",
    "/my-stuff/alerts?token=t&email=a%40b.c",
    "/Reports/12?reportKey=k",
    "/orders/LP-100001-AbCdEfGhIjKlMnOpQrStUv",
  ])("never shares a URL carrying a key: %s", (path) => {
    expect(isAnonymousRequest(req(path))).toBe(false);
  });

  it("never shares a write", () => {
    expect(isAnonymousRequest(req("/faq", {}, "POST"))).toBe(false);
  });
});
