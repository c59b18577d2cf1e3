/**
 * Retailers confirm their stones (issue 22 point 4): asked by email with a key when the order is paid; every
 * line confirmed → availability_confirmed; a line unavailable → item_unavailable and the shopper emailed a link
 * to choose, once however many answers arrive at once; a retailer answers only for its own lines.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { confirmAvailability } from "#worker/orders/care/availability.ts";
import type { NotifyBindings } from "#worker/orders/care/notify.ts";
import type { ErrorBody } from "../../helpers";
import { call } from "../../helpers";
import { transitions } from "../orders-helpers";
import { ADMIN, answer, outbox, paidOrder, retailerOf, stoneWith, keyFor } from "./care-helpers";

const anyStone = () => stoneWith(() => true);

/** A bracelet variant sold by another retailer than `retailerId`. */
async function braceletNotOf(retailerId: number) {
  return (await env.DB.prepare(
    `SELECT v.id, s.retailer_id FROM settings s JOIN setting_variants v ON v.setting_id = s.id
     WHERE s.item_type_name = 'Bracelet' AND v.is_sold = 0 AND s.retailer_id != ? ORDER BY v.id LIMIT 1`,
  )
    .bind(retailerId)
    .first<{ id: number; retailer_id: number }>())!;
}

async function actions(n: string) {
  const { results } = await env.DB.prepare("SELECT action, actor, detail FROM order_actions WHERE order_number = ? ORDER BY id").bind(n).all<{
    action: string;
    actor: string;
    detail: string;
  }>();
  return results;
}

