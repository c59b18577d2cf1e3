/** Search-engine detection for the request context (dark mode is off for search-engine visitors, §2). */

const SEARCH_ENGINE_HOSTS = [
  /(^|\.)google\.[a-z.]+$/,
  /(^|\.)bing\.com$/,
  /(^|\.)yahoo\.[a-z.]+$/,
  /(^|\.)duckduckgo\.com$/,
  /(^|\.)baidu\.com$/,
  /(^|\.)yandex\.[a-z.]+$/,
  /(^|\.)ecosia\.org$/,
  /(^|\.)search\.brave\.com$/,
];

const CRAWLER_UA = /bot|crawler|spider|slurp|bingpreview|mediapartners|facebookexternalhit|embedly|quora link preview/i;

/** True when the referrer URL belongs to a web search engine. */
export function isSearchEngineReferrer(referrer: string | null | undefined): boolean {
  if (!referrer) return false;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return false;
  }
  return SEARCH_ENGINE_HOSTS.some((re) => re.test(host));
}

/** True for search-engine crawlers and link-preview bots. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent && CRAWLER_UA.test(userAgent));
}

export type DevicePlatform = "mobile" | "desktop";

/** Device platform (experiments target "mobile", "desktop" or "all"). */
export function devicePlatform(userAgent: string | null | undefined, chMobile?: string | null): DevicePlatform {
  if (chMobile === "?1") return "mobile";
  if (chMobile === "?0") return "desktop";
  return userAgent && /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? "mobile" : "desktop";
}
