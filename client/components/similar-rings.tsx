import { formatUsd } from "#shared/money.ts";
import type { RingSummary } from "#shared/rings.ts";

/**
 * "Rings for this diamond" or "Similar rings" (§5): 12 in a grid when Similar_Rings_As_Grid targets the visitor, else the first
 * 6 in one scrolling row. Plain links: nothing here needs JavaScript.
 */
export function SimilarRings({ rings, grid, heading = "Rings for this diamond" }: { rings: RingSummary[]; grid: boolean; heading?: string }) {
  const shown = rings.slice(0, grid ? 12 : 6);
  if (shown.length === 0) return null;
  return (
    <section className="similar-rings-section" aria-labelledby="similar-rings-heading">
      <h2 id="similar-rings-heading">{heading}</h2>
      <ul className={grid ? "similar-rings grid" : "similar-rings row"} data-layout={grid ? "grid" : "row"}>
        {shown.map((r) => (
          <li key={r.settingId}>
            <a href={r.url}>
              <img src={r.imageUrl} loading="lazy" width={160} height={160} alt="" />
              <span>{r.name}</span>
              <span>
                {r.priceBeforeDiscount !== null ? (
                  <>
                    <span className="visually-hidden">Was </span>
                    <s>{formatUsd(r.priceBeforeDiscount)}</s>{" "}
                  </>
                ) : null}
                <strong>{formatUsd(r.price)}</strong>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
