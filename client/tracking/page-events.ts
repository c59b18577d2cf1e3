/**
 * The events only the browser sees (decision 041): a page view per navigation, view_content on a diamond's or
 * a setting's page, search on the diamond search page. Its own chunk, loaded by client/experiments/tracking.ts
 * once the visitor may be tracked (after consent when One_Trust_Script targets them; never after "denied").
 * Each call names what was seen (a URL, an id); the server reads every value. Sent with `keepalive`, so a
 * call outlives the page it left.
 */
import { isSearchPath, orderOfPath, productOfPath } from "#shared/tracking/page-paths.ts";
import { call } from "../api";
import { isHttpUrl } from "#shared/safe-url.ts";

/** sessionStorage key of the session's landing URL (its utm_* are every page view's). */
const LANDING_KEY = "loupe_landing_url";

/** The diamonds a search page shows, in order (the ids of its result links). */
export function shownDiamondIds(root: ParentNode): number[] {
  const ids: number[] = [];
  for (const a of root.querySelectorAll<HTMLAnchorElement>(".diamond-grid a[href]")) {
    const found = productOfPath(new URL(a.href, location.origin).pathname);
    if (found?.product === "diamond" && !ids.includes(found.id)) ids.push(found.id);
  }
  return ids.slice(0, 100);
}

/**
 * The session's landing URL: kept from the tab's first document; else this document's URL as it was loaded
 * (the navigation entry: a page may have rewritten its address since, e.g. the search page normalising its
 * query and dropping the utm_* parameters).
 */
function landingUrl(): string {
  const loaded = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.name || location.href;
  try {
    const stored = sessionStorage.getItem(LANDING_KEY);
    if (stored) return stored;
    sessionStorage.setItem(LANDING_KEY, loaded);
  } catch {
    // Storage unavailable: this document is the landing page as far as this tab knows.
  }
  return loaded;
}

/** Once the search page's results are shown (not busy): calls `then` with them. */
function whenResultsShown(then: (ids: number[]) => void): void {
  const results = document.querySelector(".results");
  if (!results) return;
  if (results.getAttribute("aria-busy") !== "true") {
    then(shownDiamondIds(document));
    return;
  }
  const observer = new MutationObserver(() => {
    if (results.getAttribute("aria-busy") === "true") return;
    observer.disconnect();
    then(shownDiamondIds(document));
  });
  observer.observe(results, { attributes: true, attributeFilter: ["aria-busy"] });
}

const report = (p: Promise<unknown>) => p.catch((err: unknown) => console.warn("tracking call failed", err));

/**
 * Starts reporting: this page now, and each later navigation (React Router moves through history.pushState and
 * replaceState; back and forward are popstate). A page view per new path; a search per new query on the search page.
 */
export function startPageEvents(): void {
  const landing = landingUrl();
  let lastPath: string | null = null;
  let lastSearch: string | null = null;
  let previousUrl: string | null = null;
  const navigated = () => {
    const { pathname, search, href } = location;
    if (pathname !== lastPath) {
      // Only a web address is sent (an app's referrer, `android-app://…`, would be refused).
      const referrer = previousUrl ?? (isHttpUrl(document.referrer) ? document.referrer : null);
      report(call("POST /tracking/pageview", { body: { url: href, referrer, landingUrl: landing } }, { keepalive: true }));
      const product = productOfPath(pathname);
      if (product) report(call("POST /tracking/view-content", { body: { ...product, url: href } }, { keepalive: true }));
      const orderNumber = orderOfPath(pathname);
      if (orderNumber) report(call("POST /tracking/purchase", { body: { orderNumber } }, { keepalive: true }));
    }
    if (isSearchPath(pathname) && (pathname !== lastPath || search !== lastSearch)) {
      const query = decodeURIComponent(search.slice(1)).slice(0, 200);
      whenResultsShown((resultIds) => report(call("POST /tracking/search", { body: { query, resultIds, url: href } }, { keepalive: true })));
    }
    lastPath = pathname;
    lastSearch = search;
    previousUrl = href;
  };
  for (const method of ["pushState", "replaceState"] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History["pushState"]>) => {
      original(...args);
      navigated();
    };
  }
  addEventListener("popstate", navigated);
  navigated();
}
