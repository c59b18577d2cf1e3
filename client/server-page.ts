/**
 * Pages whose data only the server reads (content, articles, reviews, retailers: D1 through a page service the
 * worker sets in the router context, worker/middleware/loaders.ts). In the browser a client navigation to such
 * a page becomes a document load, so the server renders it (and its shared render can be reused).
 */
import { redirectDocument, type RouterContext, type RouterContextProvider } from "react-router";

/** The page service behind `key` on the server; in the browser, throws a document load of the same URL. */
export function serverService<T>(context: Readonly<RouterContextProvider>, request: Request, key: RouterContext<T>): T {
  if (typeof document !== "undefined") {
    const url = new URL(request.url);
    throw redirectDocument(url.pathname + url.search);
  }
  return context.get(key);
}
