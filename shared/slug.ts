import { CLARITIES, COLORS, CUTS, SHAPES, byCode, slugify } from "./enums";

export interface SluggableDiamond {
  carat: number;
  color: number;
  clarity: number;
  cut: number;
  shape: number;
  isLabGrown: boolean;
}

/**
 * The diamond slug (§2): carat followed by `ct-`, then colour, clarity, cut, shape, then `lab-grown` for
 * lab diamonds, then `diamond`; lowercase and hyphenated. Carat keeps its two graded decimals.
 * Example: 1.01 ct F VS1 Ideal Oval lab → `1.01ct-f-vs1-ideal-oval-lab-grown-diamond`.
 */
export function diamondSlug(d: SluggableDiamond): string {
  const parts = [
    `${d.carat.toFixed(2)}ct`,
    byCode(COLORS, d.color)?.slug,
    byCode(CLARITIES, d.clarity)?.slug,
    byCode(CUTS, d.cut)?.slug,
    byCode(SHAPES, d.shape)?.slug,
    d.isLabGrown ? "lab-grown" : undefined,
    "diamond",
  ];
  return slugify(parts.filter((p): p is string => Boolean(p)).join("-"));
}

/** Canonical detail path `/diamond/{id}/{slug}` (plus `/{pairId}` for a pair). */
export function diamondPath(d: SluggableDiamond & { id: number }, pairId?: number | null): string {
  const base = `/diamond/${d.id}/${diamondSlug(d)}`;
  return pairId ? `${base}/${pairId}` : base;
}
