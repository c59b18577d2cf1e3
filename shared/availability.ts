/**
 * A stone's availability as the pages show it (docs/decisions/058-inventory-holds.md): free, held by an order
 * waiting for its payment, or sold. Plain code without the wire schemas, so a page that shows it does not carry
 * the schemas' weight in its first-load JavaScript.
 */
/** A stone's availability: free, held by an order waiting for its payment, or sold. */
export const DIAMOND_AVAILABILITY = ["available", "on_hold", "sold"] as const;
export type DiamondAvailability = (typeof DIAMOND_AVAILABILITY)[number];

/** A diamond's availability (an answer without the field: from `isSold`). */
export const diamondAvailability = (d: { isSold: boolean; availability?: DiamondAvailability }): DiamondAvailability =>
  d.availability ?? (d.isSold ? "sold" : "available");

/** How the pages say it ("Available: …"). */
export const AVAILABILITY_TEXT: Record<DiamondAvailability, string> = { available: "Yes", on_hold: "On hold", sold: "Sold" };

/** The pages of the similar stones a refusal of a held stone offers (its `similar.N` details). */
export const similarOfRefusal = (details: readonly { path: string; message: string }[] | undefined): string[] =>
  (details ?? []).filter((d) => d.path.startsWith("similar.") && d.message.startsWith("/diamond/")).map((d) => d.message);
