import { CLARITIES, COLORS, CUTS, SHAPES, labelOf } from "#shared/enums.ts";
import { diamondPath } from "#shared/slug.ts";
import type { FavoriteDiamond } from "../state/favorites";
import type { ViewedDiamond } from "../state/viewing";

type Graded = { carat: number; color: number; clarity: number; cut: number; shape: number; isLabGrown: boolean };

/** "1.01 Carat Round Lab-Grown Diamond" */
export function diamondTitle(d: Graded): string {
  return `${d.carat.toFixed(2)} Carat ${labelOf(SHAPES, d.shape)} ${d.isLabGrown ? "Lab-Grown " : ""}Diamond`;
}

/** "F · VS1 · Ideal" */
export function gradeLine(d: Graded): string {
  return [labelOf(COLORS, d.color), labelOf(CLARITIES, d.clarity), labelOf(CUTS, d.cut)].join(" · ");
}

/** What the recently-viewed list and the compare tray keep of a diamond. */
export function viewedDiamond(d: Graded & { id: number; price: number }): ViewedDiamond {
  return { id: d.id, path: diamondPath(d), title: diamondTitle(d), grades: gradeLine(d), price: d.price, shape: d.shape };
}

/** What the favourites keep of a diamond: its card, and the pair that follows it (§4). */
export function favoriteDiamond(d: Graded & { id: number; price: number; pairedDiamondId: number | null }): FavoriteDiamond {
  return { ...viewedDiamond(d), pairedDiamondId: d.pairedDiamondId };
}
