/**
 * What the operator reads (issue 22 point 6): orders newest first by state, searched by number or email, with the
 * count of every state; and one order with everything that happened to it — its items and their availability,
 * payments and what was given back, refunds, transitions, the operators' actions, the providers' events and the
 * emails its address was sent.
 */
import type { OperatorActionName, OperatorOrderDetail, OperatorOrderList, ProviderSideView } from "#shared/orders/operator.ts";
import { OPERATOR_PAGE_SIZE } from "#shared/orders/operator.ts";
import { isUnpaid, ORDER_STATUSES, type OrderStatus, statusLabel, transition } from "#shared/orders/states.ts";
import { refused } from "#shared/refusal.ts";
import { type PaymentRow, paymentsOf, type ProviderState } from "../payments/store";
import { refundable, refundsOf } from "../refunds";
import { findOrder, transitionsOf } from "../store";
import { orderView } from "../view";

/** `%`, `_` and `\` matched literally in a LIKE pattern (ESCAPE '\'). */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search's condition: an order number from its start (LP…), else part of the email, case-insensitively. */
function searchOf(q: string | undefined): { sql: string; binds: string[] } {
  const text = q?.trim() ?? "";
  if (!text) return { sql: "1 = 1", binds: [] };
  if (/^lp\d{0,10}$/i.test(text)) return { sql: "order_number LIKE ? ESCAPE '\\'", binds: [`${likeLiteral(text.toUpperCase())}%`] };
  return { sql: "lower(email) LIKE ? ESCAPE '\\'", binds: [`%${likeLiteral(text.toLowerCase())}%`] };
}

interface ListRow {
  order_number: string;
  status: OrderStatus;
  email: string;
  shipping_json: string;
  created_at: number;
  paid_at: number | null;
  amount_due_cents: number;
  payment_method: string;
  items: number;
}

/** A page of orders newest first (every state but drafts unless `status` says otherwise) and the counts per state. */
export async function operatorOrders(db: D1Database, query: { status?: OrderStatus; q?: string; page: number }): Promise<OperatorOrderList> {
  const search = searchOf(query.q);
  const shown = query.status ? { sql: "status = ?", binds: [query.status] } : { sql: "status != 'drafted'", binds: [] };
  const where = `${search.sql} AND ${shown.sql}`;
  const binds = [...search.binds, ...shown.binds];
  const [counted, listed] = await db.batch([
    db.prepare(`SELECT status, COUNT(*) AS n FROM orders WHERE ${search.sql} GROUP BY status`).bind(...search.binds),
    db
      .prepare(
        `SELECT o.order_number, o.status, o.email, o.shipping_json, o.created_at, o.paid_at, o.amount_due_cents, o.payment_method,
           (SELECT COALESCE(SUM(quantity), 0) FROM order_items i WHERE i.order_number = o.order_number) AS items
         FROM orders o WHERE ${where} ORDER BY o.created_at DESC, o.order_number DESC LIMIT ? OFFSET ?`,
      )
      .bind(...binds, OPERATOR_PAGE_SIZE, (query.page - 1) * OPERATOR_PAGE_SIZE),
  ]);
  const byStatus = new Map((counted!.results as { status: OrderStatus; n: number }[]).map((r) => [r.status, r.n]));
  const total = query.status ? (byStatus.get(query.status) ?? 0) : [...byStatus].filter(([s]) => s !== "drafted").reduce((sum, [, n]) => sum + n, 0);
  return {
    orders: (listed!.results as ListRow[]).map((r) => ({
      orderNumber: r.order_number,
      status: r.status,
      statusLabel: statusLabel(r.status),
      email: r.email,
      name: String((JSON.parse(r.shipping_json) as { name?: unknown }).name ?? ""),
      createdAt: r.created_at,
      paidAt: r.paid_at,
      amountDue: r.amount_due_cents,
      paymentMethod: r.payment_method,
      items: r.items,
    })),
    counts: ORDER_STATUSES.map((status) => ({ status, label: statusLabel(status), count: byStatus.get(status) ?? 0 })),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / OPERATOR_PAGE_SIZE)),
  };
}

interface ItemRow {
  line_id: string;
  name: string;
  quantity: number;
  total_cents: number;
  kind: string | null;
  sku: string | null;
  retailer_id: number | null;
  size: number | null;
  size_required: number;
  availability: OperatorOrderDetail["items"][number]["availability"];
  availability_at: number | null;
}

interface AfterOrderRow {
  carrier: string | null;
  tracking_number: string | null;
  shipped_at: number | null;
  delivered_at: number | null;
  contact_customer: number;
}

const parseDetail = (json: string): Record<string, unknown> => {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { text: json };
  }
};

/** The actions the order's state allows now (the page offers their forms; the service checks again when one is taken). */
function allowedActions(status: OrderStatus, paymentMethod: string, refundableCents: number, openWire: boolean): OperatorActionName[] {
  const can = (event: Parameters<typeof transition>[1]) => {
    const t = transition(status, event);
    return t.ok && t.changed;
  };
  const allowed: OperatorActionName[] = [];
  if (can("availability_confirmed")) allowed.push("confirm-availability");
  if (paymentMethod === "wire" && openWire && (isUnpaid(status) || status === "expired")) allowed.push("wire-received");
  if (can("shipped")) allowed.push("shipped");
  if (can("delivered")) allowed.push("delivered");
  if (can("cancel")) allowed.push("cancel");
  if (refundableCents > 0) allowed.push("refund");
  allowed.push("resend-email");
  return allowed;
}

