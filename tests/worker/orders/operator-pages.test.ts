/**
 * `/operator/orders` and `/operator/orders/{n}` as an operator uses them without JavaScript: the admin session from
 * the local login form, the list by state with counts and the search, an order's page with its timeline, an action's
 * form posted as a document (done: back to the page, recorded as the signed-in operator; refused: the reason beside
 * the form), and nothing for anyone else. robots.txt keeps crawlers out of /operator.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, operatorCookie } from "../helpers";
import { actionsOf, freshEmail, paidOrder, statusOf } from "./operator-helpers";

let cookie = "";

const post = (orderNumber: string, fields: Record<string, string>, headers: Record<string, string> = { cookie }) =>
  call(`/operator/orders/${orderNumber}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test", ...headers },
    body: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  cookie = await operatorCookie("/operator/orders");
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

  it("shows an order; a form post marks it shipped, recorded as the signed-in operator, who the timeline shows", async () => {
    const o = await paidOrder();
    const page = await (await call(`/operator/orders/${o.orderNumber}`, { headers: { cookie } })).text();
    expect(page).toContain(`Order <!-- -->${o.orderNumber}`);
    expect(page).toContain('aria-label="Confirm availability"');
    expect(page).not.toContain('aria-label="Mark shipped"');
    expect(page).toContain("Recorded as <!-- -->local-admin<!-- -->.");
    expect(page).not.toContain('name="actor"');
    const confirmed = await post(o.orderNumber, { action: "confirm-availability", actor: "Ada Lovelace" });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(`/operator/orders/${o.orderNumber}?done=confirm-availability`);
    const next = await (await call(`/operator/orders/${o.orderNumber}?done=confirm-availability`, { headers: { cookie } })).text();
    expect(next).toContain("Availability confirmed.");
    const shipped = await post(o.orderNumber, { action: "shipped", carrier: "UPS", trackingNumber: "1Z999AA1" });
    expect(shipped.status).toBe(303);
    expect(await statusOf(o.orderNumber)).toBe("shipped");
    const after = await (await call(`/operator/orders/${o.orderNumber}`, { headers: { cookie } })).text();
    expect(after).toMatch(/Marked shipped: UPS, tracking 1Z999AA1<\/span> <span class="operator-who">by <!-- -->local-admin/);
    expect(after).not.toContain("Ada Lovelace");
  });

  it("a refused or invalid form shows why beside it and records nothing", async () => {
    const o = await paidOrder();
    const missing = await post(o.orderNumber, { action: "refund", amount: "12.345", reason: "" });
    expect(missing.status).toBe(400);
    const page = await missing.text();
    expect(page).toMatch(/id="refund-amount-error" class="field-error">An amount in dollars and cents/);
    const tooMuch = await post(o.orderNumber, { action: "refund", amount: "999999.00", reason: "Too much" });
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.text()).toMatch(/role="alert" class="form-alert">Only \d+ cents are left to refund on this order\./);
    const unknown = await post(o.orderNumber, { action: "launch" });
    expect(unknown.status).toBe(400);
    expect(await actionsOf(o.orderNumber)).toEqual([]);
    expect(await statusOf(o.orderNumber)).toBe("paid");
  });

  it("robots.txt keeps crawlers out of /operator", async () => {
    expect(await (await call("/robots.txt")).text()).toContain("Disallow: /operator\n");
  });
});