describe("confirm-order-items-availability", () => {
  it("asks the retailer by email with its key when the order is paid; its confirmation makes the order availability_confirmed, once", async () => {
    const diamond = await anyStone();
    const retailer = await retailerOf(diamond);
    const { n } = await paidOrder(diamond);
    const { email } = (await env.DB.prepare("SELECT email FROM retailers WHERE id = ?").bind(retailer).first<{ email: string }>())!;
    const asked = (await outbox(email, "order-confirm-availability")).filter((d) => d.orderNumber === n);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      retailerId: retailer,
      key: await keyFor(n, retailer),
      stones: [expect.objectContaining({ lineId: "diamond" })],
    });
    expect(asked[0]!.confirmCall).toBe(`PUT https://loupe.test/api/orders/confirm-order-items-availability/${n}`);

    const first = await answer(n, [{ lineId: "diamond", available: true }], retailer, asked[0]!.key as string);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe("availability_confirmed");
    expect(first.body.lines).toEqual([expect.objectContaining({ lineId: "diamond", availability: "confirmed", retailerId: retailer })]);
    // The same answer again (a retry, a second click) changes nothing.
    const again = await answer(n, [{ lineId: "diamond", available: true }], retailer);
    expect(again.body.status).toBe("availability_confirmed");
    expect((await transitions(n)).filter((t) => t.event === "availability_confirmed")).toEqual([
      expect.objectContaining({ from_status: "paid", to_status: "availability_confirmed", cause: `retailer:${retailer}` }),
    ]);
    expect(await actions(n)).toEqual([{ action: "availability", actor: `retailer:${retailer}`, detail: '{"lineId":"diamond","availability":"confirmed"}' }]);
  });

  it("two retailers answering at once (each twice): both lines confirmed, one transition", async () => {
    const diamond = await anyStone();
    const stoneRetailer = await retailerOf(diamond);
    const bracelet = await braceletNotOf(stoneRetailer);
    const { n } = await paidOrder(diamond, { variantId: bracelet.id });
    const lines = (
      await env.DB.prepare("SELECT line_id, retailer_id FROM order_items WHERE order_number = ? ORDER BY line_id").bind(n).all<{
        line_id: string;
        retailer_id: number;
      }>()
    ).results;
    expect(lines.map((l) => l.retailer_id)).toEqual([stoneRetailer, bracelet.retailer_id]);
    const answers = await Promise.all([...lines, ...lines, ...lines].map((l) => answer(n, [{ lineId: l.line_id, available: true }], l.retailer_id)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const order = await env.DB.prepare("SELECT status FROM orders WHERE order_number = ?").bind(n).first<{ status: string }>();
    expect(order?.status).toBe("availability_confirmed");
    expect((await transitions(n)).filter((t) => t.event === "availability_confirmed")).toHaveLength(1);
    expect((await actions(n)).map((a) => a.actor).sort()).toEqual([`retailer:${stoneRetailer}`, `retailer:${bracelet.retailer_id}`].sort());
  });

  it("a stone unavailable: the order waits for the shopper, who is emailed a link to choose — once, for 10 answers at once", async () => {
    const diamond = await anyStone();
    const retailer = await retailerOf(diamond);
    const { n, email, key } = await paidOrder(diamond);
    const answers = await Promise.all(Array.from({ length: 10 }, () => answer(n, [{ lineId: "diamond", available: false }], retailer)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.every((a) => a.body.status === "item_unavailable")).toBe(true);
    const emails = await outbox(email, "order-item-unavailable");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.link).toBe(`https://loupe.test/orders/substitute/${n}?key=${key}`);
    expect((await transitions(n)).filter((t) => t.event === "item_unavailable")).toEqual([
      expect.objectContaining({ from_status: "paid", to_status: "item_unavailable", cause: `retailer:${retailer}` }),
    ]);
    expect(await actions(n)).toHaveLength(1);
  });

  it("a retailer answers only for its own lines; a wrong key or no proof is a 404; an operator answers for any line", async () => {
    const diamond = await anyStone();
    const retailer = await retailerOf(diamond);
    const bracelet = await braceletNotOf(retailer);
    const { n } = await paidOrder(diamond, { variantId: bracelet.id });
    const braceletLine = (await env.DB.prepare("SELECT line_id FROM order_items WHERE order_number = ? AND kind = 'fine-jewelry'").bind(n).first<{
      line_id: string;
    }>())!.line_id;
    // The stone's retailer cannot answer for the bracelet, even with its own valid key.
    const other = await answer(n, [{ lineId: braceletLine, available: false }], retailer);
    expect(other.status).toBe(404);
    expect(other.body.error?.code).toBe("not_found");
    // Another retailer's key does not open this retailer's answers.
    expect((await answer(n, [{ lineId: "diamond", available: true }], retailer, await keyFor(n, bracelet.retailer_id))).status).toBe(404);
    // Nobody: no key, no admin token.
    const anonymous = await call(`/api/orders/confirm-order-items-availability/${n}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ items: [{ lineId: "diamond", available: true }] }),
    });
    expect(anonymous.status).toBe(404);
    expect((await env.DB.prepare("SELECT COUNT(*) AS c FROM order_actions WHERE order_number = ?").bind(n).first<{ c: number }>())?.c).toBe(0);
    // The operator, for both; recorded as the operator (locally "local-admin").
    const res = await call(`/api/orders/confirm-order-items-availability/${n}`, {
      method: "PUT",
      headers: ADMIN,
      body: JSON.stringify({
        items: [
          { lineId: "diamond", available: true },
          { lineId: braceletLine, available: true },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe("availability_confirmed");
    expect((await actions(n)).map((a) => a.actor)).toEqual(["operator:local-admin", "operator:local-admin"]);
    // An answered line answered otherwise is a conflict, and changes nothing.
    const flip = await answer(n, [{ lineId: "diamond", available: false }], retailer);
    expect(flip.status).toBe(409);
    expect((await answer(n, [{ lineId: "diamond", available: true }], retailer)).body.status).toBe("availability_confirmed");
  });

  it("an unpaid order has nothing to confirm (409); an unknown order or line is a 404", async () => {
    const diamond = await anyStone();
    const retailer = await retailerOf(diamond);
    const { n } = await paidOrder(diamond);
    expect((await answer(n, [{ lineId: "wb1", available: true }], retailer)).status).toBe(404);
    expect((await answer("LP0000000001", [{ lineId: "diamond", available: true }])).status).toBe(404);
    await env.DB.prepare("UPDATE orders SET status = 'awaiting_payment' WHERE order_number = ?").bind(n).run();
    const unpaid = await answer(n, [{ lineId: "diamond", available: true }], retailer);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.error?.message).toContain("not paid");
  });

  it("records who and when with the clock it is given (an operator's answer through the service)", async () => {
    const diamond = await anyStone();
    const { n } = await paidOrder(diamond);
    const now = Date.UTC(2031, 0, 2, 3, 4, 5);
    const result = await confirmAvailability(
      env as unknown as NotifyBindings,
      n,
      [{ lineId: "diamond", available: true }],
      { kind: "operator", name: "Maya" },
      { now },
    );
    expect(result.status).toBe("availability_confirmed");
    expect(await env.DB.prepare("SELECT availability, availability_at FROM order_items WHERE order_number = ?").bind(n).first()).toEqual({
      availability: "confirmed",
      availability_at: now,
    });
    expect(await env.DB.prepare("SELECT actor, at FROM order_actions WHERE order_number = ?").bind(n).first()).toEqual({ actor: "operator:Maya", at: now });
    expect(await env.DB.prepare("SELECT cause, at FROM order_transitions WHERE order_number = ? AND event = 'availability_confirmed'").bind(n).first()).toEqual(
      { cause: "operator:Maya", at: now },
    );
  });

  it("bad input answers the 400 envelope, naming the field", async () => {
    const put = (body: unknown, n = "LP0000000002", type = "application/json") =>
      call(`/api/orders/confirm-order-items-availability/${n}`, {
        method: "PUT",
        headers: { ...ADMIN, "content-type": type },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    const cases: [unknown, string][] = [
      [{ items: [] }, "items"],
      [{ items: [{ lineId: "nope", available: true }] }, "items.0.lineId"],
      [{ items: [{ lineId: "diamond", available: "yes" }] }, "items.0.available"],
      [{ items: [{ lineId: "diamond", available: true }], retailerId: 3 }, ""],
      [
        {
          items: [
            { lineId: "diamond", available: true },
            { lineId: "diamond", available: false },
          ],
        },
        "items",
      ],
    ];
    for (const [body, path] of cases) {
      const res = await put(body);
      expect(res.status).toBe(400);
      const error = ((await res.json()) as ErrorBody).error;
      expect(error.code).toBe("bad_request");
      expect(error.details?.map((d) => d.path)).toContain(path);
    }
    expect((await put({ items: [{ lineId: "diamond", available: true }] }, "LP12")).status).toBe(400);
    expect((await put("items=1", "LP0000000002", "text/plain")).status).toBe(415);
  });
});
