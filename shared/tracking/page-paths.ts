/** Which pages the browser's tracking chunk (client/tracking/page-events.ts) reports, from their paths. */

/** What a page is about, from its path: a diamond (`/diamond/{id}`), a setting or jewellery item, or nothing. */
export function productOfPath(path: string): { product: "diamond" | "setting"; id: number } | null {
  const m = /^\/(diamond|setting|fine-jewelry|engagement-ring|wedding-ring)\/(\d{1,10})(?:\/|$)/.exec(path);
  if (!m) return null;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  return { product: m[1] === "diamond" ? "diamond" : "setting", id };
}

/**
 * The order of an order's success page (`/orders/{n}/success`, `/orders/{n}/cart-success`): its purchase is
 * posted from there too, for the payments whose approval reaches the server without the shopper (a provider's
 * webhook: no consent cookie to read). The server sends one purchase per order whichever comes first.
 */
export function orderOfPath(path: string): string | null {
  return /^\/orders\/(LP\d{10})\/(?:cart-)?success\/?$/.exec(path)?.[1] ?? null;
}

/** Whether the path is the diamond search page (its filters in the query or a saved search id). */
export const isSearchPath = (path: string) => /^\/(diamond-search|diamonds\/slp)(\/|$)/.test(path);
