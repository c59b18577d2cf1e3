/**
 * The missing-ring-size page's service (`/orders/missing-ring-size/{n}?key=…`, issue 22 point 4): only the
 * server implements it (worker/loaders/ring-size.ts), from the same services as the API calls.
 */
import { createContext } from "react-router";
import type { AddMissingRingSizeResult, MissingRingSizes } from "#shared/orders/ring-size.ts";
import type { Outcome } from "#shared/refusal.ts";

export interface RingSizeService {
  /** The order's missing sizes for the holder of its key, or null (no such order, or not its key). */
  missing(orderNumber: string, key: string): Promise<MissingRingSizes | null>;
  /** Saves the sizes chosen (line id → size as the form posted it); the refusal says why not. */
  add(orderNumber: string, key: string, sizes: { lineId: string; size: number }[]): Promise<Outcome<AddMissingRingSizeResult>>;
}

export const ringSizeContext = createContext<RingSizeService>();
