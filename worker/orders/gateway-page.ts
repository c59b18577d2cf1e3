/**
 * The embedded test gateway's page (`/dev/gateway/{id}`, APP_ENV local only, like /dev/outbox): what a
 * provider's hosted approval page is in production — PayPal's, a card form, Affirm's or Splitit's checkout, a
 * lender's credit application. It shows the amount and the order, and offers that provider's answers
 * (approve, decline; a lender also refers or cancels). The gateway then sends the browser back to the shop,
 * which asks the gateway (the server, not this redirect) what happened. A referred application comes back to
 * this page later for the lender's decision. Elsewhere the path is an unknown page.
 */
import { Hono } from "hono";
import { formatCents } from "#shared/cents.ts";
import type { AppEnv } from "../env";
import { decideLocalPayment, decisionsFor, findLocalPayment, type LocalDecision, type LocalGatewayRow, type LocalStandsFor } from "./payments/local";

const PAGE = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const NAMES: Record<LocalStandsFor, string> = {
  paypal: "PayPal",
  card: "a card provider",
  affirm: "Affirm",
  splitit: "Splitit",
  td: "the financing lender (TD)",
};
const LABELS: Record<LocalDecision, string> = {
  approve: "Approve payment",
  decline: "Decline",
  refer: "Refer for review",
  cancel: "Cancel application",
};
const LENDER_LABELS: Record<LocalDecision, string> = { ...LABELS, approve: "Lender approves", decline: "Lender declines" };
const OUTCOME: Record<LocalDecision, string> = { approve: "approved", decline: "declined", refer: "referred", cancel: "cancelled" };

function buttons(row: LocalGatewayRow): string {
  const labels = row.status === "referred" ? LENDER_LABELS : LABELS;
  return decisionsFor(row)
    .map(
      (d) =>
        `<form method="post" action="/dev/gateway/${escapeHtml(row.id)}/${d}" style="display:inline"><button${d === "approve" ? ' class="approve"' : ""} type="submit">${labels[d]}</button></form>`,
    )
    .join("\n");
}

function page(row: LocalGatewayRow): string {
  const open = decisionsFor(row).length > 0;
  const referred = row.status === "referred";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Test payment — Loupe</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
.amount{font-size:2rem;font-weight:700}button{font:inherit;padding:.6rem 1.2rem;margin:0 .5rem .5rem 0;border-radius:.4rem;border:1px solid #333;cursor:pointer;background:#fff}
.approve{background:#0a6;color:#fff;border-color:#0a6}.note{color:#555;font-size:.9rem}</style></head><body>
<h1>Test payment gateway</h1>
<p class="note">This local gateway stands in for ${escapeHtml(NAMES[row.stands_for] ?? "the payment provider")} while none is configured. No money moves.</p>
<p>${escapeHtml(row.description)}</p><p class="amount">${escapeHtml(formatCents(row.amount_cents))}</p>
${referred ? `<p role="status">The application was referred: the lender decides later.</p>` : ""}
${
  open
    ? `${buttons(row)}${referred ? "" : `\n<p><a href="${escapeHtml(row.cancel_url.replace("{outcome}", "cancelled"))}">Back to the shop without answering</a></p>`}`
    : `<p role="status">This payment was already ${escapeHtml(row.status)}.</p><p><a href="${escapeHtml(row.return_url.replace("{outcome}", "approved"))}">Back to the shop</a></p>`
}
</body></html>`;
}

const ID = "/:id{lgp_[0-9a-f]{32}}";

/** Where the browser goes after a decision: the return page (a `{outcome}` in it names the decision), the cancel page, or — for the lender's later decision — this page again. */
function next(row: LocalGatewayRow, decision: LocalDecision, wasReferred: boolean): string {
  if (wasReferred) return `/dev/gateway/${row.id}`;
  const url = decision === "cancel" ? row.cancel_url : row.return_url;
  return url.replace("{outcome}", OUTCOME[decision]);
}

/** Mounted at `/dev/gateway` before the pages. */
export const devGateway = new Hono<AppEnv>()
  .get(ID, async (c, next) => {
    if (c.env.APP_ENV !== "local") return next();
    const row = await findLocalPayment(c.env.DB, c.req.param("id"));
    return row ? c.body(page(row), 200, PAGE) : c.body("<!doctype html><title>Not found</title><p>No such payment.</p>", 404, PAGE);
  })
  .post(`${ID}/:decision{approve|decline|refer|cancel}`, async (c, go) => {
    if (c.env.APP_ENV !== "local") return go();
    const id = c.req.param("id");
    const before = await findLocalPayment(c.env.DB, id);
    if (!before) return c.body("<!doctype html><title>Not found</title><p>No such payment.</p>", 404, PAGE);
    const decision = c.req.param("decision") as LocalDecision;
    const decided = await decideLocalPayment(c.env.DB, id, decision);
    // An answer the payment's state no longer allows (a double click, an old tab) changes nothing.
    return c.redirect(decided ? next(decided, decision, before.status === "referred") : `/dev/gateway/${id}`, 303);
  });
