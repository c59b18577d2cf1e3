import { formatUsd } from "#shared/money.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "1 Nov 2026" in UTC — no Intl, so server and browser print the same text. */
export function shortDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const W = 320;
const H = 96;
const PAD = 8;

/**
 * One stone's own price history as a small step chart, with the change since it was first listed.
 * The chart has a fixed size (no layout shift) and a text summary for screen readers and no-SVG readers.
 */
export function PriceHistory({ points }: { points: { at: number; price: number }[] }) {
  if (points.length === 0) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const change = last.price - first.price;
  const pct = first.price ? (change / first.price) * 100 : 0;
  const summary =
    points.length === 1 || change === 0
      ? `Unchanged at ${formatUsd(last.price)} since first listed on ${shortDate(first.at)}.`
      : `${change < 0 ? "Down" : "Up"} ${formatUsd(Math.abs(change))} (${Math.abs(pct).toFixed(1)}%) since first listed on ${shortDate(first.at)} at ${formatUsd(first.price)}.`;
  const t0 = first.at;
  const t1 = Math.max(last.at, t0 + 1);
  const prices = points.map((p) => p.price);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const x = (t: number) => PAD + ((t - t0) / (t1 - t0)) * (W - 2 * PAD);
  const y = (p: number) => (hi === lo ? H / 2 : PAD + (1 - (p - lo) / (hi - lo)) * (H - 2 * PAD));
  // A step line: a price holds until the next change.
  const path = points.map((p, i) => (i === 0 ? `M${x(p.at).toFixed(1)},${y(p.price).toFixed(1)}` : `H${x(p.at).toFixed(1)}V${y(p.price).toFixed(1)}`)).join("");
  return (
    <figure className="price-history">
      <figcaption>
        <strong>Price history</strong> <span className={change < 0 ? "down" : change > 0 ? "up" : undefined}>{summary}</span>
      </figcaption>
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary}>
        <path d={`${path}H${W - PAD}`} fill="none" stroke="currentColor" strokeWidth="2" />
        {points.map((p) => (
          <circle key={p.at} cx={x(p.at)} cy={y(p.price)} r="3" fill="currentColor">
            <title>{`${shortDate(p.at)}: ${formatUsd(p.price)}`}</title>
          </circle>
        ))}
      </svg>
    </figure>
  );
}
