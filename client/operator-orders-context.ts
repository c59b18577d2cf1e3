/**
 * The operator's order pages (`/operator/orders`, `/operator/orders/{n}`; admin token; docs/decisions/038-operator-orders.md):
 * their page service. Only the server implements it (worker/loaders/operator-orders.ts).
 */
import { createContext } from "react-router";
import type { OperatorOrderDetail, OperatorOrderList } from "#shared/orders/operator.ts";
import type { Refusal } from "#shared/refusal.ts";

/** The list's query as the address carries it (checked by the service). */
export interface OrdersQuery {
  status?: string;
  q?: string;
  page?: string;
}

/** An action as its form posts it: every field as text (checked by the service). */
export type ActionForm = Record<string, string>;

/** What an action came to: done (202: another request is finishing it), or why not. */
export type ActionAnswer = { ok: true; status: 200 | 202; message: string } | Refusal;

export interface OperatorOrdersService {
  /** A page of orders, or null when the request does not prove the admin token. */
  list(query: OrdersQuery): Promise<OperatorOrderList | null>;
  /** One order; null when the request does not prove the admin token or there is no such order. */
  order(orderNumber: string): Promise<OperatorOrderDetail | null>;
  /** Takes an action on the order, recorded as the signed-in operator; null for anyone else. */
  act(orderNumber: string, form: ActionForm): Promise<ActionAnswer | null>;
  /** Who the signed-in operator is (an email; "local-admin" on a developer's machine), or "". */
  operator(): Promise<string>;
}

export const operatorOrdersContext = createContext<OperatorOrdersService>();
