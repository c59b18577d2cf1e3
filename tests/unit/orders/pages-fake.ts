import { cartContext, type CartService } from "#client/context.ts";
import { orderContext, type OrderService, type OrderTracking } from "#client/order-context.ts";
import { emptyCart } from "#shared/cart/model.ts";
import { applyChange, type CartChange } from "#shared/cart/rules.ts";
import { cartView } from "#shared/cart/view.ts";
import type { PayChoice } from "#shared/orders/pay-again.ts";
import type { ApprovalResult, OrderView, PaymentStart, PlacedOrder } from "#shared/orders/schemas.ts";
import { statusLabel } from "#shared/orders/states.ts";
import type { Outcome, Refusal } from "#shared/refusal.ts";
import { ADA, fakeAccount, pageContext, renderIn } from "../accounts/fake-account";

export { ADA };
export { attr, inputTag, mainOf } from "../accounts/fake-account";

export const NUMBER = "LP0123456789";
export const SLUG = `${NUMBER}-AbCdEfGhIjKlMnOpQrStUv`;
const NOW = Date.UTC(2026, 10, 3, 15, 0);

/** An order of one diamond, $5,000 and $412.50 tax, to Austin. */
export function order(over: Partial<OrderView> = {}): OrderView {
  const status = over.status ?? "awaiting_payment";
  return {
    orderNumber: NUMBER,
    status,
    statusLabel: statusLabel(status),
    createdAt: NOW,
    paidAt: null,
    expiresAt: NOW + 24 * 3600_000,
    lines: [{ lineId: "d1", name: "1.01 ct Round diamond, G VS1", quantity: 1, total: 500_000 }],
    subtotal: 500_000,
    discount: 0,
    carePlans: 0,
    lockSavings: 0,
    total: 500_000,
    wireSaving: 0,
    tax: 41_250,
    amountDue: 541_250,
    paymentMethod: "paypal",
    email: "ada@example.com",
    shippingAddress: {
      name: "Ada Shopper",
      line1: "1 Market St",
      apt: "",
      city: "Austin",
      state: "TX",
      postalCode: "78701",
      countryCode: "US",
      email: "",
      phone: "",
    },
    payments: [],
    requests: [],
    ...over,
  };
}

export const GATEWAY_URL = "http://loupe.test/dev/gateway/lgp_0123456789abcdef0123456789abcdef";

export function paymentStart(over: Partial<PaymentStart> = {}): PaymentStart {
  return { paymentId: "pay_1", provider: "local", approvalUrl: GATEWAY_URL, clientSecret: null, publishableKey: null, wireInstructions: null, ...over };
}

export const WIRE = {
  beneficiary: "Loupe Marketplace Inc.",
  bank: "First Example Bank",
  accountNumber: "000123456789",
  routingNumber: "021000021",
  reference: NUMBER,
};

export const TRACKED: OrderTracking = {
  orderNumber: NUMBER,
  status: "paid",
  statusLabel: "paid",
  createdAt: NOW,
  lines: [{ name: "1.01 ct Round diamond, G VS1", quantity: 1 }],
  shipsTo: "Austin, TX",
};

type Method = keyof OrderService;

