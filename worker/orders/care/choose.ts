/**
 * POST orders/{n}/substitutes (issue 22 point 4; docs/decisions/035): the shopper takes a similar stone for an
 * unavailable one, or that line's money back — once per line. One batch makes the choice: the line's
 * compare-and-set (`availability = 'unavailable'`, the order still waiting, the new stone still free), the
 * order's amounts (compare-and-set on what was read), the payment request for a dearer stone, the record in
 * order_substitutions whose actor is NULL unless every step before changed its row — so a choice made
 * meanwhile, or a stone another order just took, rolls the whole batch back and the call decides afresh.
 * Of 10 concurrent choices for one line: one substitution, one payment request or one refund; the same
 * choice again answers what it did, another is a 409.
 * After the batch: the order follows its lines (settle.ts: back to paid), the new stone's retailer is asked to
 * confirm it, and a cheaper stone's difference (or the line, or the whole order) is refunded through the
 * provider that took the money (refunds.ts, exactly once per refund).
 */
import type { ChoiceResult, SubstituteChoice } from "#shared/orders/care.ts";
import { refused } from "#shared/refusal.ts";
import type { AdapterContext } from "../payments/adapters";
import type { PaymentBindings } from "../payments/providers";
import { type RefundResult, refundOrder } from "../refunds";
import { requestsOf } from "../requests";
import { findOrder, type OrderRow } from "../store";
import { orderView } from "../view";
import { type ItemRow, itemsOf, liveItems } from "./items";
import { askRetailers, type NotifyBindings } from "./notify";
import { type SettleContext, settleOrder } from "./settle";
import { HELD, type StoneRow, similarStone, stoneById, stoneName } from "./similar";
import { amountsAfter, CHOOSING, choiceOf, choiceRows, leftToRefund } from "./substitutes";

export type ChoiceBindings = NotifyBindings & PaymentBindings;
type Context = SettleContext & AdapterContext;

const CHOOSING_SQL = `(${CHOOSING.map((s) => `'${s}'`).join(", ")})`;
const RACE = "NOT NULL constraint failed: order_substitutions.actor";

interface Plan {
  line: ItemRow;
  stone: StoneRow | null;
  amounts: ReturnType<typeof amountsAfter> | null;
  priceDifference: number;
  wholeOrder: boolean;
  left: number;
}

