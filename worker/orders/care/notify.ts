/**
 * Who is told what about availability (docs/decisions/035-availability-and-substitutes.md): each retailer of a
 * paid order's unconfirmed lines gets "please confirm these stones" with its key; the shopper whose stone is
 * unavailable gets the link to choose. Rows go straight into the outbox (worker/email/outbox.ts), in the
 * batch of the change they announce where there is one, so the change and its email happen together or not
 * at all. A retailer's address comes from the directory and gets an email for every paid order: it has the
 * gate's retailer cap instead of the per-recipient one (worker/email/gate.ts).
 */
import { deliverRows, type EmailBindings, outboxRowStatement, returnedIds } from "../../email/outbox";
import { type OrderKeyBindings, orderKey } from "../keys";
import { siteOrigin as configuredOrigin } from "../../platform/config";
import { retailerKey } from "./keys";

export type NotifyBindings = EmailBindings & OrderKeyBindings & { SITE_ORIGIN?: string };

/** Where emails link to: the origin the caller passed (itself `SITE_ORIGIN`), else the configured site's. */
export const siteOrigin = (env: { APP_ENV?: string; SITE_ORIGIN?: string }, origin?: string) => origin ?? configuredOrigin(env);

interface AskRow {
  line_id: string;
  name: string;
  sku: string | null;
  retailer_id: number;
  retailer_name: string;
  retailer_email: string;
}

/**
 * Asks each retailer of the order's unconfirmed lines (only `lineIds` when given: a substitute's new stone)
 * to confirm them: one email per retailer with its stones and its key. Resolves to how many were queued.
 */
export async function askRetailers(
  env: NotifyBindings,
  orderNumber: string,
  o: { origin?: string; now: number; waitUntil?: (p: Promise<unknown>) => void; lineIds?: string[] },
): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT i.line_id, i.name, i.sku, i.retailer_id, r.name AS retailer_name, r.email AS retailer_email
     FROM order_items i JOIN retailers r ON r.id = i.retailer_id
     WHERE i.order_number = ?1 AND i.availability = 'unconfirmed' AND (?2 IS NULL OR i.line_id IN (SELECT value FROM json_each(?2)))
     ORDER BY i.retailer_id, i.line_id`,
  )
    .bind(orderNumber, o.lineIds ? JSON.stringify(o.lineIds) : null)
    .all<AskRow>();
  const byRetailer = new Map<number, AskRow[]>();
  for (const row of results) if (row.retailer_email.includes("@")) byRetailer.set(row.retailer_id, [...(byRetailer.get(row.retailer_id) ?? []), row]);
  if (byRetailer.size === 0) return 0;
  const origin = siteOrigin(env, o.origin);
  const statements: D1PreparedStatement[] = [];
  for (const [retailerId, rows] of byRetailer)
    statements.push(
      outboxRowStatement(
        env,
        {
          clientIp: null,
          retailer: true,
          message: {
            to: rows[0]!.retailer_email,
            template: "order-confirm-availability",
            data: {
              retailerName: rows[0]!.retailer_name,
              orderNumber,
              stones: rows.map((r) => ({ lineId: r.line_id, name: r.name, sku: r.sku })),
              retailerId,
              key: await retailerKey(env, orderNumber, retailerId),
              confirmCall: `PUT ${new URL(`/api/orders/confirm-order-items-availability/${orderNumber}`, origin).toString()}`,
              referenceLink: new URL("/api/openapi.json", origin).toString(),
            },
          },
        },
        o.now,
      ),
    );
  deliverRows(env, returnedIds(await env.DB.batch(statements)), o.now, o.waitUntil);
  return statements.length;
}

/** The shopper's link to choose a substitute or a refund: `/orders/substitute/{n}?key=…` (the order's key). */
export async function substituteLink(env: OrderKeyBindings, orderNumber: string, origin: string): Promise<string> {
  const url = new URL(`/orders/substitute/${orderNumber}`, origin);
  url.searchParams.set("key", await orderKey(env, orderNumber));
  return url.toString();
}

/** The statement that emails the shopper the lines now unavailable and the link to choose. */
export async function unavailableEmailStatement(
  env: NotifyBindings,
  order: { order_number: string; email: string },
  items: { name: string }[],
  origin: string | undefined,
  now: number,
): Promise<D1PreparedStatement> {
  return outboxRowStatement(
    env,
    {
      clientIp: null,
      message: {
        to: order.email,
        template: "order-item-unavailable",
        data: {
          orderNumber: order.order_number,
          items: items.map((i) => ({ name: i.name })),
          link: await substituteLink(env, order.order_number, siteOrigin(env, origin)),
        },
      },
    },
    now,
  );
}