/** A fake order service: `orders` are this shopper's; each call answers its setting, or a refusal set for it. */
export function fakeOrders(options: { orders?: OrderView[]; mine?: OrderView[] | null; choices?: PayChoice[] } = {}) {
  const calls: { method: Method; args: unknown[] }[] = [];
  const refusals: Partial<Record<Method, Refusal>> = {};
  const own = new Map((options.orders ?? [order()]).map((o) => [o.orderNumber, o]));
  const answers = {
    confirm: { outcome: "paid", message: "Thank you: your payment is received and your order is confirmed." } as Pick<ApprovalResult, "outcome" | "message">,
    payment: paymentStart(),
    track: TRACKED,
  };
  const record = (method: Method, ...args: unknown[]) => {
    calls.push({ method, args });
    return refusals[method];
  };
  const owned = (n: string) => own.get(n) ?? null;
  const placed = (o: OrderView): Outcome<PlacedOrder> => ({ ok: true, order: o, payment: answers.payment, created: true });
  const service: OrderService = {
    place: async () => record("place") ?? placed([...own.values()][0]!),
    get: async (n) => {
      record("get", n);
      return owned(n);
    },
    bySlug: async (slug) => {
      record("bySlug", slug);
      return slug === SLUG ? owned(NUMBER) : null;
    },
    confirmReturn: async (n, paymentId, query) => {
      const refusal = record("confirmReturn", n, paymentId, query);
      if (refusal) return refusal;
      const o = owned(n);
      if (!o) return { ok: false, kind: "not_found", message: `No order ${n}` };
      return { ok: true, ...answers.confirm, order: answers.confirm.outcome === "paid" ? { ...o, status: "paid", statusLabel: "paid" } : o };
    },
    payRequest: async (n, requestId) => {
      const refusal = record("payRequest", n, requestId);
      if (refusal) return refusal;
      const o = owned(n);
      return o?.requests.some((r) => r.id === requestId && r.status === "open")
        ? placed(o)
        : { ok: false, kind: "not_found", message: "No such payment request" };
    },
    repay: async (n, paymentMethod) => {
      const refusal = record("repay", n, ...(paymentMethod ? [paymentMethod] : []));
      if (refusal) return refusal;
      const o = owned(n);
      return o ? placed(o) : { ok: false, kind: "not_found", message: `No order ${n}` };
    },
    payChoices: async (n) => {
      record("payChoices", n);
      const o = owned(n);
      return o ? (options.choices ?? [{ method: o.paymentMethod, current: true, amountDue: o.amountDue, refusal: null }]) : null;
    },
    mine: async () => {
      record("mine");
      return options.mine === undefined ? null : options.mine;
    },
    track: async (n, email) => record("track", n, email) ?? { ok: true, order: answers.track },
  };
  return {
    service,
    answers,
    refuse(method: Method, r: Refusal) {
      refusals[method] = r;
    },
    argsOf: (method: Method) => calls.filter((c) => c.method === method).map((c) => c.args),
  };
}

/** A cart of one diamond with an address and the payment method: ready to order. */
export function readyCart(paymentMethod: "paypal" | "card" | "wire" = "paypal"): CartService {
  const changes: CartChange[] = [
    {
      type: "add-diamond",
      diamond: {
        diamondId: 7,
        product: {
          name: "1.01 ct Round diamond",
          imageUrl: "/d.svg",
          url: "/diamond/7",
          priceCents: 500_000,
          listPriceCents: null,
          category: "natural-diamonds",
          status: "available",
        },
      },
      pair: null,
    },
    { type: "set-addresses", shippingAddress: { ...order().shippingAddress, email: "ada@example.com" }, billingSameAsShipping: true },
    { type: "set-payment-method", paymentMethod },
  ];
  let state = emptyCart();
  for (const c of changes) {
    const r = applyChange(state, c);
    if (!r.ok) throw new Error(r.message);
    state = r.state;
  }
  const cart = cartView(state, [], NOW);
  const refused: Refusal = { ok: false, kind: "bad_request", message: "not in these tests" };
  return { get: async () => cart, forCheckout: async () => cart, change: async () => refused, lockPrice: async () => refused, draftOrder: async () => refused };
}

/** Renders `path` (a GET, or a POST of `form`) with these services, as the worker's page handler does. */
export async function render(
  orders: OrderService,
  path: string,
  options: { form?: Record<string, string>; signedIn?: boolean; cart?: CartService } = {},
): Promise<Response> {
  const context = pageContext(fakeAccount({ user: options.signedIn ? ADA : null }).service);
  context.set(orderContext, orders);
  if (options.cart) context.set(cartContext, options.cart);
  return renderIn(context, path, options.form);
}
