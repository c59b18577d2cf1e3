/** `/author/{id}` (§2): one author's bio and their published articles, newest first; an unknown id is a 404. */
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { AuthorDetail } from "#shared/articles.ts";
import { ArticleCard, ARTICLE_PAGE, articleNotFound, Breadcrumbs, type Crumb, pageArticles, slugOr404 } from "../components/article-parts";
import type { RouteHandle } from "../route-handle";
import { breadcrumbList } from "../structured-data";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return (await pageArticles(context, request).author(slugOr404(params.id))) ?? articleNotFound();
}

const trailOf = (a: AuthorDetail): Crumb[] => [
  { name: "Home", path: "/" },
  { name: "Authors", path: "/authors" },
  { name: a.name, path: a.path },
];

export const handle: RouteHandle<AuthorDetail> = {
  ...ARTICLE_PAGE,
  meta: (a) =>
    a
      ? {
          title: `${a.name}, ${a.role} — Loupe`,
          description: `Guides by ${a.name}, ${a.role} at Loupe.`,
          canonical: a.path,
          jsonLd: [breadcrumbList(trailOf(a))],
        }
      : { title: "Author — Loupe" },
};

export function Component() {
  const a = useLoaderData<typeof loader>();
  return (
    <section className="page narrow author-page" aria-labelledby="author-title">
      <Breadcrumbs trail={trailOf(a)} />
      <h1 id="author-title">{a.name}</h1>
      <p className="article-byline">{a.role}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered and sanitised on the server */}
      <div className="author-bio" dangerouslySetInnerHTML={{ __html: a.bioHtml }} />
      <h2>Articles by {a.name}</h2>
      {a.articles.length ? (
        <ul className="article-cards" aria-label={`Articles by ${a.name}`}>
          {a.articles.map((x) => (
            <ArticleCard key={x.slug} a={x} showCategory heading="h3" />
          ))}
        </ul>
      ) : (
        <p className="article-empty">No published articles yet.</p>
      )}
    </section>
  );
}
