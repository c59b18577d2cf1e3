/**
 * Web addresses clients send (shared/url-schemas.ts, shared/safe-url.ts; docs/decisions/051-safe-redirects-and-stored-urls.md):
 * only absolute http(s) URLs of at most 2,048 characters, each refusal naming its field; the stored-link schemas
 * take a safe site path too; `safeHref` decides what a page may render as a link.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { BannerLink } from "#shared/content/home.ts";
import { SendMessageRequest } from "#shared/conversations/schemas.ts";
import { CreateReportRequest } from "#shared/reports/schemas.ts";
import { isHttpUrl, safeHref } from "#shared/safe-url.ts";
import { PageViewRequest } from "#shared/tracking/schemas.ts";
import { httpUrl, linkOrPath, sitePath } from "#shared/url-schemas.ts";

const HOSTILE = [
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "ftp://files.example/x",
  "//evil.example/x",
  "/relative/path",
  "http:evil.example",
  "http:/evil.example",
  "https:\\\\evil.example",
  "https://\\evil.example",
  "https://user:pass@shop.example/",
  "https://shop.example/a b",
  "https://shop.example/\nx",
  "https://",
  "",
  `https://shop.example/${"a".repeat(2048)}`,
];

describe("httpUrl", () => {
  const schema = httpUrl("productUrl");

  it.each([
    "https://shop.example/round-101",
    "http://shop.example",
    "HTTPS://Shop.Example/a?b=c#d",
    "https://shop.example:8443/x",
    "  https://shop.example/trimmed  ",
  ])("accepts %j", (url) => {
    expect(v.safeParse(schema, url)).toMatchObject({ success: true, output: url.trim() });
  });

  it.each(HOSTILE)("refuses %j, naming the field", (url) => {
    const r = v.safeParse(schema, url);
    expect(r.success).toBe(false);
    expect(r.issues?.[0]?.message).toMatch(/^productUrl /);
  });

  it("is what a report's productUrl takes: the problem's path is the field", () => {
    const r = v.safeParse(CreateReportRequest, { certificateId: "GIA1", productUrl: "javascript:alert(1)" });
    expect(r.success).toBe(false);
    expect(v.getDotPath(r.issues![0]!)).toBe("productUrl");
    expect(v.safeParse(CreateReportRequest, { certificateId: "GIA1", productUrl: "https://shop.example/d/1" }).success).toBe(true);
  });

  it("is what the tracking calls take for a page's address", () => {
    expect(v.safeParse(PageViewRequest, { url: "javascript:alert(1)" }).success).toBe(false);
    expect(v.safeParse(PageViewRequest, { url: "https://loupe.example/diamonds", referrer: "" }).success).toBe(true);
  });
});

describe("sitePath and linkOrPath", () => {
  it("stores a chat page only as a safe path, normalised", () => {
    for (const page of ["/\\evil.com", "/.//evil.com", "/%5cevil.com", "//evil.com", "https://evil.com/"]) {
      const r = v.safeParse(SendMessageRequest, { message: "Hi", page });
      expect(r.success, page).toBe(false);
      expect(v.getDotPath(r.issues![0]!)).toBe("page");
    }
    expect(v.parse(SendMessageRequest, { message: "Hi", page: "/diamond/./42" }).page).toBe("/diamond/42");
    expect(v.safeParse(sitePath("page", 10), "/".padEnd(11, "a")).success).toBe(false);
  });

  it("takes a safe site path or an https address for a content link", () => {
    for (const ok of ["/diamond-search", "https://press.example/loupe"]) expect(v.safeParse(BannerLink, ok).success, ok).toBe(true);
    for (const bad of ["/\\evil.com", "/.//evil.com", "//evil.com", "http://press.example/", "javascript:alert(1)"]) {
      expect(v.safeParse(BannerLink, bad).success, bad).toBe(false);
    }
    expect(v.safeParse(linkOrPath("a link"), "http://press.example/").success).toBe(true);
  });
});

describe("safeHref (what a page renders as a link)", () => {
  it("lets through http(s) addresses and safe site paths only", () => {
    expect(safeHref("https://shop.example/x")).toBe("https://shop.example/x");
    expect(safeHref("/diamond/42")).toBe("/diamond/42");
    for (const bad of ["javascript:alert(1)", "/\\evil.com", "//evil.com", "data:,x", null, undefined, 7]) expect(safeHref(bad), String(bad)).toBeNull();
    expect(isHttpUrl("https://shop.example/")).toBe(true);
  });
});
