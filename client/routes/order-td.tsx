/**
 * `/order/td/approved`, `/order/td/declined`, `/order/td/cancelled`, `/order/td/referred` (§2): where TD (or,
 * locally, the embedded gateway standing in for it) returns the shopper — one page for the four outcomes. The
 * address is not believed: the loader asks the server, which asks the lender about the payment named by
 * `?payment=` (TD's `transactionLink` passed on when present) and applies its answer once; the page shows what
 * the server found. Approved → paid, with a link to the order; declined → pay another way; cancelled → choose
 * again; referred → the lender is reviewing and will email. Every link goes to this site (paths built from the
 * order number, never from the query). docs/decisions/034-td-financing.md
 */
import { data, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { formatCents } from "#shared/cents.ts";
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import { statusOf } from "#shared/refusal.ts";
import { OrderPage, OrderSummary, orderHandle } from "../components/order-parts";
import { serverService } from "../server-page";
import { tdFinanceContext } from "../td-context";

const OUTCOMES = ["approved", "declined", "cancelled", "referred"];

interface TdReturnData {
  /** What the server found; null when it refused (`problem` says why). */
  result: ApprovalResult | null;
  problem: string | null;
  /** This page again, to check while the lender decides (site-relative). */
  again: string;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const outcome = params.outcome ?? "";
  const url = new URL(request.url);
  const payment = url.searchParams.get("payment") ?? "";
  if (!OUTCOMES.includes(outcome) || !/^pay_[0-9a-f]{32}$/.test(payment)) throw data("No such financing application", { status: 404 });
  const again = `/order/td/${outcome}?payment=${payment}`;
  const r = await serverService(context, request, tdFinanceContext).confirmReturn(payment, url.searchParams.get("transactionLink"));
  if (r.ok) return { result: r, problem: null, again } satisfies TdReturnData;
  if (r.kind === "not_found") throw data("No such financing application", { status: 404 });
  return data<TdReturnData>({ result: null, problem: r.message, again }, { status: statusOf(r) });
}

/** The page's heading for what the server found. */
function titleOf(d: TdReturnData | undefined): string {
  switch (d?.result?.outcome) {
    case "paid":
      return "Your financing is approved";
    case "declined":
      return "Your financing application was declined";
    case "cancelled":
      return "Your financing application was cancelled";
    case "referred":
      return "The lender is reviewing your application";
    case "pending":
    case "processing":
      return "Your financing is being confirmed";
    default:
      return "We could not confirm your financing";
  }
}

export const handle = orderHandle<TdReturnData>(titleOf);

/** What the shopper reads, and what they can do next. */
function Outcome({ d }: { d: TdReturnData }) {
  const r = d.result;
  if (!r) {
    return (
      <div className="order-declined">
        <p className="form-alert" role="alert">
          {d.problem}
        </p>
        <p>
          Nothing more was charged. <a href={d.again}>Try again</a>
        </p>
      </div>
    );
  }
  const n = r.order.orderNumber;
  const rePayment = `/orders/re-payment/${n}`;
  switch (r.outcome) {
    case "paid":
      return (
        <div className="order-paid" role="status">
          <p>
            Thank you: the lender approved your financing, and order {n} is paid ({formatCents(r.order.amountDue)}). We email the confirmation to{" "}
            {r.order.email}.
          </p>
          <p>
            <a className="button primary" href={`/orders/${n}/success`}>
              See your order
            </a>
          </p>
        </div>
      );
    case "declined":
      return (
        <div className="order-declined">
          <p className="form-alert" role="alert">
            {r.message}
          </p>
          <p>
            Your order is saved.{" "}
            <a className="button primary" href={rePayment}>
              Pay another way
            </a>
          </p>
        </div>
      );
    case "cancelled":
      return (
        <div className="order-declined" role="status">
          <p>You cancelled the financing application; nothing was charged and your order is saved.</p>
          <p>
            <a className="button primary" href={rePayment}>
              Choose again
            </a>{" "}
            or <a href="/checkout">choose another payment method at checkout</a>.
          </p>
        </div>
      );
    case "referred":
      return (
        <div className="order-pending" role="status">
          <p>
            The lender is reviewing your application for order {n}. It usually decides within a few days; we will email you at {r.order.email} as soon as it
            does. Nothing more to do for now: your order is saved.
          </p>
        </div>
      );
    default:
      return (
        <div className="order-pending" role="status">
          <p>{r.message}</p>
          <p>
            Nothing more to do: this usually takes a moment. <a href={d.again}>Check again</a>
          </p>
        </div>
      );
  }
}

export function Component() {
  const d = useLoaderData<TdReturnData>();
  return (
    <OrderPage title={titleOf(d)}>
      <Outcome d={d} />
      {d.result ? <OrderSummary order={d.result.order} showAddress={false} /> : null}
      <p className="order-links">
        <a href="/my-stuff/orders">Your orders</a> · <a href="/">Continue shopping</a>
      </p>
    </OrderPage>
  );
}
