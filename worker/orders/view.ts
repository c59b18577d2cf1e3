/** An order as its owner sees it (shared/orders/schemas.ts OrderView), read from D1 in one round trip (aggregate.ts). */
import type { OrderView } from "#shared/orders/schemas.ts";
import { refused } from "#shared/refusal.ts";
import { loadAggregate, viewOf } from "./aggregate";

export async function orderView(db: D1Database, orderNumber: string): Promise<OrderView> {
  const aggregate = await loadAggregate(db, orderNumber);
  return aggregate ? viewOf(aggregate) : refused("not_found", `No order ${orderNumber}`);
}
