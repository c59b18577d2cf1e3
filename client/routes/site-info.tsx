/**
 * Site information pages (issue 20 point 3): `/our-data` (how listings and prices are gathered, with live figures
 * from the index), `/active-promotions` (the promotions table), `/version` (§1 app version and environment) and
 * `/sitemap` (the public pages by section, from shared/landing/site.ts). One module, one section per page.
 */
import { data, Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { siteSections } from "#shared/site-sections.ts";
import { formatCount } from "#shared/money.ts";
import { Breadcrumbs, Origins, Section, usd } from "../landing/parts";
import { landingContext } from "../landing-context";
import type { PageMeta, RouteHandle } from "../route-handle";
import { serverService } from "../server-page";
import { breadcrumbList } from "../structured-data";

const PAGES = {
  "/our-data": {
    name: "Our data",
    title: "Where Loupe's Diamond Listings and Prices Come From | Loupe",
    description:
      "How Loupe gathers inventory and prices from retailers' feeds, how the search index works, and live figures: diamonds listed, retailers and prices.",
  },
  "/active-promotions": {
    name: "Promotions",
    title: "Current Promotions and Promo Codes | Loupe",
    description: "Every promotion running at Loupe now, with its code, what it takes off, the minimum order and when it ends.",
  },
  "/version": { name: "Version", title: "App Version | Loupe", description: "The version and environment of the Loupe site you are using." },
  "/sitemap": { name: "Sitemap", title: "Sitemap — Every Loupe Page by Section | Loupe", description: "Every public page of Loupe, grouped by section." },
} as const;

type PagePath = keyof typeof PAGES;

/** "23 Nov 2026, 20:18 UTC": the same text on the server and in the browser. */
export function utcTime(ms: number): string {
  const d = new Date(ms);
  const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][d.getUTCMonth()];
  const hh = String(d.getUTCHours()).padStart(2, "0");
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname.toLowerCase().replace(/(.)\/+$/, "$1") as PagePath;
  if (!(path in PAGES)) throw data("Not found", { status: 404 });
  const svc = serverService(context, request, landingContext);
  return {
    path,
    figures: path === "/our-data" ? await svc.figures() : null,
    promotions: path === "/active-promotions" ? await svc.activePromotions() : null,
    version: path === "/version" ? svc.version() : null,
  };
}

type Data = Awaited<ReturnType<typeof loader>>;

const trailOf = (path: PagePath) => [
  { name: "Home", path: "/" },
  { name: PAGES[path].name, path },
];

export const handle: RouteHandle<Data> = {
  flags: { scrollToTop: true },
  sharedRender: true,
  meta: (d): PageMeta => {
    if (!d) return { title: "Loupe" };
    const p = PAGES[d.path];
    return { title: p.title, description: p.description, canonical: d.path, jsonLd: [breadcrumbList(trailOf(d.path))] };
  },
};

function OurData({ figures }: { figures: Data["figures"] }) {
  return (
    <>
      <Section heading="The figures right now">
        {figures ? (
          <>
            <p className="landing-figure">
              <data id="listed-count" value={figures.listed}>
                {formatCount(figures.listed)}
              </data>{" "}
              diamonds listed by <strong>{formatCount(figures.retailers)}</strong> retailers.
            </p>
            <Origins figures={figures} />
            <p>{`The search index last loaded the catalogue on ${utcTime(figures.indexLoadedAt)}. These figures are at most five minutes old (read ${utcTime(figures.readAt)}).`}</p>
          </>
        ) : (
          <p>The live figures cannot be read right now; please try again in a few minutes.</p>
        )}
      </Section>
      <Section heading="Where listings come from">
        <p>
          Each retailer sends us its inventory as a file: a CSV export from its stock system or a JSON list. Every row is checked before it is listed: the
          grades must be ones we recognise, the measurements must make sense together, and the price must be a real number. A row that fails is left out and
          reported to the retailer with its line number and the reason, so the retailer can correct it.
        </p>
        <p>
          A stone is identified by its grading lab, its report number and its retailer, so sending the same file twice never lists a diamond twice. When a price
          changes we keep the old one in the stone's price history; when a stone disappears from a retailer's full feed it is marked sold and leaves the search.
        </p>
      </Section>
      <Section heading="How prices are shown">
        <p>
          Prices are the retailer's own, in US dollars, rounded up to the whole dollar. Where a retailer runs a discount we show the price before it and the
          percentage. The default order of the search ranks diamonds by their value for money against a price model built from the whole catalogue, not by which
          retailer lists them.
        </p>
      </Section>
      <Section heading="How the search stays exact">
        <p>
          The diamond search does not sample or estimate. Every available diamond is held in one in-memory index that answers each search with the exact number
          of matches and a count for every filter value. The index reloads itself whenever an import changes the catalogue, so a new or sold stone shows in the
          search within moments.
        </p>
        <p>
          The counts of views and clicks we publish (for example the shapes shoppers click most) are totals per diamond, setting or shape. We do not keep who
          looked at what for them.
        </p>
      </Section>
    </>
  );
}

function Promotions({ promotions }: { promotions: Data["promotions"] }) {
  if (!promotions) return <p>The promotions cannot be read right now; please try again in a few minutes.</p>;
  if (!promotions.length) return <p>No promotion is running right now. New ones appear here as soon as they start.</p>;
  return (
    <>
      <ul className="landing-promotions">
        {promotions.map((p) => (
          <li key={p.code}>
            <h2>
              <code>{p.code}</code>
            </h2>
            <p>{p.description}</p>
            <p>
              {p.minimumOrder > 0 ? `Orders of ${usd(p.minimumOrder)} or more. ` : "No minimum order. "}
              {p.endsAt < 4_000_000_000_000 ? `Ends ${utcTime(p.endsAt)}.` : "No end date set."}
            </p>
          </li>
        ))}
      </ul>
      <p>Enter a code in your cart. One code applies per order; a code that covers only some items takes its discount off those items alone.</p>
    </>
  );
}

function Sitemap() {
  return (
    <>
      {siteSections().map((s) => (
        <Section key={s.title} heading={s.title}>
          <ul className="landing-links">
            {s.links.map((l) => (
              <li key={l.path}>
                <Link to={l.path}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </Section>
      ))}
    </>
  );
}

const H1: Record<PagePath, string> = {
  "/our-data": "Where our data comes from",
  "/active-promotions": "Current promotions",
  "/version": "App version",
  "/sitemap": "Sitemap",
};

export function Component() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="page landing">
      <Breadcrumbs trail={trailOf(d.path)} />
      <h1>{H1[d.path]}</h1>
      {d.path === "/our-data" ? <OurData figures={d.figures} /> : null}
      {d.path === "/active-promotions" ? <Promotions promotions={d.promotions} /> : null}
      {d.path === "/sitemap" ? <Sitemap /> : null}
      {d.version ? (
        <dl className="landing-version">
          <dt>Version</dt>
          <dd id="app-version">{d.version.version}</dd>
          <dt>Environment</dt>
          <dd id="app-environment">{d.version.environment}</dd>
        </dl>
      ) : null}
    </div>
  );
}