/** The statements of one choice (see the module comment); the last INSERT RETURNs the choice's id. */
function statements(db: D1Database, order: OrderRow, p: Plan, now: number, requestId: string): D1PreparedStatement[] {
  const n = order.order_number;
  const { line, stone } = p;
  const out: D1PreparedStatement[] = [];
  if (stone)
    out.push(
      db
        .prepare(
          `UPDATE order_items SET diamond_id = ?1, name = ?2, sku = ?3, retailer_id = ?4, total_cents = ?5, availability = 'unconfirmed', availability_at = NULL
           WHERE order_number = ?6 AND line_id = ?7 AND availability = 'unavailable' AND diamond_id IS ?8
             AND EXISTS (SELECT 1 FROM orders WHERE order_number = ?6 AND status IN ${CHOOSING_SQL})
             AND EXISTS (SELECT 1 FROM diamonds d WHERE d.id = ?1 AND d.is_sold = 0 AND NOT ${HELD("d")})`,
        )
        .bind(stone.id, stoneName(stone), stone.certificate_id, stone.retailer_id, stone.price_cents, n, line.line_id, line.diamond_id),
    );
  else
    out.push(
      db
        .prepare(
          `UPDATE order_items SET availability = 'refunded', availability_at = ?1 WHERE order_number = ?2 AND line_id = ?3 AND availability = 'unavailable'
             AND EXISTS (SELECT 1 FROM orders WHERE order_number = ?2 AND status IN ${CHOOSING_SQL})`,
        )
        .bind(now, n, line.line_id),
    );
  if (p.amounts) {
    const lines = (JSON.parse(order.lines_json) as { lineId: string; name: string; quantity: number; total: number }[]).flatMap((l) =>
      l.lineId !== line.line_id ? [l] : stone ? [{ ...l, name: stoneName(stone), total: stone.price_cents }] : [],
    );
    out.push(
      db
        .prepare(
          `UPDATE orders SET lines_json = ?1, subtotal_cents = MAX(0, subtotal_cents + ?2), total_cents = ?3, tax_cents = ?4, amount_due_cents = ?5, updated_at = ?6
           WHERE order_number = ?7 AND total_cents = ?8 AND amount_due_cents = ?9 AND lines_json = ?10 AND changes() = 1`,
        )
        .bind(
          JSON.stringify(lines),
          p.priceDifference,
          p.amounts.totalCents,
          p.amounts.taxCents,
          p.amounts.amountDueCents,
          now,
          n,
          order.total_cents,
          order.amount_due_cents,
          order.lines_json,
        ),
    );
    if (stone && p.amounts.amountDifference > 0)
      out.push(
        db
          .prepare("INSERT INTO payment_requests (id, order_number, amount_cents, reason, status, created_at) SELECT ?, ?, ?, ?, 'open', ? WHERE changes() = 1")
          .bind(requestId, n, p.amounts.amountDifference, `The difference for ${stoneName(stone)} in place of ${line.name}`.slice(0, 200), now),
      );
  }
  const amountDifference = p.amounts ? p.amounts.amountDifference : -p.left;
  out.push(
    db
      .prepare(
        `INSERT INTO order_substitutions (order_number, line_id, choice, old_diamond_id, old_name, old_sku, old_retailer_id, old_total_cents, new_diamond_id,
           new_name, new_sku, new_retailer_id, new_total_cents, price_difference_cents, amount_difference_cents, payment_request_id, actor, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CASE WHEN changes() = 1 THEN 'shopper' END, ?) RETURNING id`,
      )
      .bind(
        n,
        line.line_id,
        stone ? "substitute" : "refund",
        line.diamond_id,
        line.name,
        line.sku,
        line.retailer_id,
        line.total_cents,
        stone?.id ?? null,
        stone ? stoneName(stone) : null,
        stone?.certificate_id ?? null,
        stone?.retailer_id ?? null,
        stone?.price_cents ?? null,
        p.priceDifference,
        amountDifference,
        stone && amountDifference > 0 ? requestId : null,
        now,
      ),
    db
      .prepare("INSERT INTO order_actions (order_number, action, actor, detail, at) VALUES (?, ?, 'shopper', ?, ?)")
      .bind(
        n,
        stone ? "substitute-chosen" : "refund-chosen",
        JSON.stringify({ lineId: line.line_id, from: line.diamond_id, to: stone?.id ?? null, amountDifference }),
        now,
      ),
  );
  return out;
}

/** What to do for the choice on the lines as they are now, or why not (a refusal). */
async function plan(db: D1Database, order: OrderRow, items: ItemRow[], choice: SubstituteChoice): Promise<Plan> {
  const live = liveItems(items);
  const line = items.find((i) => i.line_id === choice.lineId) ?? refused("not_found", `No line ${choice.lineId} in this order`);
  if (!(CHOOSING as readonly string[]).includes(order.status) || line.availability !== "unavailable")
    refused("conflict", "This item is not waiting for a choice: it was replaced or refunded already, or the retailer has it.");
  const left = await leftToRefund(db, order.order_number);
  if ("refund" in choice) {
    const wholeOrder = live.length === 1;
    return { line, stone: null, amounts: wholeOrder ? null : amountsAfter(order, -line.total_cents), priceDifference: -line.total_cents, wholeOrder, left };
  }
  const original = line.kind === "diamond" && line.diamond_id !== null ? await stoneById(db, line.diamond_id) : null;
  if (!original) refused("conflict", "There are no substitutes for this item: choose a refund.");
  const stone = await similarStone(db, { stone: original, paidCents: line.total_cents }, choice.diamondId);
  if (!stone) refused("conflict", "That stone is no longer available: choose another, or a refund.");
  const priceDifference = stone.price_cents - line.total_cents;
  return { line, stone, amounts: amountsAfter(order, priceDifference), priceDifference, wholeOrder: false, left };
}

