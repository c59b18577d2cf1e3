/**
 * The substitute page `/orders/substitute/{n}` (issue 22 point 4), as a browser without JavaScript uses it:
 * the emailed link opens it, each unavailable stone lists its similar stones with "Choose this stone" and
 * "Refund me instead", a form post makes the choice and comes back (303) saying what it did.
 */
import { describe, expect, it } from "vitest";
import { call } from "../../helpers";
import { answer, outbox, paidOrder, retailerOf, stoneWith, substitutes } from "./care-helpers";

const post = (path: string, fields: Record<string, string>, cookie = "") =>
  call(path, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test" },
    body: new URLSearchParams(fields),
  });

describe("/orders/substitute/{n}", () => {
  it("opens from the emailed link, lists the stones, and a choice posted without JavaScript comes back paid again", async () => {
    const diamond = await stoneWith((offers, price) => offers.some((o) => o.price_cents < price));
    const { n, email, key } = await paidOrder(diamond);
    await answer(n, [{ lineId: "diamond", available: false }], await retailerOf(diamond));
    const link = new URL((await outbox(email, "order-item-unavailable"))[0]!.link as string);
    expect(link.pathname + link.search).toBe(`/orders/substitute/${n}?key=${key}`);

    const page = await call(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("private");
    const html = await page.text();
    expect(html).toContain("<h1>Choose a substitute</h1>");
    expect(html).toContain("is no longer available");
    const offered = (await substitutes(n, key)).body.unavailable[0]!.substitutes;
    expect(html.match(/>Choose this stone</g)?.length).toBe(offered.length);
    expect(html).toContain("Refund me instead");
    expect(html).toContain('<meta name="robots" content="noindex');

    const cheaper = offered.find((s) => s.priceDifference < 0)!;
    const chosen = await post(link.pathname + link.search, { lineId: "diamond", diamondId: String(cheaper.diamondId) });
    expect(chosen.status).toBe(303);
    const back = chosen.headers.get("location")!;
    expect(back).toBe(`/orders/substitute/${n}?key=${key}&done=diamond`);
    const after = await (await call(back)).text();
    expect(after).toContain("Your new stone is ordered");
    expect(after).toContain(cheaper.name);
    expect(after).toContain("to your payment method");
    expect(after).toContain('data-testid="order-status">paid<');
    // Posting the same form again (a reload) answers the same choice; another choice for the line is refused beside it.
    expect((await post(link.pathname + link.search, { lineId: "diamond", diamondId: String(cheaper.diamondId) })).status).toBe(303);
    const refused = await post(link.pathname + link.search, { lineId: "diamond", refund: "1" });
    expect(refused.status).toBe(409);
  });

  it("is not found without the key or with a wrong one; the owner opens it without the key", async () => {
    const diamond = await stoneWith(() => true);
    const { n, cookie } = await paidOrder(diamond);
    await answer(n, [{ lineId: "diamond", available: false }], await retailerOf(diamond));
    expect((await call(`/orders/substitute/${n}`)).status).toBe(404);
    expect((await call(`/orders/substitute/${n}?key=${"a".repeat(22)}`)).status).toBe(404);
    expect((await post(`/orders/substitute/${n}?key=${"a".repeat(22)}`, { lineId: "diamond", refund: "1" })).status).toBe(404);
    const mine = await call(`/orders/substitute/${n}`, { headers: { cookie } });
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain("Refund me instead");
  });
});
