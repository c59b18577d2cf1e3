/**
 * Campaign parameters (utm_*, ad click ids) in a page's query. Pages that move a visitor to their canonical
 * address keep them, so the page-view record and the ad-click cookie still see where the visit came from.
 * Plain string work: the diamond search page's bundle carries it.
 */

/** A query key that names a campaign, not a page's state. */
export const isCampaignKey = (key: string) => /^(utm_[a-z_]+|gclid|gbraid|wbraid|fbclid|ttclid|msclkid|epik)$/i.test(key);

/** The raw query (without "?") split into the page's own part and the campaign part, each kept as typed. */
export function splitCampaign(search: string): { own: string; campaign: string } {
  const own: string[] = [];
  const campaign: string[] = [];
  for (const pair of search.replace(/^\?/, "").split("&")) {
    if (!pair) continue;
    const key = decodeURIComponent(pair.split("=")[0]!.replace(/\+/g, " "));
    (isCampaignKey(key) ? campaign : own).push(pair);
  }
  return { own: own.join("&"), campaign: campaign.join("&") };
}

/** `href` with the campaign part appended to its query. */
export function withCampaign(href: string, campaign: string): string {
  if (!campaign) return href;
  return `${href}${href.includes("?") ? "&" : "?"}${campaign}`;
}
