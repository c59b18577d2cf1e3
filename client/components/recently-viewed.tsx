import { Link } from "react-router";
import { formatUsd } from "#shared/money.ts";
import { recentlyViewedToShow } from "#shared/viewing.ts";
import { recentlyViewed } from "../state/viewing";
import { useClientSignal } from "../state/use-signal";
import { ShapeImage } from "./shape-icon";

/** The five most recently viewed diamonds other than `currentId` (from this browser's storage). */
export function RecentlyViewed({ currentId }: { currentId?: number }) {
  const list = recentlyViewedToShow(useClientSignal(recentlyViewed, []), currentId);
  if (list.length === 0) return null;
  return (
    <section className="recently-viewed" aria-labelledby="recent-heading">
      <h2 id="recent-heading">Recently viewed</h2>
      <ul>
        {list.map((d) => (
          <li key={d.id}>
            <Link to={d.path}>
              <ShapeImage shape={d.shape} size={48} alt="" />
              <span>{d.title}</span>
              <span className="muted">{d.grades}</span>
              <strong>{formatUsd(d.price)}</strong>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
