import type { ApprovalResult } from "#shared/orders/schemas.ts";
import type { Bindings } from "#worker/env.ts";
import { placedWith } from "../orders/orders-helpers";

/** A new visitor's order placed to pay by Affirm or Splitit (orders-helpers.ts placedWith). */
export const placedOverTime = (bindings: Partial<Bindings>, paymentMethod: "affirm" | "splitit", diamondIndex: number) =>
  placedWith(bindings, paymentMethod, diamondIndex);

/** An approval's status and body. */
export const approval = async (res: Response) => ({ status: res.status, body: (await res.json()) as ApprovalResult });