async function answer(db: D1Database, orderNumber: string, choiceId: number, refunds: RefundResult[]): Promise<ChoiceResult> {
  const row = (await choiceRows(db, orderNumber)).find((r) => r.id === choiceId)!;
  const requests = await requestsOf(db, orderNumber);
  return {
    order: await orderView(db, orderNumber),
    choice: choiceOf(row),
    paymentRequest: requests.find((r) => r.id === row.payment_request_id) ?? null,
    refunds: refunds.map((r) => ({ id: r.refund.id, amount: r.refund.amount_cents, status: r.refund.status })),
  };
}

/** The latest choice for the line when it is the same as `choice` (a repeat answers it), else null. */
async function sameChoice(db: D1Database, orderNumber: string, choice: SubstituteChoice) {
  const latest = (await choiceRows(db, orderNumber)).filter((r) => r.line_id === choice.lineId).at(-1);
  if (!latest) return null;
  const same = "refund" in choice ? latest.choice === "refund" : latest.new_diamond_id === choice.diamondId;
  return same ? latest : null;
}

/** Makes the shopper's choice for an unavailable line of `order` (the caller may act on it: worker/middleware/order-access.ts). */
export async function chooseSubstitute(env: ChoiceBindings, order: OrderRow, choice: SubstituteChoice, ctx: Context): Promise<ChoiceResult> {
  const db = env.DB;
  const n = order.order_number;
  let current = order;
  for (let attempt = 0; attempt < 5; attempt++) {
    const items = await itemsOf(db, n);
    const line = items.find((i) => i.line_id === choice.lineId);
    if (line && line.availability !== "unavailable") {
      const repeat = await sameChoice(db, n, choice);
      if (repeat) return answer(db, n, repeat.id, []);
    }
    const p = await plan(db, current, items, choice);
    const requestId = `prq_${crypto.randomUUID().replace(/-/g, "")}`;
    let choiceId: number;
    try {
      const results = await db.batch(statements(db, current, p, ctx.now, requestId));
      choiceId = (results.at(-2)!.results[0] as { id: number }).id;
    } catch (e) {
      if (!String(e).includes(RACE)) throw e;
      // Another choice, or another order taking the stone, came first: read again and decide afresh.
      current = (await findOrder(db, n)) ?? refused("not_found", "No such order");
      continue;
    }
    return afterChoice(env, current, p, choiceId, ctx);
  }
  return refused("conflict", "The order is changing right now; try again.");
}

/** What follows a choice made: the order's status, the new stone's retailer asked, the refund. */
async function afterChoice(env: ChoiceBindings, order: OrderRow, p: Plan, choiceId: number, ctx: Context): Promise<ChoiceResult> {
  const n = order.order_number;
  const tag = `Choice ${choiceId} for ${p.line.line_id}:`;
  if (p.wholeOrder) {
    const refunds = await refundOrder(env, n, null, `${tag} ${p.line.name} is unavailable; the order is refunded`, "shopper", ctx);
    return answer(env.DB, n, choiceId, refunds);
  }
  await settleOrder(env, n, "shopper", ctx);
  if (p.stone) await askRetailers(env, n, { origin: ctx.origin, now: ctx.now, waitUntil: ctx.waitUntil, lineIds: [p.line.line_id] });
  const give = Math.min(-(p.amounts?.amountDifference ?? 0), await leftToRefund(env.DB, n));
  const reason = p.stone ? `${tag} ${stoneName(p.stone)} costs less than ${p.line.name}` : `${tag} ${p.line.name} is unavailable; refunded instead`;
  const refunds = give > 0 ? await refundOrder(env, n, give, reason, "shopper", ctx) : [];
  return answer(env.DB, n, choiceId, refunds);
}
