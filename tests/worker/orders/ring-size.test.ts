/**
 * A ring ordered without its size (issue 22 point 4): the cart's "I don't know my size yet", checkout with it,
 * the order's line stored with size NULL, the email after payment (once, however many senders), the calls that
 * list and take the missing sizes (key holder or owner, validated, all or nothing, one of concurrent adds).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AddMissingRingSizeResult, MissingRingSizes } from "#shared/orders/ring-size.ts";
import { ordersCronWork } from "#worker/orders/expiry.ts";
import { askForMissingSizes } from "#worker/orders/ring-size/notify.ts";
import { applyEvent } from "#worker/orders/store.ts";
import { call, type ErrorBody } from "../helpers";
import { visitor } from "../cart/cart-helpers";
import { keyOf } from "./lookup/lookup-helpers";
import { addCall, emailsTo, missingCall, orderItems, payAtGateway, ringShopper } from "./ring-size-helpers";

const SITE = "https://loupe.test";

describe("the cart: I don't know my size yet", () => {
  it("lets a ring go to checkout without its size, and a size chosen later replaces the choice", async () => {
    const s = await ringShopper("cart");
    expect(s.cart).toMatchObject({ RingSize: null, RingSizeLater: true, RingSizeError: null });
    expect(s.cart.EngagementRings[0]).toMatchObject({ RingSize: null, RingSizeLater: true });
    expect(s.cart.EngagementRings[0]!.setting!.sizeLater).toBe(true);
    const sized = await s.ok({ type: "set-ring-size", ringSize: 6.5 });
    expect(sized).toMatchObject({ RingSize: 6.5, RingSizeLater: false, RingSizeError: null });
    const none = await s.ok({ type: "set-ring-size", ringSize: null });
    expect(none).toMatchObject({ RingSize: null, RingSizeLater: false, RingSizeError: "Choose a ring size" });
    // Only the ring and wedding bands take a size.
    expect((await s.send({ type: "set-ring-size-later", lineId: "diamond" })).status).toBe(400);
    expect((await s.send({ type: "set-ring-size-later", lineId: "wb999" })).status).toBe(404);
    const empty = await visitor();
    expect((await empty.send({ type: "set-ring-size-later" })).status).toBe(409);
  });

  it("lets a wedding band go without its size too", async () => {
    const s = await ringShopper("band", { band: true });
    const band = s.cart.WeddingBands[0]!;
    expect(band).toMatchObject({ size: null, sizeLater: true });
    expect(s.cart.BandSizeErrors).toEqual({});
    const sized = await s.ok({ type: "update", lineId: band.lineId, size: 7 });
    expect(sized.WeddingBands[0]).toMatchObject({ size: 7, sizeLater: false });
  });
});

describe("a ring ordered with its size later", () => {
  it("checks out with size NULL; once paid the shopper is emailed the link; the sizes given through it are stored", async () => {
    const s = await ringShopper("flow");
    const placed = await s.place();
    const n = placed.order.orderNumber;
    expect(await orderItems(n)).toEqual([
      { line_id: "diamond", kind: "diamond", size: null, size_required: 0 },
      { line_id: "setting", kind: "setting", size: null, size_required: 1 },
    ]);
    // Nothing is asked before payment.
    expect(await emailsTo(s.email, "missing-ring-size")).toEqual([]);
    await payAtGateway(placed);

    const [email, ...more] = await emailsTo(s.email, "missing-ring-size");
    expect(more).toEqual([]);
    const key = await keyOf(n);
    expect(email!.data).toMatchObject({
      orderNumber: n,
      link: `https://loupe.test/orders/missing-ring-size/${n}?key=${encodeURIComponent(key)}`,
      guideLink: "https://loupe.test/faq#ring-size",
    });
    expect(email!.data.items).toEqual([{ name: placed.order.lines.find((l) => l.lineId === "setting")!.name }]);

    // The link's key shows the missing line; so does the owner's browser without a key.
    const linkKey = new URL(String(email!.data.link)).searchParams.get("key")!;
    const listed = await missingCall(n, { key: linkKey });
    expect(listed.status).toBe(200);
    const missing = (await listed.json()) as MissingRingSizes;
    expect(missing).toMatchObject({ orderNumber: n, status: "paid", open: true, sizes: { min: 3, max: 13, step: 0.25 } });
    expect(missing.lines).toEqual([{ lineId: "setting", name: expect.any(String), kind: "setting", quantity: 1 }]);
    expect((await missingCall(n, {}, s.headers)).status).toBe(200);

    const added = await addCall(n, { orderNumber: n, key: linkKey, items: [{ lineId: "setting", size: 6.75 }] });
    expect(added.status).toBe(200);
    const result = (await added.json()) as AddMissingRingSizeResult;
    expect(result.saved).toEqual([{ lineId: "setting", size: 6.75 }]);
    expect(result.missing.lines).toEqual([]);
    expect((await orderItems(n)).find((i) => i.line_id === "setting")!.size).toBe(6.75);
    const action = await env.DB.prepare("SELECT action, actor, detail FROM order_actions WHERE order_number = ?").bind(n).all();
    expect(action.results).toEqual([
      { action: "add-missing-ring-size", actor: "shopper", detail: JSON.stringify({ items: [{ lineId: "setting", size: 6.75 }] }) },
    ]);
    // Nothing missing any more: the list is empty, and a second size for the line is refused.
    expect(((await (await missingCall(n, { key })).json()) as MissingRingSizes).lines).toEqual([]);
    const again = await addCall(n, { orderNumber: n, key, items: [{ lineId: "setting", size: 7 }] });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toMatch(/already has its size/);
  });

  it("answers 404 to a wrong key, someone else's browser and an unknown order; 400 to a bad size in the envelope", async () => {
    const s = await ringShopper("refuse");
    const placed = await s.place();
    const n = placed.order.orderNumber;
    await payAtGateway(placed);
    const key = await keyOf(n);
    const other = await visitor();
    expect((await missingCall(n, { key: "x".repeat(22) })).status).toBe(404);
    expect((await missingCall(n, {}, { cookie: other.cookie })).status).toBe(404);
    expect((await missingCall("LP0000000000", { key })).status).toBe(404);
    expect((await addCall(n, { orderNumber: n, key: "x".repeat(22), items: [{ lineId: "setting", size: 6 }] })).status).toBe(404);

    const bad = await addCall(n, { orderNumber: n, key, items: [{ lineId: "setting", size: 6.3 }] });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as ErrorBody;
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details).toEqual([{ path: "items.0.size", message: "size must be 3-13 in quarter sizes" }]);
    expect((await addCall(n, { orderNumber: n, key, items: [{ lineId: "setting", size: 13.25 }] })).status).toBe(400);
    const mismatch = await addCall(n, { orderNumber: "LP0000000001", key, items: [{ lineId: "setting", size: 6 }] });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as ErrorBody).error.details).toEqual([{ path: "orderNumber", message: "must be the order number of the path" }]);
    expect((await addCall(n, { orderNumber: n, key, items: [{ lineId: "wb77", size: 6 }] })).status).toBe(404);
    expect((await addCall(n, { orderNumber: n, key, items: [{ lineId: "diamond", size: 6 }] })).status).toBe(400);
    // None of it stored anything.
    expect((await orderItems(n)).find((i) => i.line_id === "setting")!.size).toBeNull();
    expect((await env.DB.prepare("SELECT COUNT(*) AS c FROM order_actions WHERE order_number = ?").bind(n).first<{ c: number }>())!.c).toBe(0);
  });

  it("takes the ring's and the band's sizes in one call; of 10 concurrent adds one is recorded, the others 409", async () => {
    const s = await ringShopper("concurrent", { band: true });
    const placed = await s.place();
    const n = placed.order.orderNumber;
    await payAtGateway(placed);
    const key = await keyOf(n);
    const missing = (await (await missingCall(n, { key })).json()) as MissingRingSizes;
    expect(missing.lines.map((l) => l.kind)).toEqual(["setting", "wedding-band"]);
    const items = missing.lines.map((l, i) => ({ lineId: l.lineId, size: 5 + i * 0.25 }));
    const answers = await Promise.all(Array.from({ length: 10 }, () => addCall(n, { orderNumber: n, key, items })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const actions = await env.DB.prepare("SELECT COUNT(*) AS c FROM order_actions WHERE order_number = ? AND action = 'add-missing-ring-size'")
      .bind(n)
      .first<{ c: number }>();
    expect(actions!.c).toBe(1);
    expect((await orderItems(n)).filter((i) => i.size_required === 1).map((i) => i.size)).toEqual(
      items.sort((a, b) => a.lineId.localeCompare(b.lineId)).map((i) => i.size),
    );
  });

  it("asks exactly once however many senders run at once (the payment's, the cron's sweeps)", async () => {
    const s = await ringShopper("once");
    const placed = await s.place();
    const n = placed.order.orderNumber;
    // Paid without a request behind it (no notice): only the sweeps ask.
    const now = Date.now();
    await applyEvent(env.DB, n, "payment_captured", "operator", now);
    expect(await emailsTo(s.email, "missing-ring-size")).toEqual([]);
    const runs = await Promise.all([
      ...Array.from({ length: 5 }, () => ordersCronWork(env, now)),
      ...Array.from({ length: 5 }, () => askForMissingSizes(env, n, SITE, now)),
    ]);
    const sent = runs.filter((r) => (typeof r === "boolean" ? r : r.asked.includes(n)));
    expect(sent).toHaveLength(1);
    const emails = await emailsTo(s.email, "missing-ring-size");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.data.link).toBe(`${SITE}/orders/missing-ring-size/${n}?key=${encodeURIComponent(await keyOf(n))}`);
    // Later runs find nothing to ask.
    expect((await ordersCronWork(env, now + 300_000)).asked).not.toContain(n);
    expect(await emailsTo(s.email, "missing-ring-size")).toHaveLength(1);
  });

  it("has its page: a size select per missing line and the guide; the form saves as a document; a wrong key is not found", async () => {
    const s = await ringShopper("page");
    const placed = await s.place();
    const n = placed.order.orderNumber;
    await payAtGateway(placed);
    const page = `/orders/missing-ring-size/${n}?key=${encodeURIComponent(await keyOf(n))}`;
    const html = { accept: "text/html" };
    expect((await call(`/orders/missing-ring-size/${n}?key=${"x".repeat(22)}`, { headers: html })).status).toBe(404);
    expect((await call(`/orders/missing-ring-size/${n}`, { headers: html })).status).toBe(404);
    const shown = await call(page, { headers: html });
    expect(shown.status).toBe(200);
    const body = await shown.text();
    expect(body).toContain('name="size.setting"');
    expect(body).toContain('href="/faq#ring-size"');
    const posted = await call(page, {
      method: "POST",
      headers: { ...html, "content-type": "application/x-www-form-urlencoded", origin: "https://loupe.test" },
      body: "size.setting=7.5",
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("Thank you: the size is saved (size 7.5).");
    expect((await orderItems(n)).find((i) => i.line_id === "setting")!.size).toBe(7.5);
    expect(await (await call(page, { headers: html })).text()).toContain("is not missing any size");
  });

  it("does not ask an order that has every size", async () => {
    const s = await ringShopper("sized");
    await s.ok({ type: "set-ring-size", ringSize: 8 });
    const placed = await s.place();
    await payAtGateway(placed);
    expect((await orderItems(placed.order.orderNumber)).find((i) => i.line_id === "setting")!.size).toBe(8);
    expect(await emailsTo(s.email, "missing-ring-size")).toEqual([]);
  });
});
