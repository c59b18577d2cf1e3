/**
 * The operator's order pages' service on the server (client/operator-orders-context.ts): the operator checked on
 * every call (worker/middleware/admin.ts), the list's query and each action's form checked by the API's own schemas,
 * each action recorded as the signed-in operator.
 */
import type { ActionAnswer, OperatorOrdersService } from "#client/operator-orders-context.ts";
import { OperatorAction, OperatorOrdersQuery } from "#shared/orders/operator.ts";
import { DomainError, refuse } from "#shared/refusal.ts";
import * as v from "valibot";
import { operatorAction } from "../orders/operator/actions";
import { operatorOrder, operatorOrders } from "../orders/operator/view";
import { ProviderUnavailable } from "../orders/payments/provider";
import { type OrderBindings, PaymentUnavailable } from "../orders/service";

export interface OperatorPageRequest {
  origin: string;
  now: () => number;
  waitUntil: (p: Promise<unknown>) => void;
  cookie: (name: string) => string | undefined;
  setCookie: (header: string) => void;
}

/** `"1,234.5"` / `"25"` dollars → cents, exactly; null when it is not an amount. */
function centsOf(dollars: string): number | null {
  const m = /^\s*\$?\s*(\d{1,7}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?\s*$/.exec(dollars);
  if (!m) return null;
  return Number(m[1]!.replaceAll(",", "")) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

/** The form's fields as the API's action: text fields as they are, the refund's dollars as cents. */
function actionOf(form: Record<string, string>): Record<string, unknown> | ActionAnswer {
  const { amount, ...rest } = form;
  const body: Record<string, unknown> = { ...rest };
  if (form.action !== "refund") return body;
  if (amount?.trim()) {
    const cents = centsOf(amount);
    if (cents === null) return refuse("bad_request", "Check the refund", [{ path: "amount", message: "An amount in dollars and cents, like 250.00" }]);
    body.amountCents = cents;
  }
  return body;
}

/** The page service for one request: `operator` is the request's operator (an email), or null for anyone else. */
export function serverOperatorOrders(env: OrderBindings, operator: () => Promise<string | null>, r: OperatorPageRequest): OperatorOrdersService {
  const isAdmin = async () => (await operator()) !== null;
  return {
    list: async (query) => {
      if (!(await isAdmin())) return null;
      const parsed = v.safeParse(OperatorOrdersQuery, query);
      // A hand-edited address with a wrong state or page shows the first page of every order.
      return operatorOrders(env.DB, parsed.success ? parsed.output : { page: 1 });
    },
    order: async (orderNumber) => {
      if (!(await isAdmin()) || !/^LP\d{10}$/.test(orderNumber)) return null;
      try {
        return await operatorOrder(env.DB, orderNumber);
      } catch (e) {
        if (e instanceof DomainError) return null;
        throw e;
      }
    },
    act: async (orderNumber, form) => {
      const who = await operator();
      if (!who) return null;
      const body = actionOf(form);
      if ("ok" in body && body.ok === false) return body as ActionAnswer;
      const parsed = v.safeParse(OperatorAction, body);
      if (!parsed.success)
        return refuse(
          "bad_request",
          "Check the form",
          parsed.issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message })),
        );
      try {
        const done = await operatorAction(env, orderNumber, parsed.output, `operator:${who}`, { origin: r.origin, now: r.now(), waitUntil: r.waitUntil });
        return { ok: true, status: done.status, message: done.message };
      } catch (e) {
        if (e instanceof DomainError) return e.refusal;
        if (e instanceof PaymentUnavailable || e instanceof ProviderUnavailable) return refuse("conflict", e.message);
        throw e;
      }
    },
    operator: async () => (await operator()) ?? "",
  };
}
