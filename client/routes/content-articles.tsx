/**
 * `/content/articles` and `/content/articles/{slug}` (admin session from `?token=…`, like /experiments: anyone else gets the
 * not-found page): the operator lists every article of the embedded CMS (drafts included) and edits one's title,
 * description, Markdown body and status with a plain form post (works without JavaScript); a bad field is named
 * beside it. Linked from the content engineer's `/content`.
 */
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { ARTICLE_STATUSES, type AdminArticle } from "#shared/articles.ts";
import { articleNotFound, formatArticleDay, pageArticles, slugOr404 } from "../components/article-parts";
import type { RouteHandle } from "../route-handle";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = (await pageArticles(context, request).admin()) ?? articleNotFound();
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  if (params.slug === undefined) return { articles: await admin.list(), article: null, upstream: admin.upstream, saved };
  const article = (await admin.get(slugOr404(params.slug))) ?? articleNotFound();
  return { articles: null, article, upstream: admin.upstream, saved };
}

const FIELDS = ["title", "description", "body", "status"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = (await pageArticles(context, request).admin()) ?? articleNotFound();
  const slug = slugOr404(params.slug);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as Values;
  const r = await admin.save(slug, values);
  if (r.ok) throw redirect(`/content/articles/${slug}?saved=1`, 303);
  if (r.kind === "not_found") articleNotFound();
  const errors: Record<string, string> = {};
  for (const d of r.details ?? []) errors[d.path] ??= d.message;
  return data({ values, errors, message: r.message }, { status: 400 });
}

type PageData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<PageData> = {
  flags: { preventRobots: true, preventCouponPopup: true, hideOfferLauncher: true, footer: false },
  meta: (d) => ({ title: d?.article ? `Edit “${d.article.title}” — Loupe` : "Articles — Loupe content" }),
};

function ArticleTable({ articles }: { articles: AdminArticle[] }) {
  return (
    <table className="admin-articles">
      <caption>Every article, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Status</th>
          <th scope="col">Published</th>
          <th scope="col">Address</th>
        </tr>
      </thead>
      <tbody>
        {articles.map((a) => (
          <tr key={a.slug} data-article={a.slug}>
            <th scope="row">
              <a href={`/content/articles/${a.slug}`}>{a.title}</a>
            </th>
            <td>{a.status === "published" ? "Published" : "Draft"}</td>
            <td>{formatArticleDay(a.published)}</td>
            <td>{a.status === "published" ? <a href={a.path}>{a.path}</a> : a.path}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FieldError({ name, errors }: { name: string; errors: Record<string, string> }) {
  return errors[name] ? (
    <p className="field-error" id={`article-${name}-error`}>
      {errors[name]}
    </p>
  ) : null;
}

function invalid(name: string, errors: Record<string, string>) {
  return errors[name] ? { "aria-invalid": true, "aria-describedby": `article-${name}-error` } : {};
}

function EditForm({ article }: { article: AdminArticle }) {
  const answer = useActionData<typeof action>();
  const errors = answer?.errors ?? {};
  const v: Values = answer?.values ?? { title: article.title, description: article.description, body: article.body, status: article.status };
  return (
    // A plain form (not React Router's): the post is always a document request, read by the server's action.
    <form method="post" className="article-edit" noValidate>
      {answer ? (
        <p role="alert" className="form-message">
          {answer.message}
        </p>
      ) : null}
      <div className={errors.title ? "field invalid" : "field"}>
        <label htmlFor="article-title-field">Title</label>
        <input id="article-title-field" name="title" defaultValue={v.title} {...invalid("title", errors)} />
        <FieldError name="title" errors={errors} />
      </div>
      <div className={errors.description ? "field invalid" : "field"}>
        <label htmlFor="article-description-field">Description (20–300 characters)</label>
        <textarea id="article-description-field" name="description" rows={3} defaultValue={v.description} {...invalid("description", errors)} />
        <FieldError name="description" errors={errors} />
      </div>
      <div className={errors.body ? "field invalid" : "field"}>
        <label htmlFor="article-body-field">Body (Markdown)</label>
        <textarea id="article-body-field" name="body" rows={24} defaultValue={v.body} {...invalid("body", errors)} />
        <FieldError name="body" errors={errors} />
      </div>
      <div className={errors.status ? "field invalid" : "field"}>
        <label htmlFor="article-status-field">Status</label>
        <select id="article-status-field" name="status" defaultValue={v.status} {...invalid("status", errors)}>
          {ARTICLE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === "published" ? "Published" : "Draft (hidden from the site)"}
            </option>
          ))}
        </select>
        <FieldError name="status" errors={errors} />
      </div>
      <button type="submit">Save article</button>
    </form>
  );
}

export function Component() {
  const d = useLoaderData<typeof loader>();
  return (
    <section className="page content-articles" aria-labelledby="content-articles-title">
      <p className="breadcrumbs">
        <a href="/content">Content</a> / <a href="/content/articles">Articles</a>
      </p>
      <h1 id="content-articles-title">{d.article ? `Edit “${d.article.title}”` : "Articles"}</h1>
      {d.upstream ? (
        <p className="form-message">The site reads articles from the upstream blog CMS (BLOG_CMS_URL): edits here change only the embedded copy.</p>
      ) : null}
      {d.saved ? (
        <p role="status" className="form-message">
          Saved. The article page shows the change within 30 seconds.
        </p>
      ) : null}
      {d.article ? (
        <>
          <p>
            {d.article.status === "published" ? <a href={d.article.path}>View the article</a> : "A draft: not shown on the site."} · Published{" "}
            {formatArticleDay(d.article.published)}
          </p>
          <EditForm article={d.article} />
        </>
      ) : (
        <ArticleTable articles={d.articles ?? []} />
      )}
    </section>
  );
}
