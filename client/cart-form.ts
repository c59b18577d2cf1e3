/**
 * The cart page's forms post plain fields (so they work without JavaScript): `_type` names the intent and
 * the other fields its values. This turns them into the intent object `POST /api/cart` takes; the schema
 * (shared/cart/schemas.ts) then validates it like any other body.
 */
import type { CartIntentInput } from "#shared/cart/schemas.ts";

/** Fields that carry numbers; an empty value means null (no ring size, no care plan). */
const NUMBERS = new Set(["diamondId", "pairId", "variantId", "quantity", "size", "ringSize", "applicablePlanDuration"]);
const NULLABLE = new Set(["size", "ringSize", "applicablePlanDuration"]);
const ADDRESS = ["name", "line1", "apt", "city", "state", "postalCode", "countryCode", "email", "phone"] as const;

/** The intent a cart form posts, "lock" for the price-lock button, or null without a `_type`. */
export function intentFromForm(form: FormData): CartIntentInput | "lock" | null {
  const type = form.get("_type");
  if (typeof type !== "string" || type === "") return null;
  if (type === "lock-price") return "lock";
  const out: Record<string, unknown> = { type };
  if (type === "set-tax-region") {
    // The picker offers US states; an empty choice goes back to the visitor's location.
    const state = String(form.get("state") ?? "");
    out.taxRegion = state === "" ? null : { countryCode: "US", state };
    return out as CartIntentInput;
  }
  if (type === "set-addresses") {
    const address = Object.fromEntries(ADDRESS.map((k) => [k, String(form.get(`shipping.${k}`) ?? "")]));
    out.shippingAddress = address;
    out.billingSameAsShipping = form.get("billingSameAsShipping") !== null;
    return out as CartIntentInput;
  }
  for (const [key, raw] of form.entries()) {
    if (key === "_type" || typeof raw !== "string") continue;
    if (NUMBERS.has(key)) out[key] = raw === "" && NULLABLE.has(key) ? null : raw === "" ? undefined : Number(raw);
    else out[key] = raw;
  }
  return out as CartIntentInput;
}
