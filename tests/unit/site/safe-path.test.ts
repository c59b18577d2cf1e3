/**
 * The one safe-redirect check (shared/safe-path.ts; docs/decisions/051-safe-redirects-and-stored-urls.md): whatever
 * is sent — mixtures of slashes, backslashes, dots, percent-encoded (and double-encoded) slashes, tabs and
 * newlines, `@`, `:`, schemes and hosts — what it answers, resolved by a browser's URL parser against the site,
 * stays on the site; and the known open-redirect payloads fall back.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accountReturnPath } from "#shared/accounts/return-url.ts";
import { safePath, sitePathOrNull } from "#shared/safe-path.ts";

const ORIGIN = "https://loupe.example";

const FRAGMENTS = [
  "/",
  "//",
  "\\",
  "/\\",
  ".",
  "..",
  "%2f",
  "%2F",
  "%5c",
  "%5C",
  "%252f",
  "%255C",
  "%25",
  "%2e",
  "%2E%2E",
  "%09",
  "%0a",
  "%00",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u00a0",
  "\u2028",
  "@",
  ":",
  "?",
  "#",
  "javascript:",
  "JaVaScRiPt:",
  "data:",
  "http://",
  "https://",
  "http:",
  "evil.com",
  "loupe.example",
  "evil.com@loupe.example",
  "a",
  "x-y",
];

/** A hostile candidate: fragments in any order, sometimes after a leading "/" (so many get past the first rule), with random text mixed in. */
const hostile = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...FRAGMENTS) }, { weight: 1, arbitrary: fc.string({ maxLength: 4 }) }), { maxLength: 12 }),
  )
  .map(([lead, parts]) => (lead ? "/" : "") + parts.join(""));

/** Where a browser lands following `location` from `page` (a redirect's Location resolves against the request's URL). */
const land = (location: string, page = `${ORIGIN}/`) => new URL(location, page);

describe("safePath: the final target stays on the site", () => {
  it("answers, for any hostile input, a path that a browser resolves to this origin with the same path", () => {
    fc.assert(
      fc.property(hostile, fc.constantFrom(`${ORIGIN}/`, `${ORIGIN}/deep/page?x=1#y`), (raw, page) => {
        const out = safePath(raw, "/");
        expect(out.startsWith("//")).toBe(false);
        expect(out.startsWith("/\\")).toBe(false);
        const url = land(out, page);
        expect(url.origin).toBe(ORIGIN);
        expect(url.pathname + url.search + url.hash).toBe(out);
        // Stable: the answer is itself accepted unchanged.
        expect(sitePathOrNull(out)).toBe(out);
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps ordinary paths of the site as they are", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    const path = fc
      .tuple(fc.array(segment, { minLength: 0, maxLength: 5 }), fc.option(fc.stringMatching(/^[a-z]{1,6}=[a-z0-9]{0,6}$/), { nil: undefined }))
      .map(([segments, query]) => `/${segments.join("/")}${query ? `?${query}` : ""}`);
    fc.assert(
      fc.property(path, (p) => {
        expect(safePath(p, "/fallback")).toBe(p);
      }),
    );
  });

  it.each([
    "/.//evil.com",
    "/./\\evil.com",
    "/..//evil.com",
    "/a/../..//evil.com",
    "/\\evil.com",
    "/%5cevil.com",
    "/%5Cevil.com",
    "/%2fevil.com",
    "/%2F%2Fevil.com",
    "/%252fevil.com",
    "/%25252f%25252fevil.com",
    "//evil.com",
    "///evil.com",
    "\\\\evil.com",
    "\\/evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r\n/evil.com",
    " /evil",
    "/x\r\nSet-Cookie: a=b",
    "/x%0d%0aSet-Cookie:a=b",
    "/x\u0000",
    "/x\u2028y",
    "https://evil.com/",
    "http:evil.com",
    "http:/evil.com",
    "https:\\\\evil.com",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.com",
    "@evil.com",
    "",
    `/${"a".repeat(2048)}`,
  ])("refuses %j (the fallback)", (raw) => {
    expect(safePath(raw, "/home")).toBe("/home");
    expect(sitePathOrNull(raw)).toBeNull();
  });

  it.each([
    ["/", "/"],
    ["/diamond-search?shape=oval#top", "/diamond-search?shape=oval#top"],
    ["/a/./b", "/a/b"],
    ["/a/b/../c", "/a/c"],
    ["/%2e%2e/cart", "/cart"],
    ["/café", "/caf%C3%A9"],
    ["/@evil.com", "/@evil.com"],
    ["/x:y", "/x:y"],
    ["/?next=//evil.com", "/?next=//evil.com"],
    ["/search?q=a%2Fb%5C", "/search?q=a%2Fb%5C"],
  ])("keeps %j as %j", (raw, out) => {
    expect(safePath(raw, "/home")).toBe(out);
    expect(land(out).origin).toBe(ORIGIN);
  });

  it("refuses what is not a string", () => {
    for (const raw of [undefined, null, 42, ["/a"], { toString: () => "/a" }]) expect(safePath(raw, "/home")).toBe("/home");
  });
});

describe("accountReturnPath", () => {
  it("is safePath, and never a sign-in or registration page", () => {
    expect(accountReturnPath("/diamond-search?shape=oval#top")).toBe("/diamond-search?shape=oval#top");
    for (const bad of ["/.//evil.com", "/\\evil.com", "/%5cevil.com", "//evil.com", "/login", "/login?x=1", "/register/confirm", "/x\nSet-Cookie:a"]) {
      expect(accountReturnPath(bad), bad).toBe("/");
    }
  });
});
