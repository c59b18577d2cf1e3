/**
 * Light parts of the landing and information pages (no setting cards, so `/our-data` and `/sitemap` stay small):
 * breadcrumbs, labelled sections, link lists, the natural against lab-grown figures, whole-dollar amounts.
 */
import { Link } from "react-router";
import type { CatalogueFigures, OriginFigures } from "#shared/landing/figures.ts";
import { formatCount } from "#shared/money.ts";

/** A count with thousands separators. */
export const fmt = formatCount;

/** Whole USD as people read it. */
export const usd = (dollars: number) => `$${formatCount(dollars)}`;

const idOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A visible breadcrumb trail (its JSON-LD twin goes in the head). */
export function Breadcrumbs({ trail }: { trail: readonly { name: string; path: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {trail.map((t, i) => (
          <li key={t.path}>{i === trail.length - 1 ? <span aria-current="page">{t.name}</span> : <Link to={t.path}>{t.name}</Link>}</li>
        ))}
      </ol>
    </nav>
  );
}

/** A section with its heading as its label. */
export function Section({ heading, children }: { heading: string; children: React.ReactNode }) {
  const id = `s-${idOf(heading)}`;
  return (
    <section aria-labelledby={id} className="landing-section">
      <h2 id={id}>{heading}</h2>
      {children}
    </section>
  );
}

function OriginFacts({ name, f }: { name: string; f: OriginFigures }) {
  return (
    <div className="landing-origin">
      <h3>{name}</h3>
      <p>
        <strong>{fmt(f.count)}</strong> diamonds listed
        {f.minPrice !== null && f.maxPrice !== null ? `, from ${usd(f.minPrice)} to ${usd(f.maxPrice)}` : ""}.
      </p>
    </div>
  );
}

/** Natural against lab-grown: counts and price ranges. */
export function Origins({ figures }: { figures: CatalogueFigures }) {
  return (
    <div className="landing-origins">
      <OriginFacts name="Natural" f={figures.natural} />
      <OriginFacts name="Lab-grown" f={figures.lab} />
    </div>
  );
}

export function LinkList({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <ul className="landing-links">
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to}>{l.label}</Link>
        </li>
      ))}
    </ul>
  );
}
