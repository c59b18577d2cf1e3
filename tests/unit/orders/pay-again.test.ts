/**
 * Paying again with another method (docs/decisions/064-pay-again-and-remembered-address.md): the rule of which
 * methods an order may switch to, and the pay-again page as the shopper meets it — the methods, its own
 * chosen, one it cannot use disabled with why, the choice posted, a refusal beside the methods.
 */
import { describe, expect, it } from "vitest";
import { PAYPAL_MAX_CENTS } from "#shared/cart/model.ts";
import { amountDueBy, payAgainRefusal, WIRE_ONLY_WHEN_PLACED } from "#shared/orders/pay-again.ts";
import { NUMBER, fakeOrders, mainOf, order, render } from "./pages-fake";

const card = { paymentMethod: "card" as const, amountDueCents: 541_250, totalCents: 500_000, taxCents: 41_250 };

describe("which methods an order may be paid by", () => {
  it("its own always; a wire only when placed by wire; PayPal up to its limit", () => {
    expect(payAgainRefusal(card, "card")).toBeNull();
    expect(payAgainRefusal(card, "affirm")).toBeNull();
    expect(payAgainRefusal(card, "paypal")).toBeNull();
    expect(payAgainRefusal(card, "wire")).toBe(WIRE_ONLY_WHEN_PLACED);
    const big = { ...card, totalCents: PAYPAL_MAX_CENTS, taxCents: 1, amountDueCents: PAYPAL_MAX_CENTS + 1 };
    expect(payAgainRefusal(big, "paypal")).toBe("PayPal takes orders up to $10,000; choose another payment method");
    expect(payAgainRefusal({ ...big, taxCents: 0, amountDueCents: PAYPAL_MAX_CENTS }, "paypal")).toBeNull();
    const wire = { paymentMethod: "wire" as const, amountDueCents: 530_425, totalCents: 500_000, taxCents: 41_250 };
    expect(payAgainRefusal(wire, "wire")).toBeNull();
  });

  it("another method than a wire order's pays the total and tax; the own method its amount due", () => {
    const wire = { paymentMethod: "wire" as const, amountDueCents: 530_425, totalCents: 500_000, taxCents: 41_250 };
    expect(amountDueBy(wire, "wire")).toBe(530_425);
    expect(amountDueBy(wire, "card")).toBe(541_250);
    expect(amountDueBy(card, "paypal")).toBe(541_250);
    // Between the other methods the amount due stays what the order says, however it was computed.
    expect(amountDueBy({ ...card, amountDueCents: 541_300 }, "affirm")).toBe(541_300);
  });
});

describe("/orders/re-payment/{n} with methods to choose", () => {
  const choices = [
    { method: "paypal" as const, current: true, amountDue: 541_250, refusal: null },
    { method: "card" as const, current: false, amountDue: 541_250, refusal: null },
    { method: "wire" as const, current: false, amountDue: 541_250, refusal: WIRE_ONLY_WHEN_PLACED },
  ];

  it("lists the methods, the order's own chosen, one it cannot use disabled with why", async () => {
    const html = mainOf(await (await render(fakeOrders({ choices }).service, `/orders/re-payment/${NUMBER}`)).text());
    expect(html).toContain("<legend>Pay with</legend>");
    expect(html).toMatch(/<input type="radio" name="paymentMethod" checked="" value="paypal"\/> PayPal/);
    expect(html).toMatch(/<input type="radio" name="paymentMethod" value="card"\/> Card/);
    expect(html).toMatch(/<input type="radio" name="paymentMethod" disabled="" value="wire"\/> Bank wire/);
    expect(html).toContain(WIRE_ONLY_WHEN_PLACED.replace(/'/g, "&#x27;"));
  });

  it("posts the method chosen; a refusal about it is said beside the methods, with its status", async () => {
    const orders = fakeOrders({ choices });
    const res = await render(orders.service, `/orders/re-payment/${NUMBER}`, { form: { paymentMethod: "card" } });
    expect(res.status).toBe(303);
    expect(orders.argsOf("repay")).toEqual([[NUMBER, "card"]]);
    orders.refuse("repay", { ok: false, kind: "bad_request", message: "Not this one.", details: [{ path: "paymentMethod", message: "Not this one." }] });
    const refused = await render(orders.service, `/orders/re-payment/${NUMBER}`, { form: { paymentMethod: "card" } });
    expect(refused.status).toBe(400);
    expect(mainOf(await refused.text())).toMatch(/<fieldset class="pay-methods">.*<p class="field-error" role="alert">Not this one.<\/p><\/fieldset>/);
    const unknown = await render(orders.service, `/orders/re-payment/${NUMBER}`, { form: { paymentMethod: "bitcoin" } });
    expect(unknown.status).toBe(400);
    expect(orders.argsOf("repay")).toHaveLength(2);
  });

  it("a wire order offers the card at its price without the wire's saving", async () => {
    const wireOrder = order({ paymentMethod: "wire", amountDue: 530_425 });
    const offered = [
      { method: "wire" as const, current: true, amountDue: 530_425, refusal: null },
      { method: "card" as const, current: false, amountDue: 541_250, refusal: null },
    ];
    const html = mainOf(await (await render(fakeOrders({ orders: [wireOrder], choices: offered }).service, `/orders/re-payment/${NUMBER}`)).text());
    expect(html).toMatch(/value="card"\/> Card \(\$5,412\.50\)/);
  });
});
