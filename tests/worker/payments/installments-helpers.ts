/** Shared by the Affirm and Splitit tests: an order placed to pay over time, as a visitor does it, through the worker. */
import { expect } from "vitest";
import type { ApprovalResult, PlacedOrder } from "#shared/orders/schemas.ts";
import type { Bindings } from "#worker/env.ts";
import { diamonds } from "../cart/cart-helpers";
import { call } from "../helpers";
import { ADDRESS } from "../orders/orders-helpers";

/**
 * A new visitor who places a one-diamond order to pay by `paymentMethod` (Affirm or Splitit), every call made
 * with `bindings` (the provider configured, or none: the embedded gateway); `diamondIndex` picks the stone
 * (each test file keeps to its own). `send` makes further calls as that visitor, with its cookie.
 */
export async function placedOverTime(bindings: Partial<Bindings>, paymentMethod: "affirm" | "splitit", diamondIndex: number) {
  const first = await call("/api/cart", { env: bindings });
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const send = (path: string, init: RequestInit = {}) =>
    call(path, { ...init, headers: { cookie, "content-type": "application/json", ...(init.headers ?? {}) }, env: bindings });
  const list = await diamonds();
  for (const intent of [
    { type: "add-diamond", diamondId: list[diamondIndex % list.length]!.id },
    { type: "set-addresses", shippingAddress: ADDRESS, billingSameAsShipping: true },
    { type: "set-payment-method", paymentMethod },
  ])
    expect((await send("/api/cart", { method: "POST", body: JSON.stringify(intent) })).status).toBe(200);
  const res = await send("/api/orders", { method: "POST" });
  expect(res.status).toBe(201);
  return { placed: (await res.json()) as PlacedOrder, send, cookie };
}

/** An approval's status and body. */
export const approval = async (res: Response) => ({ status: res.status, body: (await res.json()) as ApprovalResult });
