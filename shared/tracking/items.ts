/**
 * From cart and order lines to the events' TrackedItems: which §9 product type a line is (productTypeOf) and a
 * line as an item (trackedItemOfOrderLine). Pure: the worker builds a cart's lines and an order's order_items rows
 * into items the same way (worker/tracking/products.ts).
 */
import type { Product } from "../cart/model";
import { LINE_KINDS, type LineKind, type ProductType, type TrackedItem } from "./event";

/** What is known of a line: its kind (order_items.kind may be null: an order from before kinds were kept). */
export interface LineFacts {
  kind: LineKind | null;
  /** Diamonds: lab-grown or natural, when known (the catalogue's is_lab_grown, or the cart product's category). */
  lab?: boolean | null;
  /** The cart product's promotion category ("lab-diamonds" / "natural-diamonds" tell the origin). */
  category?: Product["category"] | null;
  /** The catalogue's item_type_name (Setting, PresetEngagementRing, PresetEarrings, Necklace, Bracelet, …). */
  itemTypeName?: string | null;
  /** The product's name, read for fine jewellery when the item type name is not at hand. */
  name?: string | null;
}

const BY_ITEM_TYPE_NAME: Readonly<Record<string, ProductType>> = {
  PresetEngagementRing: "preset-engagement-ring",
  Setting: "setting",
  WeddingBands: "wedding-band",
  Pendant: "pendant",
  Stud: "earrings",
  PresetEarrings: "preset-earrings",
  Necklace: "preset-necklace",
  Bracelet: "bracelet",
};

function diamondOrigin(f: LineFacts): boolean | null {
  if (f.lab === true || f.lab === false) return f.lab;
  if (f.category === "lab-diamonds") return true;
  if (f.category === "natural-diamonds") return false;
  return null;
}

/**
 * A fine-jewellery line without its item type name, told by the words of its name (the catalogue's names:
 * "… Tennis Bracelet", "… Bangle", "… Open Cuff", "… Bezel Necklace", "Round Diamond Stud Earrings, 1 ct tw" — a
 * finished pair, since stud settings are "stud" lines), else the default type.
 */
function jewelleryByName(name: string): ProductType {
  if (/bracelet|bangle|cuff/i.test(name)) return "bracelet";
  if (/necklace/i.test(name)) return "preset-necklace";
  if (/pendant/i.test(name)) return "pendant";
  if (/earring/i.test(name)) return "preset-earrings";
  if (/engagement ring/i.test(name)) return "preset-engagement-ring";
  return "other";
}

/**
 * The §9 product type of a cart or order line. A diamond whose origin is unknown, and a line of unknown kind,
 * are "other" (the default multiplier); buildEvent reports such a purchase as having no diamond type.
 */
export function productTypeOf(f: LineFacts): ProductType {
  const byName = f.itemTypeName ? BY_ITEM_TYPE_NAME[f.itemTypeName] : undefined;
  switch (f.kind) {
    case "diamond":
    case "paired-diamond": {
      const lab = diamondOrigin(f);
      return lab === null ? "other" : lab ? "lab-diamond" : "natural-diamond";
    }
    case "setting":
      // A preset ring (a setting with its centre stone) sits in the ring's setting half; only presets are named "… Engagement Ring".
      return byName === "preset-engagement-ring" || (!byName && /engagement ring/i.test(f.name ?? "")) ? "preset-engagement-ring" : "setting";
    case "wedding-band":
      return "wedding-band";
    case "pendant":
      return "pendant";
    case "stud":
      return "earrings";
    case "care-plan":
      return "care-plan";
    case "fine-jewelry":
      return byName ?? jewelleryByName(f.name ?? "");
    default:
      return "other";
  }
}

/** Content ids: diamonds by stone, settings and items by variant, care plans by SKU (docs/decisions/039). */
export const diamondContentId = (diamondId: number): string => `diamond-${diamondId}`;
export const variantContentId = (settingId: number, variantId: number): string => `setting-${settingId}-${variantId}`;
export const carePlanContentId = (planSku: string): string => `care-plan-${planSku}`;

/** An order_items row as the worker reads it, with what the catalogue adds (origin, item type name, grading). */
export interface OrderLineFacts {
  line_id: string;
  name: string;
  quantity: number;
  total_cents: number;
  kind: string | null;
  diamond_id: number | null;
  setting_id: number | null;
  variant_id: number | null;
  lab?: boolean | null;
  itemTypeName?: string | null;
  grade?: string | null;
  color?: string | null;
  clarity?: string | null;
}

const isLineKind = (k: string | null): k is LineKind => k !== null && (LINE_KINDS as readonly string[]).includes(k);

/**
 * One order line as a TrackedItem. order_items keeps the line's total: the unit price is total ÷ quantity when
 * that is whole cents, else the line counts as one piece at its total (the order's sum stays exact). An unknown
 * or missing kind is null, which makes the purchase one with no diamond type (buildEvents).
 */
export function trackedItemOfOrderLine(row: OrderLineFacts): TrackedItem {
  const kind = isLineKind(row.kind) ? row.kind : null;
  const type = productTypeOf({ kind, lab: row.lab ?? null, itemTypeName: row.itemTypeName ?? null, name: row.name });
  const id =
    row.diamond_id !== null && (kind === "diamond" || kind === "paired-diamond")
      ? diamondContentId(row.diamond_id)
      : row.setting_id !== null && row.variant_id !== null
        ? variantContentId(row.setting_id, row.variant_id)
        : `line-${row.line_id}`;
  const whole = row.quantity >= 1 && row.total_cents % row.quantity === 0;
  const grading = kind === "diamond" || kind === "paired-diamond" ? { grade: row.grade ?? null, color: row.color ?? null, clarity: row.clarity ?? null } : {};
  return {
    id,
    type,
    name: row.name,
    priceCents: whole ? row.total_cents / row.quantity : row.total_cents,
    quantity: whole ? row.quantity : 1,
    kind,
    ...grading,
  };
}
