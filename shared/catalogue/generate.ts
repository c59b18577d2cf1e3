/**
 * The deterministic demo inventory: retailers, diamonds with price history, and settings with metal variants.
 * Pure TypeScript (no Node, DOM or Workers APIs). Every row is a plain object whose keys are exactly the column
 * names of migrations/0001_catalogue.sql, in column order, so rows can be handed to `insertStatements` as they are.
 *
 * Determinism: diamond i (0-based) is generated from a random stream seeded by i alone (the second stone of a
 * pair also re-derives its partner i−1), so any slice is reproducible on its own and the full set is the union
 * of its slices. Retailers and settings are small fixed sets generated from fixed seeds.
 * See docs/decisions/002-demo-inventory-and-price-model.md for the distributions and their reasons.
 *
 * This file holds the helpers and image paths they share; the generators are generate-retailers.ts,
 * generate-diamonds.ts (with the distributions in diamond-weights.ts) and generate-settings.ts (with the
 * styles, metals and prices in setting-styles.ts).
 */
import { SHAPES } from "../enums";

export const DAY_MS = 86_400_000;
export const round2 = (v: number): number => Math.round(v * 100) / 100;
export const round1 = (v: number): number => Math.round(v * 10) / 10;
export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Id of diamond index 0; diamond i has id DIAMOND_ID_BASE + i. */
export const DIAMOND_ID_BASE = 1_000_001;

/** Retailer type codes: which origins a retailer sells. */
export const RETAILER_TYPE = { natural: 1, lab: 2, both: 3 } as const;

/** True when a retailer of `type` sells diamonds of that origin. */
export function retailerAccepts(type: number, isLabGrown: boolean): boolean {
  return type === RETAILER_TYPE.both || type === (isLabGrown ? RETAILER_TYPE.lab : RETAILER_TYPE.natural);
}

/** Image of a diamond shape: `/images/diamonds/{shape-slug}.svg`. */
export function diamondImageUrl(shape: number): string {
  const s = SHAPES.find((e) => e.code === shape);
  if (!s) throw new RangeError(`unknown shape ${shape}`);
  return `/images/diamonds/${s.slug}.svg`;
}

/** Logo, small logo and about image of a retailer, by its slug. */
export function retailerImageUrls(slug: string): { logo: string; small: string; about: string } {
  return {
    logo: `/images/retailers/${slug}.svg`,
    small: `/images/retailers/${slug}-small.svg`,
    about: `/images/retailers/${slug}-about.svg`,
  };
}

/** Image of a setting style in a metal: `/images/settings/{style-slug}-{metal code}.svg`. */
export function settingImageUrl(styleSlug: string, metal: number): string {
  return `/images/settings/${styleSlug}-${metal}.svg`;
}
