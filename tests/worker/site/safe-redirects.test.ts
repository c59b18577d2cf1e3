/**
 * Open redirects and stored links as an attacker would try them (docs/decisions/051-safe-redirects-and-stored-urls.md):
 * the theme form's `returnTo`, sign-in's `returnUrl` (the API and the page's form), the chat's `page` (refused,
 * and an older stored one shown as text and never linked or emailed), and a report's `productUrl` (only http(s),
 * and an older stored one shown as text on the gemologists' page).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Report } from "#shared/reports/schemas.ts";
import { trafficAlert } from "#worker/content/alerts.ts";
import { bearer, confirmedUser, freshIp, outbox, PASSWORD, post, signIn } from "../accounts/account-helpers";
import { answer, shopper } from "../conversations/chat-helpers";
import { call, operatorCookie, type ErrorBody } from "../helpers";

const SITE = "https://loupe.test";
const PAYLOADS = ["/.//evil.com", "/\\evil.com", "/%5cevil.com", "//evil.com", "/%2f%2fevil.com", "/%252f%252fevil.com", "/\t/evil.com"];

/** Where a browser following `location` lands: on this site, and at exactly the path it names. */
function expectSameSite(location: string | null, what: string) {
  expect(location, what).not.toBeNull();
  expect(location!.startsWith("//") || location!.startsWith("/\\"), `${what} → ${location}`).toBe(false);
  const landed = new URL(location!, `${SITE}/diamond-search`);
  expect(landed.origin, `${what} → ${location}`).toBe(SITE);
  expect(landed.pathname + landed.search + landed.hash).toBe(location);
}

const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE, "cf-connecting-ip": freshIp(), ...headers },
    body: new URLSearchParams(fields).toString(),
  });

describe("the theme form's returnTo", () => {
  it.each(PAYLOADS)("answers 303 to a path of this site for %j", async (returnTo) => {
    const res = await form("/api/preferences/theme", { theme: "dark", returnTo });
    expect(res.status).toBe(303);
    expectSameSite(res.headers.get("location"), returnTo);
    expect(res.headers.get("location")).toBe("/");
  });

  it("still returns to the page the form was on", async () => {
    const res = await form("/api/preferences/theme", { theme: "light", returnTo: "/diamond-search?shape=oval" });
    expect(res.headers.get("location")).toBe("/diamond-search?shape=oval");
  });
});

