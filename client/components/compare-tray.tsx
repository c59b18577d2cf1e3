import { Link } from "react-router";
import { COMPARE_TRAY_MAX } from "#shared/viewing.ts";
import { formatUsd } from "#shared/money.ts";
import { compareTray, toggleCompareDiamond, type ViewedDiamond } from "../state/viewing";
import { useClientSignal } from "../state/use-signal";

/** The compare page for the diamonds in the tray. */
export function comparePath(ids: readonly number[]): string {
  return `/compare?ids=${ids.join(",")}`;
}

/** "Compare" on a diamond: adds it to the tray (up to four) or takes it out. */
export function CompareToggle({ diamond }: { diamond: ViewedDiamond }) {
  const tray = useClientSignal(compareTray, []);
  const chosen = tray.some((d) => d.id === diamond.id);
  const full = !chosen && tray.length >= COMPARE_TRAY_MAX;
  return (
    <button
      type="button"
      className="compare-toggle"
      aria-pressed={chosen}
      disabled={full}
      title={full ? `The compare tray holds ${COMPARE_TRAY_MAX} diamonds: remove one first` : undefined}
      onClick={() => toggleCompareDiamond(diamond)}
    >
      {chosen ? "Remove from compare" : full ? `Compare tray full (${COMPARE_TRAY_MAX})` : "Compare"}
    </button>
  );
}

/** The tray of chosen diamonds, on every page while it holds any, with the link to compare them. */
export function CompareTray() {
  const tray = useClientSignal(compareTray, []);
  if (tray.length === 0) return null;
  return (
    <aside className="compare-tray" aria-label="Compare tray">
      <ul>
        {tray.map((d) => (
          <li key={d.id}>
            <Link to={d.path}>{d.title}</Link> <span className="muted">{formatUsd(d.price)}</span>{" "}
            <button type="button" className="link-button" aria-label={`Remove ${d.title} from compare`} onClick={() => toggleCompareDiamond(d)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <Link className="button" to={comparePath(tray.map((d) => d.id))}>
        Compare {tray.length} {tray.length === 1 ? "diamond" : "diamonds"}
      </Link>
    </aside>
  );
}
