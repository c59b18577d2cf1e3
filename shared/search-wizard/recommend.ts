/**
 * The search wizard's recommendation rules (issue 21 point 6; docs/decisions/030-search-wizard-and-quiz.md):
 * pure, no I/O. From candidate stones the search index found within the budget, each pick trades colour,
 * clarity and carat differently — the biggest near-colourless, eye-clean-grade stone; the whitest and the
 * cleanest at a size close to it; a balanced one; the most carat per dollar — and says why in words
 * (words.ts). The shopper's "what matters most" puts its pick first.
 */
import type { Pick, Priority } from "./schemas";
import { reasonFor, titleOf, type PickContext } from "./words";

/** What the rules read of a stone (a DiamondSummary has all of it). */
export interface StoneFacts {
  id: number;
  carat: number;
  /** 1 D … 8 K. */
  color: number;
  /** 1 FL … 8 SI2. */
  clarity: number;
  /** US cents. */
  price: number;
}

/** The shopper's limits: the lowest colour and clarity accepted (codes) and the largest carat wanted. */
export interface WizardLimits {
  colorMax: number | null;
  clarityMax: number | null;
  caratMax: number | null;
}

export interface RecommendOptions {
  /** What the stone may cost (the budget less a ring's setting), cents. */
  budgetCents: number;
  limits: WizardLimits;
  priority: Priority;
  resultCount: number;
  /** For the words: "round", "oval" … or null for any shape; lab-grown or natural (null: either). */
  shapeName: string | null;
  isLabGrown: boolean | null;
}

export interface Picked<T extends StoneFacts> {
  pick: Pick;
  title: string;
  reason: string;
  diamond: T;
}

/** Colour H or better: near colourless, no warmth seen face up in most settings. */
export const NEAR_COLOURLESS = 5;
/** Clarity SI1 or better: the grades where most stones are eye clean. */
export const EYE_CLEAN_GRADE = 7;
/** The balanced pick: colour G or better, clarity VS2 or better. */
export const BALANCED_COLOR = 4;
export const BALANCED_CLARITY = 6;
/** The whitest and cleanest picks stay at least this share of the biggest pick's carat (a tiny D is no trade). */
export const MIN_SIZE_SHARE = 0.7;
/** The value pick stays at least this share of the biggest pick's carat. */
export const VALUE_SIZE_SHARE = 0.85;

/** The order of the named picks after the shopper's priority. */
const ORDER: readonly Exclude<Pick, "more">[] = ["size", "balanced", "color", "clarity", "value"];

/** Stones inside the budget and the shopper's limits, each once. */
export function eligible<T extends StoneFacts>(stones: readonly T[], budgetCents: number, limits: WizardLimits): T[] {
  const seen = new Set<number>();
  return stones.filter((s) => {
    if (seen.has(s.id)) return false;
    seen.add(s.id);
    return (
      s.price <= budgetCents &&
      (limits.colorMax === null || s.color <= limits.colorMax) &&
      (limits.clarityMax === null || s.clarity <= limits.clarityMax) &&
      (limits.caratMax === null || s.carat <= limits.caratMax + 1e-9)
    );
  });
}

type Compare<T> = (a: T, b: T) => number;

/** Bigger first; then better colour and clarity together; then cheaper; then the lower id (a stable answer). */
const bySize: Compare<StoneFacts> = (a, b) => b.carat - a.carat || a.color + a.clarity - (b.color + b.clarity) || a.price - b.price || a.id - b.id;
const byColour: Compare<StoneFacts> = (a, b) => a.color - b.color || bySize(a, b);
const byClarity: Compare<StoneFacts> = (a, b) => a.clarity - b.clarity || bySize(a, b);
const perCarat = (s: StoneFacts) => s.price / s.carat;
const byValue: Compare<StoneFacts> = (a, b) => perCarat(a) - perCarat(b) || bySize(a, b);

/** The first stone by `order` among those passing `keep` and not taken. */
function best<T extends StoneFacts>(stones: readonly T[], taken: ReadonlySet<number>, keep: (s: T) => boolean, order: Compare<T>): T | null {
  let found: T | null = null;
  for (const s of stones) if (!taken.has(s.id) && keep(s) && (found === null || order(s, found) < 0)) found = s;
  return found;
}

/** The biggest stone of near-colourless, eye-clean grades (any grade when the budget buys none of those). */
export function biggestPick<T extends StoneFacts>(stones: readonly T[], taken: ReadonlySet<number> = new Set()): T | null {
  return best(stones, taken, (s) => s.color <= NEAR_COLOURLESS && s.clarity <= EYE_CLEAN_GRADE, bySize) ?? best(stones, taken, () => true, bySize);
}

/** Chooses one stone for `pick`, given the carat of the biggest pick. */
function choose<T extends StoneFacts>(pick: Exclude<Pick, "more">, stones: readonly T[], taken: ReadonlySet<number>, biggest: number): T | null {
  const near = (share: number) => (s: T) => s.carat >= biggest * share - 1e-9;
  switch (pick) {
    case "size":
      return biggestPick(stones, taken);
    case "color":
      return best(stones, taken, (s) => s.clarity <= EYE_CLEAN_GRADE && near(MIN_SIZE_SHARE)(s), byColour);
    case "clarity":
      return best(stones, taken, (s) => s.color <= NEAR_COLOURLESS && near(MIN_SIZE_SHARE)(s), byClarity);
    case "balanced":
      return best(stones, taken, (s) => s.color <= BALANCED_COLOR && s.clarity <= BALANCED_CLARITY, bySize);
    case "value":
      return best(stones, taken, (s) => s.color <= NEAR_COLOURLESS && s.clarity <= EYE_CLEAN_GRADE && near(VALUE_SIZE_SHARE)(s), byValue);
  }
}

/**
 * Up to `resultCount` recommendations from `candidates`: the named picks (the priority's first), each a
 * different stone, then further stones by size ("more"); every one within the budget and the limits, with
 * its title and reason.
 */
export function recommend<T extends StoneFacts>(candidates: readonly T[], opts: RecommendOptions): Picked<T>[] {
  const stones = eligible(candidates, opts.budgetCents, opts.limits);
  const biggest = biggestPick(stones);
  if (!biggest) return [];
  const order: Exclude<Pick, "more">[] = [opts.priority, ...ORDER.filter((p) => p !== opts.priority)];
  const taken = new Set<number>();
  const chosen: { pick: Pick; diamond: T }[] = [];
  for (const pick of order) {
    if (chosen.length >= opts.resultCount) break;
    const s = choose(pick, stones, taken, biggest.carat);
    if (!s) continue;
    taken.add(s.id);
    chosen.push({ pick, diamond: s });
  }
  const rest = stones.filter((s) => !taken.has(s.id) && s.color <= NEAR_COLOURLESS && s.clarity <= EYE_CLEAN_GRADE).sort(bySize);
  for (const s of rest) {
    if (chosen.length >= opts.resultCount) break;
    chosen.push({ pick: "more", diamond: s });
  }
  const ctx: PickContext = {
    budgetCents: opts.budgetCents,
    shapeName: opts.shapeName,
    isLabGrown: opts.isLabGrown,
    picks: chosen.map((c) => ({ pick: c.pick, stone: c.diamond })),
  };
  return chosen.map((c) => ({ pick: c.pick, title: titleOf(c.pick), reason: reasonFor(c.pick, c.diamond, ctx), diamond: c.diamond }));
}
