/** Every landing page definition by path (client/routes/landing.tsx registers each path once). */
import { CATALOGUE_PAGES } from "./catalogue";
import { SHOPPING_PAGES } from "./shopping";
import type { LandingDef } from "./types";

export const LANDING_DEFS: readonly LandingDef[] = [...CATALOGUE_PAGES, ...SHOPPING_PAGES];

/** The page at `path` (lower case, no trailing slash), or undefined. */
export function landingDef(path: string): LandingDef | undefined {
  const p = path.toLowerCase().replace(/(.)\/+$/, "$1");
  return LANDING_DEFS.find((d) => d.path === p);
}