/** What the payment's provider last said (stored on the payment whenever it is asked). */
function providerSideOf(p: PaymentRow): ProviderSideView {
  let state: Partial<ProviderState> = {};
  try {
    state = p.provider_state ? (JSON.parse(p.provider_state) as ProviderState) : {};
  } catch {
    state = {};
  }
  return {
    paymentId: p.id,
    providerPaymentId: p.provider_payment_id,
    status: state.status ?? null,
    checkedAt: p.provider_checked_at,
    captureId: state.captureId ?? null,
    refundId: state.refundId ?? null,
    reason: state.reason ?? null,
  };
}

/** One order as the operator sees it (404 for an unknown one). */
export async function operatorOrder(db: D1Database, orderNumber: string): Promise<OperatorOrderDetail> {
  const row = await findOrder(db, orderNumber);
  if (!row) refused("not_found", `No order ${orderNumber}`);
  const [order, payments, refunds, transitions, lists] = await Promise.all([
    orderView(db, orderNumber),
    paymentsOf(db, orderNumber),
    refundsOf(db, orderNumber),
    transitionsOf(db, orderNumber),
    db.batch([
      db
        .prepare(
          `SELECT line_id, name, quantity, total_cents, kind, sku, retailer_id, size, size_required, availability, availability_at
           FROM order_items WHERE order_number = ? ORDER BY line_id`,
        )
        .bind(orderNumber),
      db.prepare("SELECT id, action, actor, detail, at FROM order_actions WHERE order_number = ? ORDER BY id").bind(orderNumber),
      db.prepare("SELECT id, payment_id, provider, kind, verified, at FROM payment_events WHERE order_number = ? ORDER BY id").bind(orderNumber),
      db
        .prepare(
          `SELECT id, template, status, created_at, sent_at, instr(data, ?) > 0 AS about FROM email_outbox
           WHERE recipient = ? AND created_at >= ? ORDER BY id DESC LIMIT 50`,
        )
        .bind(orderNumber, row.email, row.created_at),
      db.prepare("SELECT carrier, tracking_number, shipped_at, delivered_at, contact_customer FROM orders WHERE order_number = ?").bind(orderNumber),
    ]),
  ]);
  const [items, actions, events, emails, after] = lists as [
    D1Result<ItemRow>,
    D1Result<{ id: number; action: string; actor: string; detail: string; at: number }>,
    D1Result<{ id: number; payment_id: string | null; provider: string; kind: string; verified: number; at: number }>,
    D1Result<{ id: number; template: string; status: string; created_at: number; sent_at: number | null; about: number }>,
    D1Result<AfterOrderRow>,
  ];
  const underWay = refunds.filter((r) => r.status === "requested").reduce((sum, r) => sum + r.amount_cents, 0);
  const left = Math.max(0, payments.reduce((sum, p) => sum + refundable(p), 0) - underWay);
  const openWire = payments.some((p) => p.provider === "wire" && (p.status === "pending" || p.status === "created" || p.status === "cancelled"));
  const facts = after.results[0]!;
  const lineIndex = (lineId: string) => order.lines.findIndex((l) => l.lineId === lineId);
  return {
    order,
    // In the order's own line order (order_items has no rowid).
    items: [...items.results]
      .sort((a, b) => lineIndex(a.line_id) - lineIndex(b.line_id))
      .map((i) => ({
        lineId: i.line_id,
        name: i.name,
        quantity: i.quantity,
        total: i.total_cents,
        kind: i.kind,
        sku: i.sku,
        retailerId: i.retailer_id,
        size: i.size,
        sizeRequired: i.size_required === 1,
        availability: i.availability,
        availabilityAt: i.availability_at,
      })),
    providerSide: payments.map(providerSideOf),
    refunds: refunds.map((r) => ({
      id: r.id,
      paymentId: r.payment_id,
      amount: r.amount_cents,
      reason: r.reason,
      status: r.status,
      providerRefundId: r.provider_refund_id,
      failure: r.failure,
      actor: r.actor,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
    transitions,
    actions: actions.results.map((a) => ({ id: a.id, action: a.action, actor: a.actor, detail: parseDetail(a.detail), at: a.at })),
    paymentEvents: events.results.map((e) => ({ id: e.id, paymentId: e.payment_id, provider: e.provider, kind: e.kind, verified: e.verified === 1, at: e.at })),
    emails: emails.results.map((e) => ({
      id: e.id,
      template: e.template,
      status: e.status,
      createdAt: e.created_at,
      sentAt: e.sent_at,
      aboutOrder: e.about === 1,
    })),
    shipping: { carrier: facts.carrier, trackingNumber: facts.tracking_number, shippedAt: facts.shipped_at, deliveredAt: facts.delivered_at },
    contactCustomer: facts.contact_customer === 1,
    refundable: left,
    allowed: allowedActions(row.status, row.payment_method, left, openWire),
  };
}
