/** Small parts of the retailer pages (issue 20 point 5): what a retailer sells, its ratings, its search link. */
import { Link } from "react-router";
import type { DirectoryRetailer } from "#shared/retailers/schemas.ts";
import { DEFAULT_STATE, searchHref } from "#shared/search-url.ts";

const PROVIDERS: Record<string, string> = { google: "Google", trustpilot: "Trustpilot", loupe: "Loupe shoppers" };

/** "Natural diamonds", "Lab-grown diamonds" or both, from the retailer type (1, 2, 3). */
export function sellsText(type: number | undefined): string {
  if (type === 1) return "Natural diamonds";
  if (type === 2) return "Lab-grown diamonds";
  return "Natural and lab-grown diamonds";
}

/** The retailer's ratings by provider, as a definition list. */
export function Ratings({ ratings }: { ratings: DirectoryRetailer["ratings"] }) {
  if (!ratings?.length) return null;
  return (
    <dl className="retailer-ratings">
      {ratings.map((r) => (
        <div key={r.provider}>
          <dt>{PROVIDERS[r.provider] ?? r.provider}</dt>
          <dd>
            <span aria-hidden="true">★ </span>
            {r.rating.toFixed(1)} out of 5 ({r.count.toLocaleString("en-US")} ratings)
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Links to the retailer's stones in the diamond search (its natural and/or lab-grown ones). */
export function StoneLinks({ retailer }: { retailer: Pick<DirectoryRetailer, "id" | "type" | "name"> }) {
  const id = retailer.id;
  if (id === undefined) return null;
  const natural = (retailer.type ?? 3) & 1 ? searchHref({ ...DEFAULT_STATE, naturalDiamondRetailers: [id] }) : null;
  const lab = (retailer.type ?? 3) & 2 ? searchHref({ ...DEFAULT_STATE, isLabGrown: true, labGrownDiamondRetailers: [id] }) : null;
  return (
    <p className="retailer-stones">
      {natural && <Link to={natural}>Natural diamonds from {retailer.name}</Link>}
      {natural && lab && " · "}
      {lab && <Link to={lab}>Lab-grown diamonds from {retailer.name}</Link>}
    </p>
  );
}

/** A retailer's card in a list: logo, name (linking to its page), place, what it sells, ratings, distance. */
export function RetailerCard({ r }: { r: DirectoryRetailer & { stones?: number } }) {
  return (
    <li className="retailer-card">
      <article aria-labelledby={`retailer-${r.slugurl}`}>
        {r.logoUrl && <img src={r.logoUrl} alt="" width={160} height={48} loading="lazy" />}
        <h2 id={`retailer-${r.slugurl}`}>
          <Link to={`/our-retailers/${r.slugurl}`}>{r.name}</Link>
        </h2>
        <p className="retailer-place">
          {r.city}, {r.state}
          {typeof r.distance === "number" && <span className="retailer-distance"> · {r.distance.toFixed(1)} miles away</span>}
        </p>
        <p>{sellsText(r.type)}</p>
        {typeof r.stones === "number" && <p>{r.stones.toLocaleString("en-US")} stones listed on Loupe</p>}
        <Ratings ratings={r.ratings} />
      </article>
    </li>
  );
}
