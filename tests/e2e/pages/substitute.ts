/**
 * Orders with an unavailable stone for the browser tests (issue 22 point 4): a diamond that has neighbours as
 * the substitutes choose them, and — through the API, in the page's own browser context (its cookies) — a paid
 * order of it whose stone an operator marks unavailable, landing on its substitute page.
 */
import type { Page } from "playwright-core";
import { url } from "./browser";
import { adminCall } from "./order-flow";

/** What the browser sends with its own posts: the site's origin (the worker refuses a credentialed post without it). */
const sameSite = () => ({ origin: url("").replace(/\/$/, "") });

export interface FoundDiamond {
  id: number;
  slug: string;
  shape: number;
  carat: number;
  color: number;
  clarity: number;
  cut: number;
  price: number;
  isLabGrown: boolean;
}

const search = async (body: Record<string, unknown>) =>
  (await (await fetch(url("/api/diamonds2"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as {
    diamonds: FoundDiamond[];
    total: number;
  };

const around = (code: number, min: number, max: number) => [code - 1, code, code + 1].filter((c) => c >= min && c <= max);

/**
 * A diamond between $1,000 and $8,000, at random among fifty, with at least two neighbours as the substitutes
 * choose them (same shape and origin, grades within one, carat within 10 %, price within 15 %).
 */
export async function diamondWithNeighbours(): Promise<FoundDiamond> {
  const { diamonds } = await search({ pageSize: 50, priceMin: 1000, priceMax: 8000 });
  for (const d of diamonds.sort(() => Math.random() - 0.5)) {
    const near = await search({
      pageSize: 1,
      diamondShapes: [d.shape],
      isLabGrown: d.isLabGrown,
      caratMin: Math.ceil(d.carat * 90) / 100,
      caratMax: Math.floor(d.carat * 110) / 100,
      colors: around(d.color, 1, 8),
      clarities: around(d.clarity, 1, 8),
      cuts: around(d.cut === 4 ? 0 : d.cut, 0, 3),
      priceMin: Math.ceil((d.price * 0.85) / 100),
      priceMax: Math.floor((d.price * 1.15) / 100),
    });
    if (near.total >= 3) return d;
  }
  throw new Error("no diamond with neighbours among fifty");
}

/** The operator's answer (admin token): the order's stone is unavailable. */
export async function markUnavailable(orderNumber: string): Promise<Response> {
  return adminCall("PUT", `/api/orders/confirm-order-items-availability/${orderNumber}`, { items: [{ lineId: "diamond", available: false }] });
}

/** Every `lineId` in a cart view (its rings, pair, bands and jewellery). */
function lineIdsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(lineIdsOf);
  if (value === null || typeof value !== "object") return [];
  const own = typeof (value as { lineId?: unknown }).lineId === "string" ? [(value as { lineId: string }).lineId] : [];
  return [...own, ...Object.values(value).flatMap(lineIdsOf)];
}

/** A page-type step: a paid order of a diamond with neighbours, its stone unavailable, its substitute page open (as its owner). */
export async function substituteOfNewOrder(page: Page): Promise<void> {
  const request = page.context().request;
  const diamond = await diamondWithNeighbours();
  const email = `a11y-substitute-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  // The page types before this one fill the cart (a stone, a ring): this order holds only its own stone.
  const cart = await (await request.get(url("/api/cart"))).json();
  for (const lineId of new Set(lineIdsOf(cart))) await request.post(url("/api/cart"), { headers: sameSite(), data: { type: "remove", lineId } });
  const address = { name: "Ada Shopper", line1: "1 Congress Ave", city: "Austin", state: "TX", postalCode: "78701", countryCode: "US", email };
  for (const data of [
    { type: "add-diamond", diamondId: diamond.id },
    { type: "set-addresses", shippingAddress: address, billingSameAsShipping: true },
    { type: "set-payment-method", paymentMethod: "card" },
  ]) {
    const res = await request.post(url("/api/cart"), { headers: sameSite(), data });
    if (!res.ok()) throw new Error(`cart ${data.type}: HTTP ${res.status()}`);
  }
  const placed = (await (await request.post(url("/api/orders"), { headers: sameSite() })).json()) as {
    order: { orderNumber: string };
    payment: { approvalUrl: string };
  };
  const n = placed.order.orderNumber;
  const gatewayPath = new URL(placed.payment.approvalUrl).pathname;
  await request.post(url(`${gatewayPath}/approve`), { headers: sameSite(), form: {}, maxRedirects: 0 });
  const approved = await request.put(url(`/api/orders/${n}/local/${gatewayPath.split("/").pop()}/approve`));
  if (!approved.ok()) throw new Error(`approve: HTTP ${approved.status()}`);
  const res = await markUnavailable(n);
  if (!res.ok) throw new Error(`unavailable: HTTP ${res.status}`);
  await page.goto(url(`/orders/substitute/${n}`));
}
