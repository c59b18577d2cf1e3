/**
 * `/{blog|education|jewelry}/{subcategorySlug?}` (§2 blog layout): a category's articles, newest first, 12 a page
 * (§5, §9) with a pager (`?page=n`); its subcategories to browse. An unknown subcategory or a page past the last is a
 * 404. Rendered on the server from the article source (a shared render).
 */
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { type ArticleListView, listPath } from "#shared/articles.ts";
import { ArticleCard, ARTICLE_PAGE, articleNotFound, Breadcrumbs, type Crumb, categoryOf, pageArticles, pageOf, slugOr404 } from "../components/article-parts";
import { Pager } from "../components/pager";
import type { RouteHandle } from "../route-handle";
import { breadcrumbList } from "../structured-data";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const category = categoryOf(request);
  const sub = params.sub === undefined ? null : slugOr404(params.sub);
  const view = await pageArticles(context, request).list(category, sub, pageOf(request));
  return view ?? articleNotFound();
}

function trailOf(v: ArticleListView): Crumb[] {
  const trail: Crumb[] = [
    { name: "Home", path: "/" },
    { name: v.category.name, path: v.category.path },
  ];
  if (v.subcategory) trail.push({ name: v.subcategory.name, path: v.subcategory.path });
  return trail;
}

const titleOf = (v: ArticleListView) => (v.subcategory ? `${v.subcategory.name} — ${v.category.name}` : v.category.name);

export const handle: RouteHandle<ArticleListView> = {
  ...ARTICLE_PAGE,
  meta: (v) => {
    if (!v) return { title: "Articles — Loupe" };
    const here = v.subcategory ?? v.category;
    return {
      title: `${titleOf(v)}${v.page > 1 ? `, page ${v.page}` : ""} — Loupe`,
      description: here.description || `Articles from Loupe's editors: ${here.name}.`,
      canonical: listPath(v.category.slug, v.subcategory?.slug ?? null, v.page),
      jsonLd: [breadcrumbList(trailOf(v))],
    };
  },
};

export function Component() {
  const v = useLoaderData<typeof loader>();
  const here = v.subcategory ?? v.category;
  return (
    <section className="page article-list" aria-labelledby="article-list-title">
      <Breadcrumbs trail={trailOf(v)} />
      <h1 id="article-list-title">
        {titleOf(v)}
        {v.page > 1 ? <span className="article-page-no">, page {v.page}</span> : null}
      </h1>
      {here.description ? <p className="article-intro">{here.description}</p> : null}
      {v.subcategories.length ? (
        <nav className="article-topics" aria-label={`${v.category.name} topics`}>
          <ul>
            <li>
              <a href={v.category.path} aria-current={v.subcategory ? undefined : "page"}>
                All {v.category.name.toLowerCase()}
              </a>
            </li>
            {v.subcategories.map((s) => (
              <li key={s.slug}>
                <a href={s.path} aria-current={v.subcategory?.slug === s.slug ? "page" : undefined}>
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {v.articles.length ? (
        <ul className="article-cards" aria-label="Articles">
          {v.articles.map((a) => (
            <ArticleCard key={a.slug} a={a} showCategory={!v.subcategory} />
          ))}
        </ul>
      ) : (
        <p className="article-empty">No articles here yet. Browse the other topics, or come back soon.</p>
      )}
      <Pager page={v.page} pageCount={v.pageCount} hrefFor={(n) => listPath(v.category.slug, v.subcategory?.slug ?? null, n)} />
    </section>
  );
}
