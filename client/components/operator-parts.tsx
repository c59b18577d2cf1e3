/**
 * Shared by the operator's order pages (client/routes/operator-orders.tsx, operator-order.tsx): their flags, the
 * links between the operators' views, exact amounts and times, and an order's timeline — transitions, operator
 * actions, the providers' events and refunds in the order they happened.
 */
import type { OperatorOrderDetail } from "#shared/orders/operator.ts";
import type { RouteFlags } from "#shared/flags.ts";

/** Operator pages: not indexed, no shopper popups, no footer. */
export const OPERATOR_FLAGS: Partial<RouteFlags> = { preventRobots: true, preventCouponPopup: true, hideOfferLauncher: true, footer: false };

/** `123456` → "$1,234.56": an operator sees exact cents. */
export function usdCents(cents: number): string {
  const sign = cents < 0 ? "−" : "";
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString("en-US")}.${String(abs % 100).padStart(2, "0")}`;
}

/** "2026-11-28 04:40 UTC": the same on the server and in the browser (hydration), whatever the time zone. */
export function when(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** `operator:Ada` → "Ada"; other causes (shopper, provider:paypal, expiry) as they are. */
export const whoOf = (actor: string) => (actor.startsWith("operator:") ? actor.slice("operator:".length) : actor);

/** A wide table that scrolls sideways on a phone, reachable by keyboard (a focusable labelled region). */
export function ScrollTable({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so keyboard users can scroll it (axe scrollable-region-focusable).
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

export function OperatorLinks() {
  return (
    <p className="operator-links">
      <a href="/operator/orders">Orders</a> · <a href="/content">Content</a> · <a href="/gemologist-reviews">Gemologist reviews</a> ·{" "}
      <a href="/experiments">Experiments</a>
    </p>
  );
}

const ACTION_LABEL: Record<string, string> = {
  "confirm-availability": "Availability confirmed",
  "wire-received": "Wire received",
  shipped: "Marked shipped",
  delivered: "Marked delivered",
  cancel: "Cancelled",
  refund: "Refund",
  "resend-email": "Email sent again",
  "auto-refund": "Capture the order could not take, refunded automatically",
};

/** What an action's detail says, in a line. */
function detailOf(action: string, d: Record<string, unknown>): string {
  const s = (k: string) => (typeof d[k] === "string" || typeof d[k] === "number" ? String(d[k]) : "");
  switch (action) {
    case "shipped":
      return `${s("carrier")}, tracking ${s("trackingNumber")}`;
    case "refund":
      return `${typeof d.amountCents === "number" ? usdCents(d.amountCents) : ""} ${s("outcome")}${s("reason") ? `: ${s("reason")}` : ""}`.trim();
    case "resend-email":
      return `${s("template") === "shipping" ? "shipping notice" : "order confirmation"} to ${s("to")}`;
    case "cancel":
      return s("reason");
    case "confirm-availability":
      return `${s("confirmed")} of ${s("lines")} lines confirmed`;
    case "wire-received":
      return typeof d.amountCents === "number" ? usdCents(d.amountCents) : "";
    case "auto-refund":
      return s("message");
    default:
      return "";
  }
}

interface Entry {
  at: number;
  key: string;
  kind: "transition" | "action" | "payment" | "refund";
  text: string;
  who: string;
}

/** Every event of the order, oldest first (ties keep the order of kinds: a transition before its action). */
export function timelineOf(d: OperatorOrderDetail): Entry[] {
  const entries: Entry[] = [
    ...d.transitions.map((t, i) => ({
      at: t.at,
      key: `t${i}`,
      kind: "transition" as const,
      text: `${t.fromStatus.replaceAll("_", " ")} → ${t.toStatus.replaceAll("_", " ")} (${t.event.replaceAll("_", " ")})`,
      who: whoOf(t.cause),
    })),
    ...d.actions.map((a) => {
      const detail = detailOf(a.action, a.detail);
      return {
        at: a.at,
        key: `a${a.id}`,
        kind: "action" as const,
        text: `${ACTION_LABEL[a.action] ?? a.action}${detail ? `: ${detail}` : ""}`,
        who: whoOf(a.actor),
      };
    }),
    ...d.paymentEvents.map((e) => ({
      at: e.at,
      key: `p${e.id}`,
      kind: "payment" as const,
      text: `Payment ${e.kind.replaceAll(":", " ")}${e.verified ? "" : " (unverified)"}`,
      who: e.provider,
    })),
    ...d.refunds.map((r) => ({
      at: r.createdAt,
      key: `r${r.id}`,
      kind: "refund" as const,
      text: `Refund of ${usdCents(r.amount)} ${r.status}${r.failure ? `: ${r.failure}` : ""} — ${r.reason}`,
      who: whoOf(r.actor),
    })),
  ];
  const rank = { transition: 0, payment: 1, refund: 2, action: 3 };
  return entries.sort((a, b) => a.at - b.at || rank[a.kind] - rank[b.kind]);
}

/** The order's timeline as a list: when, what, who. */
export function Timeline({ detail }: { detail: OperatorOrderDetail }) {
  const entries = timelineOf(detail);
  return (
    <ol className="operator-timeline" aria-label="Timeline">
      {entries.map((e) => (
        <li key={e.key} data-kind={e.kind}>
          <time dateTime={new Date(e.at).toISOString()}>{when(e.at)}</time> <span className="operator-what">{e.text}</span>{" "}
          <span className="operator-who">by {e.who}</span>
        </li>
      ))}
    </ol>
  );
}
