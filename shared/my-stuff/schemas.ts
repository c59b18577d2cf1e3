/** My stuff on the wire (issue 19; §3 My stuff diamonds, §7 My stuff): a customer's saved diamonds. */
import * as v from "valibot";
import { DiamondSummary } from "../schemas";
import { MAX_NOTES_LENGTH } from "./limits";

export { MAX_NOTES_LENGTH };

/** At most this many saved diamonds per customer. */
export const MAX_SAVED_DIAMONDS = 500;

const DiamondId = v.pipe(v.number("id must be a number"), v.integer("id must be an integer"), v.minValue(1, "id must be positive"));

/** §3 My stuff diamonds: the diamond as the list shows it, with the customer's notes. Scores come with the reports issue. */
export const SavedDiamond = v.object({
  id: v.number(),
  itemId: v.number(),
  userSavedDiamondId: v.number(),
  certificateId: v.string(),
  notes: v.string(),
  qualityScore: v.nullable(v.number()),
  qualityMaxScore: v.nullable(v.number()),
  cutScoreDiff: v.nullable(v.number()),
  isFavorite: v.literal(true),
  savedAt: v.number(),
  /** The price it was saved at, or last told of by a price-drop alert (the drop threshold counts from it). */
  savedPrice: v.number(),
  diamond: DiamondSummary,
  /** When it has sold: up to 5 similar available stones (§9); empty otherwise. */
  similar: v.array(DiamondSummary),
});
export type SavedDiamond = v.InferOutput<typeof SavedDiamond>;

export const SavedDiamonds = v.object({ diamonds: v.array(SavedDiamond) });

/** `POST my-stuff/diamonds`: save a diamond (its pair follows). */
export const SaveDiamondRequest = v.object({ id: DiamondId, notes: v.optional(v.pipe(v.string(), v.maxLength(MAX_NOTES_LENGTH)), "") });
export const AddNotesRequest = v.object({
  id: DiamondId,
  notes: v.pipe(v.string("notes is required"), v.maxLength(MAX_NOTES_LENGTH, `notes are at most ${MAX_NOTES_LENGTH} characters`)),
});
/** `POST my-stuff/diamondIds`: the favourites a visitor kept locally, pushed at sign-in. */
export const DiamondIdsRequest = v.object({ ids: v.pipe(v.array(DiamondId), v.maxLength(MAX_SAVED_DIAMONDS, `at most ${MAX_SAVED_DIAMONDS} ids`)) });

const PositiveId = v.pipe(v.string(), v.maxLength(16), v.regex(/^[1-9]\d{0,15}$/, "id must be a positive integer"), v.transform(Number));
export const IdParam = v.object({ id: PositiveId });
export const PairParam = v.object({ a: PositiveId, b: PositiveId });
