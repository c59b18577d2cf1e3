/**
 * The blocks of the landing pages (client/routes/landing.tsx, landing-slp.tsx): text sections and the live blocks —
 * shapes with counts and prices, natural against lab-grown, shape interest, landing page links, setting results,
 * free studs. Plain links and markup: everything works without JavaScript (parts.tsx has the light shared parts).
 */
import { Link } from "react-router";
import type { ClickAggregate } from "#shared/api/analytics.ts";
import { FREE_STUDS_THRESHOLD_USD } from "#shared/cart/model.ts";
import { SHAPES } from "#shared/enums.ts";
import { LANDING_PAGES } from "#shared/landing-pages.ts";
import type { OriginFigures } from "#shared/landing/figures.ts";
import type { LiveBlock, TextSection } from "#shared/landing/pages/types.ts";
import { JEWELRY_LANDINGS, SETTING_LANDINGS } from "#shared/landing/setting-landings.ts";
import type { SettingSearchKind } from "#shared/settings/pages.ts";
import { type CardSetting, SettingCard } from "../components/setting-card";
import type { LiveData } from "../landing-context";
import { fmt, LinkList, Origins, Section, usd } from "./parts";

export function TextBlock({ block }: { block: TextSection }) {
  return (
    <Section heading={block.heading}>
      {block.paragraphs.map((p) => (
        <p key={p.slice(0, 40)}>{p}</p>
      ))}
      {block.points ? (
        <ul>
          {block.points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

/** Each shape of one origin: a link into the diamond search with that shape, its count and price range. */
export function ShapeList({ figures, origin }: { figures: OriginFigures | null; origin: "natural" | "lab" }) {
  const byShape = new Map((figures?.byShape ?? []).map((s) => [s.shape, s]));
  return (
    <ul className="landing-shapes">
      {SHAPES.map((s) => {
        const f = byShape.get(s.code);
        return (
          <li key={s.code}>
            <Link to={`/diamond-search/s?shape=${s.slug}&origin=${origin}`}>{s.label}</Link>
            {f ? <span className="landing-shape-facts">{`${fmt(f.count)} listed · ${usd(f.minPrice)}–${usd(f.maxPrice)}`}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The shapes shoppers click most, with the share of clicks. */
export function ShapeInterest({ clicks }: { clicks: ClickAggregate | null }) {
  if (!clicks || clicks.total === 0) return <p>Not enough clicks yet to show a trend: check back soon.</p>;
  return (
    <ol className="landing-interest">
      {clicks.items.slice(0, 5).map((i) => (
        <li key={i.key}>
          <Link to={i.path ?? "/diamond-search"}>{i.label}</Link> — {Math.round((i.count / clicks.total) * 100)}% of diamond clicks
        </li>
      ))}
    </ol>
  );
}

const LANDING_LINKS = {
  diamonds: LANDING_PAGES.map((p) => ({ to: `/diamonds/slp/${p.slug}`, label: p.title })),
  settings: SETTING_LANDINGS.map((p) => ({ to: `/settings/slp/${p.slug}`, label: p.title })),
  jewelry: JEWELRY_LANDINGS.map((p) => ({ to: `/fine-jewelry/slp/${p.slug}`, label: p.title })),
};

/** A grid of setting cards (each card logs its click) and a link to the whole search. */
export function SettingResults({
  settings,
  total,
  href,
  label,
  kind = "setting",
}: {
  settings: readonly CardSetting[];
  total: number | null;
  href: string;
  label: string;
  kind?: SettingSearchKind;
}) {
  return (
    <>
      {settings.length ? (
        <ul className="ss-grid landing-results" aria-label={label}>
          {settings.map((s) => (
            <SettingCard key={s.id} s={s} kind={kind} />
          ))}
        </ul>
      ) : (
        <p>Nothing to show here right now.</p>
      )}
      <p>
        <Link to={href}>{total ? `See all ${fmt(total)} in the search` : "Open the search"}</Link>
      </p>
    </>
  );
}

/** §9 free studs: the threshold and what the cart does with it (shared/cart/pricing.ts). */
export function FreeStuds() {
  const threshold = usd(FREE_STUDS_THRESHOLD_USD);
  return (
    <ol className="landing-steps">
      <li>{`Add anything to your cart — a diamond, a setting, a band or jewellery — until it comes to ${threshold} or more, not counting stud earrings.`}</li>
      <li>
        Add a pair of stud earrings from the <Link to="/earrings">earrings page</Link>.
      </li>
      <li>{`The cart takes the price of one pair of studs off — the dearest pair, if you add more than one. Below ${threshold} the cart shows how much more is needed.`}</li>
      <li>Promo codes apply on top, to the total after the free studs.</li>
    </ol>
  );
}

/** One live block; `index` keys its results. */
export function LiveBlockView({ block, index, live }: { block: LiveBlock; index: number; live: LiveData }) {
  switch (block.kind) {
    case "shapes":
      return (
        <Section heading={block.heading}>
          <ShapeList figures={live.figures ? live.figures[block.origin] : null} origin={block.origin} />
        </Section>
      );
    case "origins":
      return live.figures ? (
        <Section heading={block.heading}>
          <Origins figures={live.figures} />
        </Section>
      ) : null;
    case "shape-interest":
      return (
        <Section heading={block.heading}>
          <ShapeInterest clicks={live.shapeClicks} />
        </Section>
      );
    case "landings":
      return (
        <Section heading={block.heading}>
          <LinkList links={LANDING_LINKS[block.of]} />
        </Section>
      );
    case "links":
      return (
        <Section heading={block.heading}>
          <LinkList links={block.links} />
        </Section>
      );
    case "results": {
      const r = live.results[String(index)];
      return r ? (
        <Section heading={block.heading}>
          <SettingResults settings={r.settings} total={r.total} href={r.href} label={block.heading} kind={r.kind} />
        </Section>
      ) : null;
    }
    case "best-selling":
      return live.bestSelling ? (
        <Section heading={block.heading}>
          <SettingResults settings={live.bestSelling} total={null} href="/setting-search" label={block.heading} />
        </Section>
      ) : null;
    case "free-studs":
      return (
        <Section heading={block.heading}>
          <FreeStuds />
        </Section>
      );
  }
}
