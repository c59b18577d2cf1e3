/**
 * The embedded test gateway's page (`/dev/gateway/{id}`, APP_ENV local only, like /dev/outbox): what a
 * provider's hosted approval page is in production. It shows the amount and the order, and the shopper
 * approves or declines; the gateway then sends the browser back to the shop, which asks the gateway (the
 * server, not this redirect) whether the payment went through. Elsewhere the path is an unknown page.
 */
import { Hono } from "hono";
import { formatUsd } from "#shared/money.ts";
import type { AppEnv } from "../env";
import { decideLocalPayment, findLocalPayment, type LocalGatewayRow } from "./payments/local";

const PAGE = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(row: LocalGatewayRow): string {
  const decided = row.status !== "created";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Test payment — Loupe</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
.amount{font-size:2rem;font-weight:700}button{font:inherit;padding:.6rem 1.2rem;margin-right:.5rem;border-radius:.4rem;border:1px solid #333;cursor:pointer}
.approve{background:#0a6;color:#fff;border-color:#0a6}.note{color:#555;font-size:.9rem}</style></head><body>
<h1>Test payment gateway</h1>
<p class="note">This local gateway stands in for PayPal and the card providers while none is configured. No money moves.</p>
<p>${escapeHtml(row.description)}</p><p class="amount">${escapeHtml(formatUsd(row.amount_cents))}</p>
${
  decided
    ? `<p role="status">This payment was already ${escapeHtml(row.status)}.</p><p><a href="${escapeHtml(row.return_url)}">Back to the shop</a></p>`
    : `<form method="post" action="/dev/gateway/${escapeHtml(row.id)}/approve" style="display:inline"><button class="approve" type="submit">Approve payment</button></form>
<form method="post" action="/dev/gateway/${escapeHtml(row.id)}/decline" style="display:inline"><button type="submit">Decline</button></form>
<p><a href="${escapeHtml(row.cancel_url)}">Cancel and return to the shop</a></p>`
}
</body></html>`;
}

const ID = "/:id{lgp_[0-9a-f]{32}}";

/** Mounted at `/dev/gateway` before the pages. */
export const devGateway = new Hono<AppEnv>()
  .get(ID, async (c, next) => {
    if (c.env.APP_ENV !== "local") return next();
    const row = await findLocalPayment(c.env.DB, c.req.param("id"));
    return row ? c.body(page(row), 200, PAGE) : c.body("<!doctype html><title>Not found</title><p>No such payment.</p>", 404, PAGE);
  })
  .post(`${ID}/:decision{approve|decline}`, async (c, next) => {
    if (c.env.APP_ENV !== "local") return next();
    const id = c.req.param("id");
    await decideLocalPayment(c.env.DB, id, c.req.param("decision") === "approve");
    const row = await findLocalPayment(c.env.DB, id);
    if (!row) return c.body("<!doctype html><title>Not found</title><p>No such payment.</p>", 404, PAGE);
    return c.redirect(row.return_url, 303);
  });
