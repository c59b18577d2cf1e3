import { Link } from "react-router";
import { CLARITIES, COLORS, CUTS, FINISH_GRADES, labelOf } from "#shared/enums.ts";
import { formatUsd } from "#shared/money.ts";
import type { DiamondSummary } from "#shared/schemas.ts";
import { AVAILABILITY_TEXT, diamondAvailability } from "#shared/availability.ts";

type Comparable = Pick<
  DiamondSummary,
  "id" | "slug" | "carat" | "color" | "clarity" | "cut" | "polish" | "symmetry" | "price" | "shippingDays" | "retailer" | "lwRatio" | "isSold" | "availability"
>;

const ROWS: [string, (d: Comparable) => string][] = [
  ["Price", (d) => formatUsd(d.price)],
  ["Carat", (d) => d.carat.toFixed(2)],
  ["Price per carat", (d) => formatUsd(d.price / d.carat)],
  ["Colour", (d) => labelOf(COLORS, d.color)],
  ["Clarity", (d) => labelOf(CLARITIES, d.clarity)],
  ["Cut", (d) => labelOf(CUTS, d.cut)],
  ["Polish", (d) => labelOf(FINISH_GRADES, d.polish)],
  ["Symmetry", (d) => labelOf(FINISH_GRADES, d.symmetry)],
  ["L/W ratio", (d) => d.lwRatio.toFixed(2)],
  ["Ships in", (d) => `${d.shippingDays} d`],
  ["Retailer", (d) => d.retailer.name],
  ["Available", (d) => AVAILABILITY_TEXT[diamondAvailability(d)]],
];

export interface CompareColumn {
  d: Comparable;
  /** Column heading; a link to the diamond when not given. */
  header?: React.ReactNode;
}

/** Diamonds side by side, one column each (a plain table: readable without JavaScript). */
export function CompareTable({ heading, columns }: { heading: string; columns: CompareColumn[] }) {
  if (columns.length < 2) return null;
  return (
    <section className="compare" aria-labelledby="compare-heading">
      <h2 id="compare-heading">{heading}</h2>
      <div className="compare-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Feature</span>
              </th>
              {columns.map(({ d, header }) => (
                <th scope="col" key={d.id}>
                  {header ?? <Link to={`/diamond/${d.id}/${d.slug}`}>{`${d.carat.toFixed(2)} ct`}</Link>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {columns.map(({ d }) => (
                  <td key={d.id}>{value(d)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
