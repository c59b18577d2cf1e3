/**
 * `/reviews` (issue 20 point 4; §4 "reviews interleaved", "paging increments the page after each successful load";
 * §9 page size 9): the counts per provider with averages, then the reviews interleaved Google, Trustpilot, Google…
 * The server renders pages 1..n for `?page=n` (so "More reviews" works as a plain link without JavaScript); with
 * JavaScript the button fetches `GET /api/reviews/{n+1}/9` and appends, advancing n only when the load succeeded —
 * a failed load says so and the button retries the same page. `?min=` (a form GET) keeps reviews of at least that
 * many stars. No AggregateRating JSON-LD: search engines ignore a site's ratings of itself (docs/decisions/021-reviews.md).
 */
import { type MouseEvent, useState } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { REVIEW_PROVIDERS, REVIEWS_MAX_RENDERED_PAGES, REVIEWS_PAGE_SIZE, type Review, type ReviewCounts } from "#shared/reviews.ts";
import { call } from "../api";
import { VERIFIED_MAX_PAGES, VERIFIED_PAGE_SIZE, VerifiedReviews } from "../components/verified-reviews";
import type { RouteHandle } from "../route-handle";
import { reviewsContext } from "../reviews-context";
import { serverService } from "../server-page";

/** The filter's choices: -1 every review, else at least that many stars. */
const MIN_CHOICES = [
  [-1, "All ratings"],
  [5, "5 stars"],
  [4, "4 stars and up"],
  [3, "3 stars and up"],
  [2, "2 stars and up"],
] as const;

const PROVIDER_NAMES = { google: "Google", trustpilot: "Trustpilot" } as const;

/** A whole number from the query within [lo, hi], or the fallback. */
function intParam(url: URL, name: string, lo: number, hi: number, fallback: number): number {
  const raw = url.searchParams.get(name);
  const n = raw !== null && /^-?\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  return n >= lo && n <= hi ? n : fallback;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const pages = intParam(url, "page", 1, REVIEWS_MAX_RENDERED_PAGES, 1);
  const min = intParam(url, "min", -1, 5, -1);
  const vpages = intParam(url, "vpage", 1, VERIFIED_MAX_PAGES, 1);
  const { counts, page, verified } = await serverService(context, request, reviewsContext).reviews(pages, REVIEWS_PAGE_SIZE, min, vpages * VERIFIED_PAGE_SIZE);
  return { counts, reviews: page.reviews, total: page.total, pages, min, verified, vpages };
}

type ReviewsData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<ReviewsData> = {
  // The loader reads only the URL and the reviews.
  sharedRender: true,
  meta: (d) => ({
    title: "Customer reviews — Loupe",
    description: d
      ? `${d.counts.total.count} reviews of Loupe on Google, Trustpilot and from verified purchases, ${d.counts.total.average} stars on average: what shoppers say about comparing and buying diamonds with us.`
      : "What shoppers say about comparing and buying diamonds with Loupe.",
    canonical: "/reviews",
  }),
};

/** Stars as a shopper sees them, and as a screen reader reads them. */
function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className="review-stars">
      <span aria-hidden="true">{"★".repeat(full) + "☆".repeat(5 - full)}</span>
      <span className="visually-hidden">{`${rating} out of 5 stars`}</span>
    </span>
  );
}

function Counts({ counts }: { counts: ReviewCounts }) {
  const line = (label: string, c: { count: number; average: number }) => (
    <div key={label}>
      <dt>{label}</dt>
      <dd>
        <Stars rating={c.average} /> {c.average.toFixed(1)} from {c.count} reviews
      </dd>
    </div>
  );
  return (
    <dl className="review-counts">
      {line(PROVIDER_NAMES.google, counts.google)}
      {line(PROVIDER_NAMES.trustpilot, counts.trustpilot)}
      {line("All reviews", counts.total)}
    </dl>
  );
}

const dateText = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

