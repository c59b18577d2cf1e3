import type { CartIntentInput } from "#shared/cart/schemas.ts";
import type { NotificationInput } from "#shared/notifications.ts";
import type { CartResult } from "./context";

/**
 * The toast after a cart change the shopper would otherwise not see confirmed (decision 043): an item added
 * from a product page (grouped: several adds count up on one toast), a price locked, or an add that was
 * refused (the product page's form has no place for the message; the cart page's own forms show theirs).
 */
export function cartToast(intent: CartIntentInput | "lock" | "draft" | null, r: CartResult): NotificationInput | null {
  const adding = intent !== null && typeof intent === "object" && (intent.type === "add-diamond" || intent.type === "add-item");
  if (!r.ok) return adding ? { message: r.message, tone: "error" } : null;
  if (intent === "lock") return { message: "Price locked for 72 hours", tone: "success" };
  return adding ? { message: "Added to cart", tone: "success", group: "cart-added" } : null;
}
