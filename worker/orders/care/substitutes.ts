/**
 * GET orders/{n}/substitutes (issue 22 point 4; docs/decisions/035): the order's lines whose retailer said
 * unavailable, each with up to 5 similar available stones (similar.ts) and what choosing one does to the
 * amount due — the price difference and, tax included, what is asked or refunded — and what "Refund me
 * instead" gives back; and the choices already made.
 */
import type { ChoiceMade, Substitute, SubstitutesView } from "#shared/orders/care.ts";
import { amountsFor } from "../lookup/update";
import type { PaymentRow } from "../payments/store";
import { refundable } from "../refunds";
import type { OrderRow } from "../store";
import { orderView } from "../view";
import { type ItemRow, itemsOf, liveItems } from "./items";
import { type StoneRow, similarStones, stoneById, stoneFacts } from "./similar";

/** Statuses in which the shopper may choose (paid: the moment between a line's answer and the order's move). */
export const CHOOSING = ["item_unavailable", "paid"] as const;

/**
 * What changing the order's pre-tax total by `delta` does: the tax and amount due move by the difference of
 * the same computation at both totals (so a stone of the same price moves nothing), for the order's address.
 */
export function amountsAfter(order: OrderRow, delta: number) {
  const address = JSON.parse(order.shipping_json) as { countryCode: string; state: string };
  const before = amountsFor(order, address);
  const after = amountsFor({ ...order, total_cents: Math.max(0, order.total_cents + delta) }, address);
  const amountDifference = after.amountDueCents - before.amountDueCents;
  return {
    totalCents: Math.max(0, order.total_cents + delta),
    taxCents: order.tax_cents + (after.taxCents - before.taxCents),
    amountDueCents: order.amount_due_cents + amountDifference,
    amountDifference,
  };
}

/** What is left to give back on the order: every captured payment less what was refunded. */
export async function leftToRefund(db: D1Database, orderNumber: string): Promise<number> {
  const { results } = await db.prepare("SELECT * FROM payments WHERE order_number = ?").bind(orderNumber).all<PaymentRow>();
  return results.reduce((sum, p) => sum + refundable(p), 0);
}

/** A similar stone as offered for `line`: its facts and the differences it makes. */
export function substituteOf(order: OrderRow, line: ItemRow, d: StoneRow): Substitute {
  const { certificateLab: _, ...facts } = stoneFacts(d);
  const priceDifference = d.price_cents - line.total_cents;
  return { ...facts, priceDifference, amountDifference: amountsAfter(order, priceDifference).amountDifference };
}

interface ChoiceRow {
  id: number;
  line_id: string;
  choice: "substitute" | "refund";
  old_name: string;
  new_name: string | null;
  new_diamond_id: number | null;
  price_difference_cents: number;
  amount_difference_cents: number;
  payment_request_id: string | null;
  at: number;
}

export const choiceOf = (r: ChoiceRow): ChoiceMade => ({
  lineId: r.line_id,
  choice: r.choice,
  oldName: r.old_name,
  newName: r.new_name,
  priceDifference: r.price_difference_cents,
  amountDifference: r.amount_difference_cents,
  paymentRequestId: r.payment_request_id,
  at: r.at,
});

/** The order's choices, oldest first. */
export async function choiceRows(db: D1Database, orderNumber: string): Promise<ChoiceRow[]> {
  const { results } = await db.prepare("SELECT * FROM order_substitutions WHERE order_number = ? ORDER BY id").bind(orderNumber).all<ChoiceRow>();
  return results;
}

/** The stones offered for a line: only a single stone has substitutes (a pair, a setting or a piece of jewellery is refunded). */
export async function offersFor(db: D1Database, order: OrderRow, line: ItemRow): Promise<Substitute[]> {
  if (line.kind !== "diamond" || line.diamond_id === null) return [];
  const stone = await stoneById(db, line.diamond_id);
  if (!stone) return [];
  return (await similarStones(db, { stone, paidCents: line.total_cents })).map((d) => substituteOf(order, line, d));
}

/** The substitutes view of an order the caller may see (worker/middleware/order-access.ts). */
export async function substitutesView(db: D1Database, order: OrderRow): Promise<SubstitutesView> {
  const live = liveItems(await itemsOf(db, order.order_number));
  const waiting = (CHOOSING as readonly string[]).includes(order.status) ? live.filter((i) => i.availability === "unavailable") : [];
  const left = await leftToRefund(db, order.order_number);
  const unavailable = await Promise.all(
    waiting.map(async (line) => {
      const wholeOrder = live.length === 1;
      return {
        lineId: line.line_id,
        name: line.name,
        total: line.total_cents,
        substitutes: await offersFor(db, order, line),
        refund: wholeOrder ? left : Math.min(left, -amountsAfter(order, -line.total_cents).amountDifference),
        wholeOrder,
      };
    }),
  );
  return { order: await orderView(db, order.order_number), unavailable, choices: (await choiceRows(db, order.order_number)).map(choiceOf) };
}
