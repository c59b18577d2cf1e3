/**
 * The admin token on a developer's machine (APP_ENV local; docs/decisions/056-operator-access.md): never in an
 * address — an operator page without the session shows its 404 with a login form that posts the token; the
 * session cookie is refused by the server 12 hours after the login (the operators' clock is moved, no sleeping);
 * wrong tokens from one address are counted, exactly even when sent at once, and after 10 every token is refused
 * (429) until the window has passed. Operator actions are recorded as "local-admin".
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { operatorClock } from "#worker/middleware/admin.ts";
import { call } from "../helpers";
import { actionsOf, paidOrder } from "../orders/operator-helpers";

const T = Date.UTC(2026, 11, 1, 9, 0, 0);
const HOUR = 3_600_000;

afterEach(() => {
  operatorClock.now = () => Date.now();
});

/** A client address of its own (the wrong-token count is per address). */
const freshIp = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

const login = (token: string, ip: string, to = "/operator/orders") =>
  call("/operator/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test", "cf-connecting-ip": ip },
    body: new URLSearchParams({ token, to }).toString(),
  });

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("loupe_admin="))
    ?.split(";")[0];

describe("the local admin token", () => {
  it("is never taken from the address: ?token= shows the login form and starts no session", async () => {
    for (const page of ["/operator/orders", "/experiments", "/content", "/content/articles", "/gemologist-reviews", "/operator/conversations"]) {
      const res = await call(`${page}?token=test-admin-token`);
      expect(res.status, page).toBe(404);
      expect(
        res.headers.getSetCookie().some((c) => c.startsWith("loupe_admin=")),
        page,
      ).toBe(false);
      const html = await res.text();
      expect(html, page).toContain('<form method="post" action="/operator/login"');
      expect(html, page).toContain(`name="to" value="${page}"`);
      expect(html, page).not.toContain("test-admin-token");
    }
  });

  it("logs in through the form: a 12-hour HttpOnly cookie without the token, back to the page, the login audited", async () => {
    operatorClock.now = () => T;
    const res = await login("test-admin-token", freshIp(), "/content/articles");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/content/articles");
    const set = res.headers.getSetCookie().find((c) => c.startsWith("loupe_admin="))!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/Max-Age=43200/);
    expect(set).not.toContain("test-admin-token");
    expect((await call("/content/articles", { headers: { cookie: cookieOf(res)! } })).status).toBe(200);
    const audit = await env.DB.prepare("SELECT operator, method, status FROM operator_actions WHERE path = '/operator/login' AND at = ?").bind(T).all();
    expect(audit.results).toEqual([{ operator: "local-admin", method: "POST", status: 303 }]);
  });

  it("refuses the session cookie on the server 12 hours after the login, whatever the browser keeps; a cookie with its expiry changed is refused", async () => {
    operatorClock.now = () => T;
    const cookie = cookieOf(await login("test-admin-token", freshIp()))!;
    operatorClock.now = () => T + 12 * HOUR - 1000;
    expect((await call("/operator/orders", { headers: { cookie } })).status).toBe(200);
    expect((await call("/api/operator/orders", { headers: { cookie } })).status).toBe(200);
    operatorClock.now = () => T + 12 * HOUR;
    const late = await call("/operator/orders", { headers: { cookie } });
    expect(late.status).toBe(404);
    expect(await late.text()).toContain('action="/operator/login"');
    expect((await call("/api/operator/orders", { headers: { cookie } })).status).toBe(404);

    const [, value] = cookie.split("=");
    const [expiry, mac] = value!.split(".");
    const extended = `loupe_admin=${Number(expiry) + 12 * HOUR}.${mac}`;
    operatorClock.now = () => T + 13 * HOUR;
    expect((await call("/operator/orders", { headers: { cookie: extended } })).status).toBe(404);
  });

  it("throttles wrong tokens per address: 10 are told wrong, the 11th and then the right token get 429 (form and bearer), another address is not affected", async () => {
    operatorClock.now = () => T;
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const wrong = await login(`guess-${i}`, ip);
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain("That is not the admin token.");
    }
    const eleventh = await login("guess-10", ip);
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("retry-after"))).toBe(15 * 60);
    const right = await login("test-admin-token", ip);
    expect(right.status).toBe(429);
    expect(cookieOf(right)).toBeUndefined();
    const bearer = await call("/api/experiments/report", { headers: { authorization: "Bearer test-admin-token", "cf-connecting-ip": ip } });
    expect(bearer.status).toBe(429);
    expect((await call("/operator/orders", { headers: { authorization: "Bearer test-admin-token", "cf-connecting-ip": ip } })).status).toBe(429);

    expect((await login("test-admin-token", freshIp())).status).toBe(303);
    // The window has passed: the right token works again from that address.
    operatorClock.now = () => T + 15 * 60 * 1000 + 1;
    expect((await login("test-admin-token", ip)).status).toBe(303);
  });

  it("counts wrong tokens exactly when they arrive at once: of 25 bearer and form guesses, exactly 10 are told wrong", async () => {
    operatorClock.now = () => T;
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        i % 2 ? login(`guess-${i}`, ip) : call("/api/experiments/report", { headers: { authorization: `Bearer guess-${i}`, "cf-connecting-ip": ip } }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401 || s === 404)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("records a page post as local-admin: the order's action and the audit row with its target", async () => {
    const cookie = cookieOf(await login("test-admin-token", freshIp()))!;
    const o = await paidOrder();
    const res = await call(`/operator/orders/${o.orderNumber}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test", cookie },
      body: new URLSearchParams({ action: "confirm-availability", actor: "Mallory" }).toString(),
    });
    expect(res.status).toBe(303);
    expect((await actionsOf(o.orderNumber)).map((a) => a.actor)).toEqual(["operator:local-admin"]);
    const audit = await env.DB.prepare("SELECT operator, method, target, status FROM operator_actions WHERE path = ?")
      .bind(`/operator/orders/${o.orderNumber}`)
      .all();
    expect(audit.results).toEqual([{ operator: "local-admin", method: "POST", target: o.orderNumber, status: 303 }]);
  });
});
