/**
 * The substitute page's service (`/orders/substitute/{n}`, issue 22 point 4; docs/decisions/035): the order's
 * unavailable stones with their similar stones, and the shopper's choice. Only the server implements it
 * (worker/loaders/order-care.ts); the page reaches it through the emailed link's key or as the order's owner.
 */
import { createContext } from "react-router";
import type { ChoiceResult, SubstitutesView } from "#shared/orders/care.ts";
import type { Outcome } from "#shared/refusal.ts";

/** What the shopper chose on the page: a stone for a line, or that line's money back. */
export type PageChoice = { lineId: string; diamondId: number } | { lineId: string; refund: true };

export interface OrderCareService {
  /** The view of order `orderNumber` for the holder of `key` (null: the owner's), or null for anyone else. */
  substitutes(orderNumber: string, key: string | null): Promise<SubstitutesView | null>;
  /** Makes the choice (refusals: not_found — not this caller's; conflict — chosen already, the stone gone; bad_request). */
  choose(orderNumber: string, key: string | null, choice: PageChoice): Promise<Outcome<ChoiceResult>>;
}

export const orderCareContext = createContext<OrderCareService>();
