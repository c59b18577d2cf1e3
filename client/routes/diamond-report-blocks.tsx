/**
 * The blocks of a report page (issue 21 point 3; §3 Diamond report: sections shown as title, rating, maxRating
 * and list): each section with its rating and checklist, the deal score with its comparison set, and the
 * gemologist review (its request form, the pending state, the answers). Forms post to the report page.
 */
import { CLARITIES, COLORS, CUTS, labelOf } from "#shared/enums.ts";
import { formatCount, formatUsd } from "#shared/money.ts";
import type { ChecklistLine, DealScore, GemologistReview, ReportSection } from "#shared/reports/schemas.ts";
import { diamondPath } from "#shared/slug.ts";
import { formatDay } from "../components/order-parts";
import { FormAlert, type FormProblem, Rating } from "./diamond-report-parts";

const VERDICT: Record<ChecklistLine["verdict"], { icon: string; label: string }> = {
  good: { icon: "✓", label: "Good" },
  fair: { icon: "!", label: "Fair" },
  poor: { icon: "✗", label: "Poor" },
  unknown: { icon: "?", label: "Unknown" },
};

/** A section: its title, rating out of maxRating (bar and text), and its checklist (verdict, what, why). */
export function Section({ s }: { s: ReportSection }) {
  const id = `section-${s.name}`;
  return (
    <section className="report-section" aria-labelledby={id} data-section={s.name}>
      <h2 id={id}>{s.title}</h2>
      <Rating score={s.score} max={s.maxScore} label="Rating" />
      <ul className="report-checklist">
        {s.checklist.map((line) => (
          <li key={`${line.text}-${line.why}`} className={`verdict-${line.verdict}`}>
            <span className="verdict-icon" aria-hidden="true">
              {VERDICT[line.verdict].icon}
            </span>
            <span className="verdict-label">{VERDICT[line.verdict].label}:</span> <strong>{line.text}</strong>
            <span className="why"> — {line.why}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The deal score: out of 10, in words, its percentile and median, the nearest comparables, all of them as a search, scoring again. */
export function DealScoreBlock({ deal, problem }: { deal: DealScore | null; problem: FormProblem | undefined }) {
  const rescore = (
    <>
      <FormAlert problem={problem} form="rescore" />
      <form method="post" className="inline-form">
        <input type="hidden" name="_intent" value="rescore" />
        <button type="submit">Score again with today's listings</button>
      </form>
    </>
  );
  if (!deal) {
    return (
      <section className="report-deal" id="deal-score" aria-labelledby="deal-heading">
        <h2 id="deal-heading">Deal score</h2>
        <p>This report has no deal score yet.</p>
        {rescore}
      </section>
    );
  }
  return (
    <section className="report-deal" id="deal-score" aria-labelledby="deal-heading">
      <h2 id="deal-heading">Deal score</h2>
      {deal.score === null ? <p className="report-deal-none">Not scored</p> : <Rating score={deal.score} max={deal.maxScore} label="Deal score" />}
      <p className="report-explanation">{deal.explanation}</p>
      <dl className="facts">
        {deal.percentile !== null ? (
          <div className="fact">
            <dt>Comparable stones that cost more</dt>
            <dd>{Math.round(deal.percentile)}%</dd>
          </div>
        ) : null}
        {deal.medianPrice !== null ? (
          <div className="fact">
            <dt>Median price of comparable stones</dt>
            <dd>{formatUsd(deal.medianPrice)}</dd>
          </div>
        ) : null}
        <div className="fact">
          <dt>Price scored</dt>
          <dd>{formatUsd(deal.price)}</dd>
        </div>
        <div className="fact">
          <dt>Scored on</dt>
          <dd>{formatDay(deal.computedAt)}</dd>
        </div>
      </dl>
      {deal.comparables.length ? (
        <div className="table-scroll">
          <table className="report-comparables">
            <caption>The nearest comparable stones listed now (prices adjusted to this stone's carat and grades)</caption>
            <thead>
              <tr>
                <th scope="col">Carat</th>
                <th scope="col">Colour</th>
                <th scope="col">Clarity</th>
                <th scope="col">Cut</th>
                <th scope="col">Retailer</th>
                <th scope="col">Price</th>
                <th scope="col">Adjusted price</th>
                <th scope="col">
                  <span className="visually-hidden">Diamond page</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deal.comparables.map(({ diamond: d, adjustedPrice }) => (
                <tr key={d.id} data-diamond-id={d.id}>
                  <td>{d.carat.toFixed(2)}</td>
                  <td>{labelOf(COLORS, d.color)}</td>
                  <td>{labelOf(CLARITIES, d.clarity)}</td>
                  <td>{labelOf(CUTS, d.cut)}</td>
                  <td>{d.retailer.name}</td>
                  <td>{formatUsd(d.price)}</td>
                  <td>{formatUsd(adjustedPrice)}</td>
                  <td>
                    <a
                      href={diamondPath(d)}
                      aria-label={`View the ${d.carat.toFixed(2)} ct ${labelOf(COLORS, d.color)} ${labelOf(CLARITIES, d.clarity)} diamond`}
                    >
                      View
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {deal.comparableCount > 0 ? (
        <p>
          <a href={deal.searchUrl}>
            See all {formatCount(deal.comparableCount)} comparable {deal.comparableCount === 1 ? "stone" : "stones"}
          </a>
        </p>
      ) : null}
      {rescore}
    </section>
  );
}

const REVIEW_VERDICT: Record<NonNullable<GemologistReview["verdict"]>, string> = {
  recommended: "Recommended",
  acceptable: "Acceptable",
  "not-recommended": "Not recommended",
};

/** One review: waiting for a gemologist, or the gemologist's answer. */
function Review({ r }: { r: GemologistReview }) {
  if (r.status === "pending") {
    return (
      <li className="review-pending" role="status">
        Requested on {formatDay(r.requestedAt)}. A gemologist will answer within a working day; we'll email you.
      </li>
    );
  }
  return (
    <li className="review-answered">
      <p>
        <strong>{r.verdict ? REVIEW_VERDICT[r.verdict] : "Answered"}</strong>
        {r.gemologist ? ` — ${r.gemologist}` : null}
        {r.answeredAt ? `, ${formatDay(r.answeredAt)}` : null}
      </p>
      {r.answer ? <p className="review-answer">{r.answer}</p> : null}
    </li>
  );
}

/** The gemologist review: the answers and any pending request, or the form to ask for one. */
export function GemologistBlock(props: { reviews: readonly GemologistReview[]; productUrl: string | null; problem: FormProblem | undefined }) {
  const { reviews, productUrl, problem } = props;
  const pending = reviews.some((r) => r.status === "pending");
  const error = problem?.form === "review" ? problem.fields.productUrl : undefined;
  return (
    <section className="report-gemologist" id="gemologist" aria-labelledby="gemologist-heading">
      <h2 id="gemologist-heading">Gemologist review</h2>
      {reviews.length ? (
        <ul className="report-reviews">
          {reviews.map((r) => (
            <Review key={r.id} r={r} />
          ))}
        </ul>
      ) : (
        <p>A Loupe gemologist can look at this stone for you — its certificate, photos and video where the seller has them — and tell you what they think.</p>
      )}
      {pending ? null : (
        <>
          <FormAlert problem={problem} form="review" />
          <form method="post" className="report-form" aria-labelledby="gemologist-heading">
            <input type="hidden" name="_intent" value="review" />
            <div className={error ? "field invalid" : "field"}>
              <label htmlFor="review-productUrl">
                Product page <span className="muted">(optional)</span>
              </label>
              <input
                id="review-productUrl"
                name="productUrl"
                type="url"
                defaultValue={(problem?.form === "review" ? problem.values.productUrl : productUrl) ?? ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "review-productUrl-error" : undefined}
              />
              {error ? (
                <p className="field-error" id="review-productUrl-error">
                  {error}
                </p>
              ) : null}
            </div>
            <button type="submit">{reviews.length ? "Ask a gemologist again" : "Ask a gemologist"}</button>
          </form>
        </>
      )}
    </section>
  );
}
