/**
 * The metal switcher of the setting, complete-ring and complete-earrings pages, and the price line they show:
 * each metal is a link to that metal's page (a real navigation, so the URL, price and images follow, and it
 * works without JavaScript); sold metals are shown but not offered.
 */
import { Link } from "react-router";
import { formatUsd } from "#shared/money.ts";

/** §4: strikethrough pricing turns on after 13 Nov 2023 (from 14 Nov 2023, 00:00 UTC). */
export const STRIKETHROUGH_FROM = Date.UTC(2023, 10, 14);

/** Whether a list price is shown struck through next to a lower price at `now` (epoch ms). */
export function showsStrikethrough(price: number, priceBeforeDiscount: number | null, now: number): priceBeforeDiscount is number {
  return now >= STRIKETHROUGH_FROM && priceBeforeDiscount !== null && priceBeforeDiscount > price;
}

export interface MetalChoice {
  metal: number;
  metalName: string;
  isSold: boolean;
  /** Shown after the name ("$1,240"), when given. */
  price?: number;
}

/**
 * One link per metal (`href(metal)` is its page); the current one is marked `aria-current`, sold ones are
 * plain text marked unavailable. Links keep the scroll position: switching metal is a change of the same page.
 */
export function MetalSwitcher({
  metals,
  current,
  href,
  label = "Metal",
  replace = false,
}: {
  metals: readonly MetalChoice[];
  current: number;
  href: (metal: number) => string;
  label?: string;
  /** Replace the history entry instead of adding one (the viewer's pickers). */
  replace?: boolean;
}) {
  if (metals.length === 0) return null;
  return (
    <nav className="sd-metals" aria-label={label}>
      <span className="sd-metals-label">{label}</span>
      <ul>
        {metals.map((m) => {
          const text = (
            <>
              <span className={`sd-swatch sd-swatch-${m.metal}`} aria-hidden="true" />
              {m.metalName}
              {m.price !== undefined ? <span className="sd-metal-price"> · {formatUsd(m.price)}</span> : null}
              {m.isSold && m.metal === current ? <span className="sd-sold-note"> (sold out)</span> : null}
            </>
          );
          return (
            <li key={m.metal}>
              {m.isSold && m.metal !== current ? (
                <span className="sd-metal sd-metal-sold" aria-disabled="true" title={`${m.metalName} is sold out`}>
                  {text} <span className="sd-sold-note">(sold out)</span>
                </span>
              ) : m.metal === current ? (
                <Link to={href(m.metal)} className="sd-metal" aria-current="true" preventScrollReset replace={replace}>
                  {text}
                </Link>
              ) : (
                <Link to={href(m.metal)} className="sd-metal" preventScrollReset replace={replace}>
                  {text}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A price with, once strikethrough pricing is on, the list price struck through and "N% off". */
export function PriceLine({
  price,
  priceBeforeDiscount,
  discountPercentage,
  now,
  className = "detail-price",
}: {
  price: number;
  priceBeforeDiscount: number | null;
  discountPercentage: number | null;
  now: number;
  className?: string;
}) {
  const struck = showsStrikethrough(price, priceBeforeDiscount, now);
  return (
    <p className={className} data-testid="price">
      {struck ? (
        <>
          <span className="visually-hidden">Was </span>
          <s>{formatUsd(priceBeforeDiscount)}</s>{" "}
        </>
      ) : null}
      <strong>{formatUsd(price)}</strong>
      {struck && discountPercentage ? <span className="badge">{discountPercentage}% off</span> : null}
    </p>
  );
}
