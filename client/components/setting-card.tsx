import { Link } from "react-router";
import { logSettingClick } from "../click-log";
import { formatUsd } from "#shared/money.ts";
import type { MetalOption, SettingSummary } from "#shared/settings/schemas.ts";
import type { FavoriteSetting, FavoriteSettingKind } from "../state/favorites";
import { SettingHeart } from "./heart";

/** What a card shows of one metal option (a search page trims its hydration data to these fields). */
export type CardMetal = Pick<MetalOption, "metal" | "metalName" | "price" | "priceBeforeDiscount" | "discountPercentage" | "imagesUrl" | "promoCode">;

/** What a card shows of a setting: a full SettingSummary is one. */
export type CardSetting = Pick<SettingSummary, "id" | "name" | "url"> & { metals: readonly CardMetal[] };

/** Swatch colours of the single metals (§3 metal codes); two-tone codes show both halves. */
const SWATCH: Readonly<Record<number, string>> = {
  1: "#e5e4e2",
  2: "#dedede",
  3: "#d4d4d4",
  4: "#e8c766",
  5: "#d9b04a",
  6: "#e8b2a0",
  7: "#d9957f",
  8: "#cfd1d2",
  10: "#9ba1a8",
  11: "#5f6469",
  12: "#8a8a86",
  13: "#505050",
  14: "#2b2b2b",
  15: "#151515",
  16: "#6d6b68",
};

function swatch(metal: number): string {
  if (metal < 100) return SWATCH[metal] ?? "#bbbbbb";
  const a = SWATCH[Math.floor((metal - 100) / 10)] ?? "#bbbbbb";
  const b = SWATCH[(metal - 100) % 10] ?? "#bbbbbb";
  return `linear-gradient(90deg, ${a} 50%, ${b} 50%)`;
}

/**
 * A setting in a result grid or a list (search pages, best-selling lists): its first metal's image, name and
 * price (with the list price struck through when discounted, §4), a dot per metal it comes in, and the promo
 * code's saving, and its heart. `query` is appended to its link (e.g. `?diamond=123` in the ring builder);
 * `kind` names the favourite list its heart adds it to (jewellery on the jewellery pages).
 */
export function SettingCard({ s, eager, query, kind = "setting" }: { s: CardSetting; eager?: boolean; query?: string; kind?: FavoriteSettingKind }) {
  const first = s.metals[0];
  return (
    <li className="setting-card">
      <Link to={s.url + (query ?? "")} className="setting-card-link" onClick={() => logSettingClick(s.id, first?.metal)}>
        {first?.imagesUrl[0] ? <img src={first.imagesUrl[0]} width={240} height={240} alt="" loading={eager ? "eager" : "lazy"} decoding="async" /> : null}
        <span className="setting-card-name">{s.name}</span>
      </Link>
      {s.metals.length ? (
        <span className="setting-card-metals">
          {s.metals.map((m) => (
            <span
              key={m.metal}
              className="setting-card-swatch"
              role="img"
              title={m.metalName}
              aria-label={m.metalName}
              style={{ background: swatch(m.metal) }}
            />
          ))}
        </span>
      ) : null}
      {first ? (
        <p className="setting-card-price">
          {first.priceBeforeDiscount && first.priceBeforeDiscount > first.price ? (
            <>
              <span className="visually-hidden">Was </span>
              <s>{formatUsd(first.priceBeforeDiscount)}</s>{" "}
            </>
          ) : null}
          <strong>{formatUsd(first.price)}</strong>
          {first.discountPercentage ? <span className="setting-card-off">{` ${first.discountPercentage}% off`}</span> : null}
        </p>
      ) : null}
      {first?.promoCode ? <p className="setting-card-promo">{`−${formatUsd(first.promoCode.amount)} with code`}</p> : null}
      <SettingHeart setting={favoriteSetting(s, kind)} />
    </li>
  );
}

/** What the favourites keep of a setting or jewellery piece (its first metal's price and image). */
export function favoriteSetting(s: CardSetting, kind: FavoriteSettingKind): FavoriteSetting {
  const first = s.metals[0];
  return { id: s.id, kind, name: s.name, path: s.url, price: first?.price ?? 0, image: first?.imagesUrl[0] ?? null };
}
