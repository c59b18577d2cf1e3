/**
 * `/operator/orders` and `/operator/orders/{n}` as an operator uses them without JavaScript: the admin session from
 * `?token=…`, the list by state with counts and the search, an order's page with its timeline, an action's form
 * posted as a document (done: back to the page, the name remembered; refused: the reason beside the form), and
 * nothing for anyone else. robots.txt keeps crawlers out of /operator.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers";
import { actionsOf, freshEmail, paidOrder, statusOf } from "./operator-helpers";

let cookie = "";

const post = (orderNumber: string, fields: Record<string, string>, headers: Record<string, string> = { cookie }) =>
  call(`/operator/orders/${orderNumber}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test", ...headers },
    body: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  const login = await call("/operator/orders?token=test-admin-token");
  expect(login.status).toBe(303);
  expect(login.headers.get("location")).toBe("/operator/orders");
  cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("loupe_admin="))!
    .split(";")[0]!;
});

describe("the operator's order pages", () => {
  it("are the not-found page without the admin session, for the list, an order and a post", async () => {
    const o = await paidOrder();
    expect((await call("/operator/orders")).status).toBe(404);
    expect((await call("/operator/orders?token=wrong")).status).toBe(404);
    expect((await call(`/operator/orders/${o.orderNumber}`)).status).toBe(404);
    expect((await call(`/operator/orders/${o.orderNumber}`, { headers: { cookie: "loupe_admin=forged" } })).status).toBe(404);
    expect((await post(o.orderNumber, { action: "confirm-availability", actor: "Mallory" }, {})).status).toBe(404);
    expect(await actionsOf(o.orderNumber)).toEqual([]);
    expect((await call("/operator/orders/LP0000000000", { headers: { cookie } })).status).toBe(404);
  });

  it("lists orders by state with their counts, not indexed; the search finds one by email", async () => {
    const email = freshEmail("page");
    const o = await paidOrder(email);
    const res = await call(`/operator/orders?status=paid&q=${encodeURIComponent(email)}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(/<h1[^>]*>Orders<\/h1>/);
    expect(page).toContain('<meta name="robots" content="noindex');
    expect(page).toContain(`href="/operator/orders/${o.orderNumber}"`);
    expect(page).toMatch(/aria-current="page">paid<!-- --> <span class="operator-count">\(<!-- -->1<!-- -->\)/);
    expect(page).toContain(`<tr data-status="paid"><th scope="row"><a href="/operator/orders/${o.orderNumber}">`);
  });

  it("shows an order; a form post marks it shipped, remembers the operator's name and shows it in the timeline", async () => {
    const o = await paidOrder();
    const page = await (await call(`/operator/orders/${o.orderNumber}`, { headers: { cookie } })).text();
    expect(page).toContain(`Order <!-- -->${o.orderNumber}`);
    expect(page).toContain('aria-label="Confirm availability"');
    expect(page).not.toContain('aria-label="Mark shipped"');
    const confirmed = await post(o.orderNumber, { action: "confirm-availability", actor: "Ada Lovelace" });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(`/operator/orders/${o.orderNumber}?done=confirm-availability`);
    const remembered = confirmed.headers.getSetCookie().find((c) => c.startsWith("loupe_operator="))!;
    expect(remembered).toMatch(/^loupe_operator=Ada%20Lovelace;.*Path=\/operator;.*HttpOnly/);
    const withName = { cookie: `${cookie}; ${remembered.split(";")[0]}` };
    const next = await (await call(`/operator/orders/${o.orderNumber}?done=confirm-availability`, { headers: withName })).text();
    expect(next).toContain("Availability confirmed.");
    expect(next).toMatch(/id="shipped-actor" name="actor" type="text"[^>]* value="Ada Lovelace"/);
    const shipped = await post(o.orderNumber, { action: "shipped", actor: "Ada Lovelace", carrier: "UPS", trackingNumber: "1Z999AA1" }, withName);
    expect(shipped.status).toBe(303);
    expect(await statusOf(o.orderNumber)).toBe("shipped");
    const after = await (await call(`/operator/orders/${o.orderNumber}`, { headers: withName })).text();
    expect(after).toMatch(/Marked shipped: UPS, tracking 1Z999AA1<\/span> <span class="operator-who">by <!-- -->Ada Lovelace/);
  });

  it("a refused or invalid form shows why beside it and records nothing", async () => {
    const o = await paidOrder();
    const missing = await post(o.orderNumber, { action: "refund", actor: "", amount: "12.345", reason: "" });
    expect(missing.status).toBe(400);
    const page = await missing.text();
    expect(page).toMatch(/id="refund-amount-error" class="field-error">An amount in dollars and cents/);
    const tooMuch = await post(o.orderNumber, { action: "refund", actor: "Ada", amount: "999999.00", reason: "Too much" });
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.text()).toMatch(/role="alert" class="form-alert">Only \d+ cents are left to refund on this order\./);
    const noName = await post(o.orderNumber, { action: "confirm-availability", actor: "  " });
    expect(noName.status).toBe(400);
    expect(await noName.text()).toContain("Give your name: every action is recorded with who took it");
    expect(await actionsOf(o.orderNumber)).toEqual([]);
    expect(await statusOf(o.orderNumber)).toBe("paid");
  });

  it("robots.txt keeps crawlers out of /operator", async () => {
    expect(await (await call("/robots.txt")).text()).toContain("Disallow: /operator\n");
  });
});
