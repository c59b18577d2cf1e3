/**
 * Pieces of the article pages (issue 20 point 2): the breadcrumb trail, an article's card in a list, its date, and
 * the loader helpers (the page service on the server, the category from the address, 404s).
 */
import { data, Link, type RouterContextProvider } from "react-router";
import { type ArticleSummary, isTopCategory, type TopCategory } from "#shared/articles.ts";
import { articlesContext, type ArticlesService } from "../articles-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";

/** One step of a breadcrumb trail (the last is the page itself). */
export interface Crumb {
  name: string;
  path: string;
}

/** The article pages' service (a document load when a client navigation reaches these pages). */
export const pageArticles = (context: Readonly<RouterContextProvider>, request: Request): ArticlesService => serverService(context, request, articlesContext);

/** The not-found page, status 404. */
export function articleNotFound(): never {
  throw data("Not found", { status: 404 });
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A path segment that can be a slug, or a 404. */
export function slugOr404(s: string | undefined): string {
  if (!s || s.length > 120 || !SLUG.test(s)) articleNotFound();
  return s;
}

/** The top category the address starts with (the routes exist only for the three). */
export function categoryOf(request: Request): TopCategory {
  const first = new URL(request.url).pathname.split("/")[1] ?? "";
  return isTopCategory(first) ? first : articleNotFound();
}

/** `?page=n` (absent: 1); anything but a positive whole number is a 404. */
export function pageOf(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page");
  if (raw === null) return 1;
  return /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : articleNotFound();
}

/** An ISO day (YYYY-MM-DD) as "2 March 2026", the same on server and browser. */
export function formatArticleDay(day: string): string {
  return new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
}

/** The breadcrumb trail; the current page is the last step. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {trail.map((c, i) =>
          i === trail.length - 1 ? (
            <li key={c.path} aria-current="page">
              {c.name}
            </li>
          ) : (
            <li key={c.path}>
              <Link to={c.path}>{c.name}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

/** An article in a list: title link, summary, author and date. */
export function ArticleCard({ a, showCategory = false, heading: H = "h2" }: { a: ArticleSummary; showCategory?: boolean; heading?: "h2" | "h3" }) {
  return (
    <li className="article-card">
      <H>
        <Link to={a.path}>{a.title}</Link>
      </H>
      <p>{a.description}</p>
      <p className="article-byline">
        {showCategory ? <>{a.subcategoryName} · </> : null}
        By <Link to={`/author/${a.author.id}`}>{a.author.name}</Link> · <time dateTime={a.published}>{formatArticleDay(a.published)}</time>
      </p>
    </li>
  );
}

/** The handle flags of the public article pages (a shared render: nothing visitor-specific is read). */
export const ARTICLE_PAGE: Pick<RouteHandle, "sharedRender" | "flags"> = { sharedRender: true, flags: { scrollToTop: true } };
