/**
 * The shop's own verified-purchase reviews on /reviews (decision 037): their own list beside the providers'
 * interleaved one (§4's alternation is between providers 1 and 2 and stays exact), each marked "Verified
 * purchase", with their count and average. "More verified purchases" is a plain link (`?vpage=n`, the server
 * renders the first n × 6): it works without JavaScript.
 */
import type { VerifiedReview, VerifiedReviewPage } from "#shared/orders/reviews.ts";

/** Verified reviews per `?vpage=` step, and the most steps rendered. */
export const VERIFIED_PAGE_SIZE = 6;
export const VERIFIED_MAX_PAGES = 50;

const dateText = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

function VerifiedCard({ r }: { r: VerifiedReview }) {
  const heading = r.title || (r.product ? `About ${r.product}` : "About buying with Loupe");
  return (
    <li className="verified-review-card" id={`verified-${r.id}`}>
      <article aria-labelledby={`verified-${r.id}-title`}>
        <h3 id={`verified-${r.id}-title`}>{heading}</h3>
        <p className="verified-review-meta">
          <span className="review-stars">
            <span aria-hidden="true">{"★".repeat(r.rating) + "☆".repeat(5 - r.rating)}</span>
            <span className="visually-hidden">{`${r.rating} out of 5 stars`}</span>
          </span>{" "}
          <span className="verified-badge">Verified purchase</span>
        </p>
        {r.product && r.title ? <p className="verified-review-meta">Reviewed: {r.product}</p> : null}
        <p>{r.body}</p>
        <p className="verified-review-by">
          {r.author} · <time dateTime={r.date}>{dateText(r.date)}</time>
        </p>
      </article>
    </li>
  );
}

/** The section, or nothing while there is no published verified review (for this filter). */
export function VerifiedReviews({
  verified,
  average,
  vpages,
  pages,
  min,
}: {
  verified: VerifiedReviewPage;
  average: number;
  vpages: number;
  pages: number;
  min: number;
}) {
  if (verified.total === 0) return null;
  const next = new URLSearchParams();
  if (pages > 1) next.set("page", String(pages));
  if (min !== -1) next.set("min", String(min));
  next.set("vpage", String(vpages + 1));
  const more = verified.reviews.length < verified.total && vpages < VERIFIED_MAX_PAGES;
  return (
    <section className="verified-reviews" aria-labelledby="verified-heading">
      <h2 id="verified-heading">From customers who bought here</h2>
      <p className="review-total">
        {verified.total} verified purchase {verified.total === 1 ? "review" : "reviews"}
        {min > 0 ? ` with at least ${min} stars` : `, ${average.toFixed(1)} stars on average`}: written by shoppers after their order was delivered.
      </p>
      <ul className="verified-review-list" aria-label="Verified purchase reviews">
        {verified.reviews.map((r) => (
          <VerifiedCard key={r.id} r={r} />
        ))}
      </ul>
      {more ? (
        <a className="review-more" href={`/reviews?${next}#verified-${verified.reviews.at(-1)?.id ?? ""}`}>
          Show more verified purchases
        </a>
      ) : null}
    </section>
  );
}

/** A product page's verified-purchase reviews (settings, bands, jewellery), or nothing while it has none. */
export function ProductVerifiedReviews({ reviews, name }: { reviews: readonly VerifiedReview[] | undefined; name: string }) {
  if (!reviews?.length) return null;
  const average = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
  return (
    <section className="verified-reviews" aria-labelledby="product-reviews-heading">
      <h2 id="product-reviews-heading">Reviews from customers who bought it</h2>
      <p className="review-total">{`${reviews.length} verified purchase ${reviews.length === 1 ? "review" : "reviews"} of ${name}, ${average.toFixed(1)} stars on average.`}</p>
      <ul className="verified-review-list" aria-label={`Verified purchase reviews of ${name}`}>
        {reviews.map((r) => (
          <VerifiedCard key={r.id} r={r} />
        ))}
      </ul>
    </section>
  );
}
