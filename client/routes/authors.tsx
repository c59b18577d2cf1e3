/** `/authors` (§2): Loupe's writers and gemologists, each with their role, a short bio and a link to their articles. */
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { Author } from "#shared/articles.ts";
import { ARTICLE_PAGE, Breadcrumbs, pageArticles } from "../components/article-parts";
import type { RouteHandle } from "../route-handle";
import { breadcrumbList } from "../structured-data";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { authors: await pageArticles(context, request).authors() };
}

const TRAIL = [
  { name: "Home", path: "/" },
  { name: "Authors", path: "/authors" },
];

export const handle: RouteHandle<{ authors: Author[] }> = {
  ...ARTICLE_PAGE,
  meta: () => ({
    title: "Our authors — Loupe",
    description: "The gemologists and editors who write Loupe's guides to diamonds, rings and fine jewellery.",
    canonical: "/authors",
    jsonLd: [breadcrumbList(TRAIL)],
  }),
};

export function Component() {
  const { authors } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow authors-page" aria-labelledby="authors-title">
      <Breadcrumbs trail={TRAIL} />
      <h1 id="authors-title">Our authors</h1>
      <p className="article-intro">Every guide on Loupe is written by someone who grades, sets or sells diamonds for a living.</p>
      {authors.length ? (
        <ul className="author-cards" aria-label="Authors">
          {authors.map((a) => (
            <li key={a.id} className="author-card">
              <h2>
                <Link to={a.path}>{a.name}</Link>
              </h2>
              <p className="article-byline">
                {a.role} · {a.articleCount === 1 ? "1 article" : `${a.articleCount} articles`}
              </p>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered and sanitised on the server */}
              <div className="author-bio" dangerouslySetInnerHTML={{ __html: a.bioHtml }} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="article-empty">No authors to show right now.</p>
      )}
    </section>
  );
}
