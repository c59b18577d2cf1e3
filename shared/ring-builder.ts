/**
 * The ring builder's state in URLs (docs/decisions/010-settings-and-ring-builder.md): while the shopper
 * picks the diamond for a chosen setting, the diamond pages carry `setting=ID&metal=M` on every link.
 * Plain string code, no imports: the diamond search and detail chunks share it.
 */

/**
 * The ring builder's setting (§4: the other half of the ring is kept while the shopper picks a diamond):
 * `setting=ID&metal=M` from a query, or "". Search links and the canonical URL carry it along.
 */
export function ringOf(params: URLSearchParams): string {
  const setting = params.get("setting");
  const metal = params.get("metal");
  return setting && /^[1-9]\d{0,8}$/.test(setting) ? `setting=${setting}${metal && /^\d{1,3}$/.test(metal) ? `&metal=${metal}` : ""}` : "";
}

/** `href` with the ring builder's query appended. */
export const withRing = (href: string, ring: string): string => (ring ? `${href}${href.includes("?") ? "&" : "?"}${ring}` : href);
