/** Items and events for the tracking rule tests: prices in USD as a shopper reads them. */
import type { LineKind, ProductType, TrackedItem } from "#shared/tracking/event.ts";

const KIND_OF: Partial<Record<ProductType, LineKind>> = {
  "lab-diamond": "diamond",
  "natural-diamond": "diamond",
  setting: "setting",
  "wedding-band": "wedding-band",
  pendant: "pendant",
  earrings: "stud",
  "care-plan": "care-plan",
};

let n = 0;
/** One line of `usd` dollars of this type (a diamond graded excellent, D, VS1 unless told otherwise). */
export function item(type: ProductType, usd: number, extra: Partial<TrackedItem> = {}): TrackedItem {
  n += 1;
  const diamond = type === "lab-diamond" || type === "natural-diamond";
  return {
    id: `${type}-${n}`,
    type,
    name: `${type} ${n}`,
    priceCents: Math.round(usd * 100),
    quantity: 1,
    kind: KIND_OF[type] ?? "fine-jewelry",
    ...(diamond ? { grade: "Excellent", color: "D", clarity: "VS1" } : {}),
    ...extra,
  };
}

export const NOW = Date.UTC(2026, 10, 28, 9, 0, 0, 250);
export const CONTEXT = { now: NOW, url: "https://loupe.example/checkout/confirmation?order=L-1001", ip: "203.0.113.7", userAgent: "Mozilla/5.0 test" };
