import { data, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { OperatorOrderList } from "#shared/orders/operator.ts";
import { operatorOrdersContext } from "../operator-orders-context";
import { OPERATOR_FLAGS, OperatorLinks, ScrollTable, usdCents, when } from "../components/operator-parts";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";

/**
 * `/operator/orders`: the operators' orders (admin token, like /experiments; anyone else gets the not-found page),
 * newest first, by state — a tab per state with its count — and searched by order number or email. A plain GET
 * form and links: it works without JavaScript. Each order opens `/operator/orders/{n}`.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = {
    status: url.searchParams.get("status") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  };
  const list = await serverService(context, request, operatorOrdersContext).list(query);
  if (!list) throw data("Not found", { status: 404 });
  return { list, status: query.status ?? "", q: query.q ?? "" };
}

export const handle: RouteHandle = {
  flags: OPERATOR_FLAGS,
  meta: () => ({ title: "Orders — Loupe operators" }),
};

/** This list's address with `changes` applied (an empty value drops the parameter). */
function hrefOf(current: { status: string; q: string; page?: number }, changes: { status?: string; page?: number }): string {
  const next = { ...current, ...changes };
  const params = new URLSearchParams();
  if (next.status) params.set("status", next.status);
  if (next.q) params.set("q", next.q);
  if (next.page && next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return `/operator/orders${search ? `?${search}` : ""}`;
}

function Tabs({ list, status, q }: { list: OperatorOrderList; status: string; q: string }) {
  const all = list.counts.filter((c) => c.status !== "drafted").reduce((sum, c) => sum + c.count, 0);
  const tabs = [{ status: "", label: "All", count: all }, ...list.counts];
  return (
    <nav aria-label="Order states" className="operator-tabs">
      <ul>
        {tabs.map((t) => (
          <li key={t.status || "all"}>
            <a href={hrefOf({ status, q }, { status: t.status, page: 1 })} aria-current={t.status === status ? "page" : undefined}>
              {t.label} <span className="operator-count">({t.count})</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Component() {
  const { list, status, q } = useLoaderData<typeof loader>();
  const shown = list.counts.find((c) => c.status === status)?.label ?? "all states";
  return (
    <article className="page content-admin operator">
      <h1>Orders</h1>
      <OperatorLinks />
      <search>
        <form method="get" action="/operator/orders" aria-label="Find orders" className="operator-search">
          {status ? <input type="hidden" name="status" value={status} /> : null}
          <label htmlFor="orders-q">Order number or email</label>
          <input id="orders-q" type="search" name="q" defaultValue={q} />
          <button type="submit">Search</button>
          {q ? <a href={hrefOf({ status, q: "" }, {})}>Clear</a> : null}
        </form>
      </search>
      <Tabs list={list} status={status} q={q} />
      <p role="status">
        {list.total} {list.total === 1 ? "order" : "orders"} ({shown}
        {q ? `, matching “${q}”` : ""}), newest first{list.pages > 1 ? ` — page ${list.page} of ${list.pages}` : ""}.
      </p>
      {list.orders.length ? (
        <ScrollTable label="Orders">
          <table className="operator-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Amount</th>
                <th scope="col">Items</th>
                <th scope="col">Payment</th>
              </tr>
            </thead>
            <tbody>
              {list.orders.map((o) => (
                <tr key={o.orderNumber} data-status={o.status}>
                  <th scope="row">
                    <a href={`/operator/orders/${o.orderNumber}`}>{o.orderNumber}</a>
                  </th>
                  <td>{when(o.createdAt)}</td>
                  <td>
                    {o.name}
                    <br />
                    {o.email}
                  </td>
                  <td>{o.statusLabel}</td>
                  <td>{usdCents(o.amountDue)}</td>
                  <td>{o.items}</td>
                  <td>{o.paymentMethod}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : (
        <p>No order here.</p>
      )}
      {list.pages > 1 ? (
        <nav aria-label="Pages" className="operator-pages">
          {list.page > 1 ? <a href={hrefOf({ status, q }, { page: list.page - 1 })}>Newer orders</a> : null}
          {list.page < list.pages ? <a href={hrefOf({ status, q }, { page: list.page + 1 })}>Older orders</a> : null}
        </nav>
      ) : null}
    </article>
  );
}
