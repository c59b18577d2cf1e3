/**
 * Wire schemas (valibot) of the similar-rings search (`POST /api/similar-searches`): engagement rings
 * for a setting (same style first) or for a diamond shape, one metal variant per ring.
 */
import * as v from "valibot";
import { METALS } from "./enums";
import { ShapeCode } from "./schemas";

/** §5: 12 similar rings when the Similar_Rings_As_Grid experiment targets the visitor, else 6. */
export const SIMILAR_RINGS_MAX = 12;
export const SIMILAR_RINGS_ROW = 6;

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));

export const MetalCode = v.pipe(
  v.number(),
  v.integer(),
  v.check((n) => METALS.some((m) => m.code === n), "unknown metal code"),
  v.metadata({ enum: METALS.map((m) => m.code) }),
  v.description("Metal code: single metals 0-16, two-tone 100 + 10 × first + second"),
);

const Cents = v.pipe(v.number(), v.integer(), v.description("US cents (integer), like every price of the API"));

/** Body of `POST /api/similar-searches` (§7 {itemId, metal, pageSize}; `shape` is Loupe's own, for diamond pages): itemId, shape or both. */
export const SimilarRingsRequest = v.pipe(
  v.strictObject({
    itemId: v.optional(v.pipe(Id, v.description("Rings like this engagement ring setting (it is left out)"))),
    shape: v.optional(v.pipe(ShapeCode, v.description("Only rings that take this diamond shape"))),
    metal: v.optional(v.pipe(MetalCode, v.description("The metal to show each ring in when it has it (else its cheapest variant)"))),
    pageSize: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SIMILAR_RINGS_MAX), v.description("At most this many rings, 1-12 (§9: 6 by default)")),
      SIMILAR_RINGS_ROW,
    ),
  }),
  v.check((r) => r.itemId !== undefined || r.shape !== undefined, "itemId or shape is required"),
);
export type SimilarRingsRequest = v.InferOutput<typeof SimilarRingsRequest>;
export type SimilarRingsInput = v.InferInput<typeof SimilarRingsRequest>;

/** An engagement ring in one metal, as a similar-rings list shows it. */
export const RingSummary = v.object({
  settingId: Id,
  variantId: Id,
  name: v.string(),
  metal: MetalCode,
  price: Cents,
  priceBeforeDiscount: v.nullable(Cents),
  imageUrl: v.string(),
  url: v.pipe(v.string(), v.description("The ring's page: /setting/{settingId}/{metal} or /engagement-ring/{settingId}/{metal}")),
});
export type RingSummary = v.InferOutput<typeof RingSummary>;

export const SimilarRingsResponse = v.object({ rings: v.pipe(v.array(RingSummary), v.maxLength(SIMILAR_RINGS_MAX)) });
export type SimilarRingsResponse = v.InferOutput<typeof SimilarRingsResponse>;
