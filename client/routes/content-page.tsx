/**
 * Loupe's own pages (issue 20 point 3): about, mission, team, policies, guides and offers — one route module for
 * every path in shared/content/pages.ts. The server reads the page from the content store with its Markdown
 * already rendered (worker/loaders/pages.ts), so nothing here parses Markdown; the HTML is shared across visitors.
 * `/jewelry-care-plan/{chatGemologist}` opens the "talk to a gemologist" part. Works without JavaScript.
 */
import { data, useLoaderData, useParams, type LoaderFunctionArgs } from "react-router";
import { CONTENT_PAGES, SECTION_TITLES, contentPageOf, contentPagePath } from "#shared/content/pages.ts";
import { portraitUrl, type ContentPageView, type Gemologist, type WelcomeOfferTerms } from "#shared/content/page-schemas.ts";
import { formatUsd } from "#shared/money.ts";
import { contentPagesContext } from "../content-pages-context";
import { NotFound } from "../components/not-found";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";
import { breadcrumbList } from "../structured-data";

type PageData = { page: ContentPageView | null };

/** The page of this path from the content store; 404 when it is not stored. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<PageData | ReturnType<typeof data<PageData>>> {
  const def = contentPageOf(new URL(request.url).pathname);
  const page = def ? await serverService(context, request, contentPagesContext).page(def.slug) : null;
  return page ? { page } : data<PageData>({ page: null }, { status: 404 });
}

export const handle: RouteHandle<PageData> = {
  // The loader reads only the URL and the content store.
  sharedRender: true,
  flags: { darkTheme: true, scrollToTop: true },
  meta: (d) => {
    const page = d?.page;
    if (!page) return { title: "Page not found — Loupe" };
    const trail = [{ name: "Home", path: "/" }];
    if (page.section === "policies" && page.slug !== "policies") trail.push({ name: "Policies", path: "/policies" });
    trail.push({ name: page.title, path: page.path });
    return { title: `${page.title} — Loupe`, description: page.description, canonical: page.path, jsonLd: [breadcrumbList(trail)] };
  },
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "November 1, 2026" (UTC, the same on the server and in the browser). */
function longDate(value: string | number): string {
  const d = new Date(value);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** WELCOME100's terms as the promotions table holds them. */
function OfferTerms({ offer }: { offer: WelcomeOfferTerms | null }) {
  if (!offer?.running) {
    return (
      <aside className="content-offer" aria-labelledby="offer-terms">
        <h2 id="offer-terms">Offer status</h2>
        <p>This offer is not running right now. The code is not accepted at checkout until it returns.</p>
      </aside>
    );
  }
  const endless = offer.endsAt >= Date.UTC(2099, 0, 1);
  return (
    <aside className="content-offer" aria-labelledby="offer-terms">
      <h2 id="offer-terms">The offer today</h2>
      <dl>
        <dt>Code</dt>
        <dd>
          <code>{offer.code}</code>
        </dd>
        <dt>Amount off</dt>
        <dd>{formatUsd(offer.amountCents)}</dd>
        <dt>Minimum order</dt>
        <dd>{`${formatUsd(offer.minSubtotalCents)} before tax`}</dd>
        <dt>Valid</dt>
        <dd>{endless ? `Since ${longDate(offer.startsAt)}, until we withdraw it` : `${longDate(offer.startsAt)} to ${longDate(offer.endsAt - 1)}`}</dd>
      </dl>
    </aside>
  );
}

function Team({ gemologists }: { gemologists: readonly Gemologist[] }) {
  return (
    <section aria-labelledby="gemologists">
      <h2 id="gemologists">Meet the team</h2>
      <ul className="content-team">
        {gemologists.map((g) => (
          <li key={g.id} id={g.id}>
            <img src={portraitUrl(g.id)} alt="" width={96} height={96} loading="lazy" />
            <div>
              <h3>{g.name}</h3>
              <p className="muted">{g.role}</p>
              <p>{g.bio}</p>
              <p className="content-team-facts">
                {g.credentials.join(" · ")}
                <br />
                {`Specialties: ${g.specialties.join(", ")}. Languages: ${g.languages.join(", ")}.`}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const GEMOLOGIST_EMAIL = "gemologists@loupe.example";

/** The care plan's "chat with a gemologist": live chat is not offered, so a prepared email and who answers it. */
function GemologistContact({ gemologists, open }: { gemologists: readonly Gemologist[]; open: boolean }) {
  if (!open) {
    return (
      <p className="content-cta">
        <a href="/jewelry-care-plan/chat">Talk to a gemologist about a care plan</a>
      </p>
    );
  }
  const subject = encodeURIComponent("Care plan question");
  return (
    <section className="content-contact" aria-labelledby="talk-to-a-gemologist">
      <h2 id="talk-to-a-gemologist">Talk to a gemologist</h2>
      <p>
        Live chat is not available on Loupe. Write to our gemologists instead: tell us what the piece is, when you bought it and what you would like to know or
        have looked at. A gemologist answers by email, usually within one business day (Monday to Friday, 9 am to 6 pm Eastern).
      </p>
      <p>
        <a className="button" href={`mailto:${GEMOLOGIST_EMAIL}?subject=${subject}`}>{`Email a gemologist: ${GEMOLOGIST_EMAIL}`}</a>
      </p>
      {gemologists.length ? <p className="muted">{`Answering this week: ${gemologists.map((g) => g.name).join(", ")}.`}</p> : null}
    </section>
  );
}

/** Links to the other pages of the page's footer section (and the policies index from a policy). */
function SectionLinks({ page }: { page: ContentPageView }) {
  const links = CONTENT_PAGES.filter((p) => p.section === page.section && p.inFooter && p.slug !== page.slug);
  if (!links.length) return null;
  const title = `More from ${SECTION_TITLES[page.section]}`;
  return (
    <nav className="content-more" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {links.map((p) => (
          <li key={p.slug}>
            <a href={contentPagePath(p.slug)}>{p.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Component() {
  const { page } = useLoaderData() as PageData;
  const params = useParams();
  if (!page) return <NotFound />;
  return (
    <div className="page content-page">
      <article className="content-article" aria-labelledby="page-title">
        <h1 id="page-title">{page.title}</h1>
        {page.section === "policies" ? <p className="muted">{`Last updated ${longDate(page.updatedAt)}`}</p> : null}
        {page.offer !== undefined ? <OfferTerms offer={page.offer} /> : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered from Markdown on the server, raw HTML escaped and only safe URLs (worker/content/markdown.ts). */}
        <div className="content-body" dangerouslySetInnerHTML={{ __html: page.html }} />
        {page.slug === "team" && page.gemologists ? <Team gemologists={page.gemologists} /> : null}
        {page.slug === "jewelry-care-plan" ? <GemologistContact gemologists={page.gemologists ?? []} open={params.chatGemologist !== undefined} /> : null}
      </article>
      <SectionLinks page={page} />
    </div>
  );
}