describe("sign-in's returnUrl", () => {
  it("answers a path of this site from the API for every payload", async () => {
    const email = await confirmedUser("redirect-api");
    for (const returnUrl of PAYLOADS) {
      const res = await post("/api/accounts/login", { email, password: PASSWORD, returnUrl });
      expect(res.status).toBe(200);
      const back = ((await res.json()) as { returnUrl: string }).returnUrl;
      expectSameSite(back, returnUrl);
      expect(back).toBe("/");
    }
  });

  it("redirects the sign-in form (no JavaScript) to a path of this site for every payload", async () => {
    const email = await confirmedUser("redirect-form");
    for (const returnUrl of PAYLOADS) {
      const res = await form("/login", { email, password: PASSWORD, returnUrl });
      expect(res.status, returnUrl).toBe(303);
      expectSameSite(res.headers.get("location"), returnUrl);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  it("starts a social sign-in keeping only a safe return path", async () => {
    const res = await call(`/login/google?returnUrl=${encodeURIComponent("/.//evil.com")}`);
    // Unconfigured here: back to the sign-in page, never to the payload.
    expectSameSite(res.headers.get("location"), "social sign-in");
    expect(res.headers.get("location") ?? "").not.toContain("evil.com");
  });
});

describe("the chat's page", () => {
  it.each(["/\\evil.com", "/.//evil.com", "/%5cevil.com", "//evil.com", "javascript:alert(1)"])(
    "refuses %j with a 400 naming page, keeping nothing",
    async (page) => {
      const s = await shopper();
      const res = await s.send({ message: "Hello", page });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.details?.[0]?.path).toBe("page");
      expect((await (await s.read()).json()) as { messages: unknown[] }).toMatchObject({ messages: [] });
    },
  );

  it("shows an older stored unsafe page as text on /operator/conversations and emails a link to the site instead", async () => {
    const email = await confirmedUser("redirect-chat");
    const s = await shopper({ headers: bearer(await signIn(email)) });
    const sent = await s.sent("Is it eye-clean?", "/diamond/42");
    // A row written before pages were checked.
    await env.DB.prepare("UPDATE conversation_messages SET page = ? WHERE id = ?").bind("/\\evil.com", sent.id).run();
    const cookie = await operatorCookie("/operator/conversations");
    const html = await (await call("/operator/conversations", { headers: { cookie } })).text();
    const block = html.slice(html.indexOf(`id="conversation-${s.guid}"`));
    expect(block).toContain("/\\evil.com");
    expect(block).not.toMatch(/href="[^"]*evil\.com/);
    await answer(s.guid, "Yes.");
    const mail = (await outbox(email)).find((m) => m.template === "concierge-reply");
    expect(mail?.data.link).toBe(`${SITE}/`);
  });
});

describe("a report's productUrl", () => {
  const STONE = {
    isLabGrown: false,
    shape: 1,
    carat: 1.01,
    color: 4,
    clarity: 5,
    cut: 1,
    polish: 1,
    symmetry: 1,
    fluorescence: 0,
    certificateLab: 0,
    depthPct: 61.8,
    tablePct: 57,
    lwRatio: 1,
    growthMethod: null,
    treated: null,
  };
  const customer = async (tag: string) => ({ ...bearer(await signIn(await confirmedUser(tag))), "content-type": "application/json" });

  it.each([
    ["javascript:alert(1)", "javascript:alert(1)"],
    ["data:text/html,x", "data:text/html,x"],
    ["//evil.com/x", "//evil.com/x"],
    ["/\\evil.com", "/\\evil.com"],
    ["a 2,069-character address", `https://shop.example/${"a".repeat(2048)}`],
  ])("refuses %s with a 400 naming productUrl, keeping no report", async (_what, productUrl) => {
    const auth = await customer("report-url");
    const res = await call("/api/Reports", { method: "POST", headers: auth, body: JSON.stringify({ stone: STONE, price: 700_000, productUrl }) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details?.[0]?.path).toBe("productUrl");
    const kept = await env.DB.prepare("SELECT COUNT(*) AS n FROM reports WHERE product_url = ?").bind(productUrl).first<{ n: number }>();
    expect(kept?.n).toBe(0);
  });

  it("refuses one on a gemologist review request too, and shows an older stored one as text on the gemologists' page", async () => {
    const auth = await customer("review-url");
    const report = (await (
      await call("/api/Reports", { method: "POST", headers: auth, body: JSON.stringify({ stone: STONE, price: 700_000 }) })
    ).json()) as Report;
    const path = `/api/Reports/${report.id}/GemologistReviews`;
    const refused = await call(path, { method: "POST", headers: auth, body: JSON.stringify({ productUrl: "javascript:alert(1)" }) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.details?.[0]?.path).toBe("productUrl");
    expect((await call(path, { method: "POST", headers: auth, body: JSON.stringify({ productUrl: "https://shop.example/ok" }) })).status).toBe(202);
    // A row written before the check.
    await env.DB.prepare("UPDATE gemologist_reviews SET product_url = ? WHERE report_id = ?").bind("javascript:alert(document.domain)", report.id).run();
    const cookie = await operatorCookie("/gemologist-reviews");
    const html = await (await call("/gemologist-reviews", { headers: { cookie } })).text();
    expect(html).toContain("javascript:alert(document.domain)");
    expect(html).not.toMatch(/href="javascript:/i);
  });
});

describe("a traffic alert's stored link", () => {
  it("is a link only when it is a web address or a safe path of this site", async () => {
    const now = Date.UTC(2026, 5, 1);
    const cases: [string, string | null][] = [
      ["javascript:alert(1)", null],
      ["/\\evil.com", null],
      ["/.//evil.com", null],
      ["/diamond-search", "/diamond-search"],
      ["https://help.example/tariffs", "https://help.example/tariffs"],
    ];
    for (const [i, [href, shown]] of cases.entries()) {
      const id = `link-check-${i}-${crypto.randomUUID().slice(0, 8)}`;
      await env.DB.prepare("INSERT INTO traffic_alerts (id, message, link_text, link_href, starts_at, ends_at) VALUES (?, 'Hello', 'More', ?, ?, ?)")
        .bind(id, href, now - 1, now + 1)
        .run();
      const alert = await trafficAlert(env.DB, id, now);
      expect(alert?.message, href).toBe("Hello");
      expect(alert?.link?.href ?? null, href).toBe(shown);
    }
  });
});
