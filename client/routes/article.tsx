/**
 * `/{blog|education|jewelry}/{subcategorySlug}/{articleSlug}` (§2 blog layout): one article, its Markdown rendered on
 * the server (sanitised, worker/content/markdown.ts), the author's link, the date and the breadcrumbs; JSON-LD Article
 * and BreadcrumbList. An existing article under another subcategory answers 301 to its address; unknown is a 404.
 */
import { redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { type ArticleView, authorPath, listPath } from "#shared/articles.ts";
import { ARTICLE_PAGE, articleNotFound, Breadcrumbs, type Crumb, categoryOf, formatArticleDay, pageArticles, slugOr404 } from "../components/article-parts";
import type { RouteHandle } from "../route-handle";
import { article, breadcrumbList } from "../structured-data";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const category = categoryOf(request);
  const answer = await pageArticles(context, request).article(category, slugOr404(params.sub), slugOr404(params.slug));
  if (!answer) articleNotFound();
  if ("redirect" in answer) throw redirect(answer.redirect + new URL(request.url).search, 301);
  return answer.article;
}

function trailOf(a: ArticleView): Crumb[] {
  return [
    { name: "Home", path: "/" },
    { name: a.categoryName, path: listPath(a.category, null) },
    { name: a.subcategoryName, path: listPath(a.category, a.subcategory) },
    { name: a.title, path: a.path },
  ];
}

export const handle: RouteHandle<ArticleView> = {
  ...ARTICLE_PAGE,
  meta: (a) =>
    a
      ? {
          title: `${a.title} — Loupe`,
          description: a.description,
          canonical: a.path,
          type: "article",
          jsonLd: [
            article({
              headline: a.title,
              description: a.description,
              path: a.path,
              author: { name: a.author.name, path: authorPath(a.author.id) },
              published: a.published,
              modified: a.updated,
            }),
            breadcrumbList(trailOf(a)),
          ],
        }
      : { title: "Article — Loupe" },
};

export function Component() {
  const a = useLoaderData<typeof loader>();
  return (
    <article className="page narrow article-page" aria-labelledby="article-title">
      <Breadcrumbs trail={trailOf(a)} />
      <header className="article-header">
        <h1 id="article-title">{a.title}</h1>
        <p className="article-lede">{a.description}</p>
        <p className="article-byline">
          By <a href={authorPath(a.author.id)}>{a.author.name}</a>, {a.authorRole} · Published{" "}
          <time dateTime={a.published}>{formatArticleDay(a.published)}</time>
          {a.updated > a.published ? (
            <>
              {" "}
              · Updated <time dateTime={a.updated}>{formatArticleDay(a.updated)}</time>
            </>
          ) : null}
        </p>
      </header>
      {/* Rendered on the server by markdown-it with raw HTML escaped and only safe URLs (worker/content/markdown.ts). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by construction on the server */}
      <div className="article-body" dangerouslySetInnerHTML={{ __html: a.html }} />
      <p className="article-more">
        More in <a href={listPath(a.category, a.subcategory)}>{a.subcategoryName}</a> · <a href={authorPath(a.author.id)}>More from {a.author.name}</a>
      </p>
    </article>
  );
}
