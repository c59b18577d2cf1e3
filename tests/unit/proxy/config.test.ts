/**
 * The proxy's configuration (worker/proxy/config.ts): the group table parsed from API_UPSTREAM and API_UPSTREAMS
 * (an invalid table ignored as a whole, with every problem named), the group of a path, §9's timeouts by group and
 * the cache lifetimes (content 300 s, home 1 hour).
 */
import { describe, expect, it } from "vitest";
import {
  CONTENT_TTL_SECONDS,
  cacheTtlFor,
  DEFAULT_TIMEOUTS,
  groupOf,
  HOME_TTL_SECONDS,
  parseUpstreams,
  timeoutFor,
  upstreamFor,
} from "#worker/proxy/config.ts";

const table = (vars: { API_UPSTREAM?: string; API_UPSTREAMS?: string }) => {
  const { table, problems } = parseUpstreams(vars);
  return { groups: Object.fromEntries(table.groups), fallback: table.fallback, problems };
};

describe("parseUpstreams", () => {
  it("serves everything here when nothing is configured", () => {
    expect(table({})).toEqual({ groups: {}, fallback: "", problems: [] });
    expect(table({ API_UPSTREAM: "", API_UPSTREAMS: "  " })).toEqual({ groups: {}, fallback: "", problems: [] });
  });

  it("takes API_UPSTREAM as the default of every group (trailing slashes trimmed)", () => {
    expect(table({ API_UPSTREAM: "https://api.example/v2/" })).toEqual({ groups: {}, fallback: "https://api.example/v2", problems: [] });
  });

  it('reads the per-group table, groups in lower case, "" meaning served here, "*" overriding API_UPSTREAM', () => {
    const vars = {
      API_UPSTREAM: "https://api.example",
      API_UPSTREAMS: JSON.stringify({
        Content: "https://content.example/",
        SearchWizard: "http://wizard.example:8080/api",
        version: "",
        "*": "https://main.example",
      }),
    };
    expect(table(vars)).toEqual({
      groups: { content: "https://content.example", searchwizard: "http://wizard.example:8080/api", version: "" },
      fallback: "https://main.example",
      problems: [],
    });
  });

  it.each([
    ["not JSON", "{content: https://x}", /API_UPSTREAMS is not JSON/],
    ["an array", '["https://x.example"]', /must be a JSON object/],
    ["a non-http URL", '{"content": "ftp://x.example"}', /"content" "ftp:\/\/x.example" is not http\(s\)/],
    ["not a URL", '{"content": "content.example"}', /"content" "content.example" is not a URL/],
    ["a number", '{"orders": 42}', /"orders" must be a string/],
    ["a query", '{"orders": "https://x.example/?key=1"}', /must have no query/],
    ["credentials", '{"orders": "https://user:pw@x.example"}', /no query, fragment or credentials/],
    ["a bad group name", '{"orders/v2": "https://x.example"}', /"orders\/v2" is not a group name/],
    ["a group twice", '{"Reports": "https://a.example", "reports": "https://b.example"}', /"reports" appears twice/],
  ])("ignores the whole table when it has %s, naming the problem; API_UPSTREAM stays in effect", (_, raw, problem) => {
    const parsed = table({ API_UPSTREAM: "https://api.example", API_UPSTREAMS: raw });
    expect(parsed.groups).toEqual({});
    expect(parsed.fallback).toBe("https://api.example");
    expect(parsed.problems[0]).toMatch(problem);
    expect(parsed.problems.at(-1)).toBe("API_UPSTREAMS ignored as a whole: API_UPSTREAM alone decides");
  });

  it("names every problem of a table, not just the first", () => {
    const { problems } = table({ API_UPSTREAMS: '{"content": 1, "orders": "nope", "ok": "https://ok.example"}' });
    expect(problems).toHaveLength(3);
  });

  it("ignores an invalid API_UPSTREAM: served here", () => {
    expect(table({ API_UPSTREAM: "api.example" })).toEqual({
      groups: {},
      fallback: "",
      problems: ['API_UPSTREAM "api.example" is not a URL; ignored, /api is served here'],
    });
  });
});

describe("groups and upstreams", () => {
  it.each([
    ["/api/content/item/Timer", "content"],
    ["/api/SearchWizard/qualities", "searchwizard"],
    ["/api/version", "version"],
    ["/api/my-stuff-dashboard", "my-stuff-dashboard"],
    ["/api/", ""],
    ["/api", ""],
  ])("%s is in the group %j", (path, group) => expect(groupOf(path)).toBe(group));

  it("finds a group's upstream, or the default", () => {
    const { table } = parseUpstreams({ API_UPSTREAMS: '{"content": "https://c.example", "version": "", "*": "https://main.example"}' });
    expect(upstreamFor(table, "content")).toBe("https://c.example");
    expect(upstreamFor(table, "version")).toBe("");
    expect(upstreamFor(table, "orders")).toBe("https://main.example");
  });
});

describe("timeouts (§9)", () => {
  it("gives every call 30,000 ms, tracking and essential calls 3,000 ms, MarketingConfigurations 5,000 ms", () => {
    expect(DEFAULT_TIMEOUTS).toEqual({ standardMs: 30_000, essentialMs: 3_000, marketingConfigurationsMs: 5_000 });
    for (const path of ["diamonds/42", "orders/draft", "content/item/Timer", "info/home"]) expect(timeoutFor(path), path).toBe(30_000);
    for (const path of ["tracking/purchase", "version?env=production", "appconfig", "getfbc?email=a", "savefbc", "pageview", "logging/diamonds/clicks"]) {
      expect(timeoutFor(path.split("?")[0] ?? path), path).toBe(3_000);
    }
    expect(timeoutFor("content/item/MarketingConfigurations")).toBe(5_000);
  });
});

describe("cache lifetimes (§9)", () => {
  it("keeps content 300 s and the home data 1 hour; nothing else", () => {
    expect(cacheTtlFor("content/item/Timer")).toBe(CONTENT_TTL_SECONDS);
    expect(CONTENT_TTL_SECONDS).toBe(300);
    expect(cacheTtlFor("Content/tree/SurveyQuestions")).toBe(300);
    expect(cacheTtlFor("info/home")).toBe(HOME_TTL_SECONDS);
    expect(cacheTtlFor("info/index/")).toBe(3600);
    for (const path of ["content/admin", "content/admin/banners/1", "info/user", "diamonds/1", "my-stuff", "version"])
      expect(cacheTtlFor(path), path).toBeNull();
  });
});