function ReviewCard({ r, position }: { r: Review; position: number }) {
  const provider = PROVIDER_NAMES[REVIEW_PROVIDERS[r.provider]];
  return (
    <li className="review-card" id={`review-${position}`} data-provider={r.provider}>
      <article aria-labelledby={`review-${position}-title`}>
        <h2 id={`review-${position}-title`}>{r.title}</h2>
        <p className="review-meta">
          <Stars rating={r.rating} /> <span className="review-provider">{provider}</span>
        </p>
        <p>{r.body}</p>
        <p className="review-by">
          {r.author}
          {r.location ? `, ${r.location}` : ""} · <time dateTime={r.date}>{dateText(r.date)}</time>
        </p>
      </article>
    </li>
  );
}

/** The link to the next page (pages 1..n+1 without JavaScript), landing on its first review. */
function nextHref(pages: number, min: number): string {
  const q = new URLSearchParams({ page: String(pages + 1) });
  if (min !== -1) q.set("min", String(min));
  return `/reviews?${q}#review-${pages * REVIEWS_PAGE_SIZE + 1}`;
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const [reviews, setReviews] = useState<Review[]>(data.reviews);
  const [pages, setPages] = useState(data.pages);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const [seen, setSeen] = useState(data);
  if (seen !== data) {
    // A new document render (another filter): start over from what the server sent.
    setSeen(data);
    setReviews(data.reviews);
    setPages(data.pages);
    setState("idle");
  }
  const more = reviews.length < data.total && pages < REVIEWS_MAX_RENDERED_PAGES;

  async function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (state === "loading") return;
    setState("loading");
    const next = pages + 1;
    try {
      const res = await call("GET /reviews/{page}/{size}", {
        params: { page: String(next), size: String(REVIEWS_PAGE_SIZE) },
        query: { min: String(data.min) },
      });
      if (!res.ok) throw new Error(res.error.message);
      setReviews((list) => [...list, ...res.data.reviews]);
      setPages(next);
      setState("idle");
      const url = new URL(window.location.href);
      url.searchParams.set("page", String(next));
      url.hash = "";
      window.history.replaceState(window.history.state, "", url);
    } catch {
      setState("failed");
    }
  }

  return (
    <div className="reviews-page">
      <h1>What shoppers say about Loupe</h1>
      <p className="reviews-intro">Reviews our customers left on Google and Trustpilot, shown in turn from each, and those written here after a delivery.</p>
      <section aria-labelledby="review-counts-heading">
        <h2 id="review-counts-heading" className="visually-hidden">
          Ratings by provider
        </h2>
        <Counts counts={data.counts} />
      </section>
      <form method="get" action="/reviews" className="review-filter">
        <label htmlFor="review-min">Minimum rating</label>
        <select id="review-min" name="min" defaultValue={String(data.min)}>
          {MIN_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <button type="submit">Show reviews</button>
      </form>
      <VerifiedReviews verified={data.verified} average={data.counts.verified.average} vpages={data.vpages} pages={pages} min={data.min} />
      {data.verified.total > 0 ? <h2 className="reviews-providers-heading">On Google and Trustpilot</h2> : null}
      <p className="review-total" aria-live="polite">
        {data.total === 0 ? "No reviews match this rating yet." : `Showing ${reviews.length} of ${data.total} reviews`}
      </p>
      <ol className="review-list" aria-label="Reviews">
        {reviews.map((r, i) => (
          <ReviewCard key={r.id} r={r} position={i + 1} />
        ))}
      </ol>
      {state === "failed" ? (
        <p className="review-error" role="alert">
          We couldn't load more reviews. Check your connection, then select More reviews to try again.
        </p>
      ) : null}
      {more ? (
        <a className="review-more" href={nextHref(pages, data.min)} onClick={loadMore} aria-busy={state === "loading"}>
          {state === "loading" ? "Loading more reviews…" : "More reviews"}
        </a>
      ) : null}
    </div>
  );
}
