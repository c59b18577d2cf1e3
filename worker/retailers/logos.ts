/**
 * Upstream retailers' logos served from this site (`/images/retailer-logos/{slug}.svg`, worker/images.ts): the
 * retailer's `logoUrl` read from the upstream directory as SVG with §8's retries. A transient failure after the
 * retries skips the logo (404: the page shows the image's alt text); other failures are an UpstreamError (502).
 * Without an upstream directory the generated logos at `/images/retailers/{slug}.svg` are the logos.
 */
import type { RetailerDirectoryClient } from "./upstream";

/** The logo path the directory answers for an upstream retailer with a logo. */
export const upstreamLogoPath = (slug: string) => `/images/retailer-logos/${slug}.svg`;

/** The SVG of an upstream retailer's logo, or null when there is none (unknown, hidden, no logoUrl, or skipped). */
export async function upstreamLogo(upstream: RetailerDirectoryClient, slug: string): Promise<string | null> {
  const { retailer } = await upstream.get(slug);
  if (retailer?.status !== 2 || !retailer.logoUrl.trim()) return null;
  return upstream.logo(retailer.logoUrl);
}
