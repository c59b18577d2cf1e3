import { Form, Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { HomePage } from "#shared/content/home.ts";
import { SHAPES } from "#shared/enums.ts";
import { formatUsd } from "#shared/money.ts";
import { SEARCH_AREAS } from "../components/chrome";
import { ShapeImage } from "../components/shape-icon";
import { informationContext } from "../information-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";
import { organization } from "../structured-data";
import { StoredLink } from "../components/stored-link";

/**
 * The home page (§2 Home, issue 20): the shape search and the shop areas, with the home data from the content
 * store — banners (each as the visitor's variant of its experiment shows it), popular engagement rings, top
 * reviews (left out when there are none), media mentions and "Join {users} shoppers". A block whose content
 * source failed is simply not rendered (§8). Works without JavaScript.
 */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<HomePage> {
  return serverService(context, request, informationContext).home();
}

export const handle: RouteHandle<HomePage> = {
  flags: { darkTheme: true, scrollToTop: true },
  meta: () => ({
    title: "Loupe — compare certified diamonds and engagement rings",
    description: "Search natural and lab-grown diamonds from independent retailers, compare prices and build a ring.",
    canonical: "/",
    jsonLd: [organization()],
  }),
};

function Banners({ banners }: { banners: HomePage["banners"] }) {
  if (!banners?.length) return null;
  return (
    <section aria-label="Offers and news" className="home-banners">
      {banners.map((b) => (
        <p key={b.id} className="home-banner" data-banner={b.id} data-experiment={b.experimentName ?? undefined}>
          <span>{b.text}</span> {b.linkText ? <StoredLink href={b.link}>{b.linkText}</StoredLink> : null}
        </p>
      ))}
    </section>
  );
}

function PopularRings({ rings }: { rings: HomePage["popularRings"] }) {
  if (!rings?.settings.length) return null;
  return (
    <section aria-labelledby="popular-rings">
      <h2 id="popular-rings">{rings.title}</h2>
      <ul className="home-rings">
        {rings.settings.map((s) => {
          const first = s.metals[0];
          return (
            <li key={s.id}>
              <a href={s.url}>
                {first?.imagesUrl[0] ? <img src={first.imagesUrl[0]} width={160} height={160} alt="" loading="lazy" decoding="async" /> : null}
                <span>{s.name}</span>
              </a>
              {first ? <span className="home-ring-price">{formatUsd(first.price)}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function TopReviews({ reviews }: { reviews: HomePage["topReviews"] }) {
  if (!reviews.length) return null;
  return (
    <section aria-labelledby="top-reviews">
      <h2 id="top-reviews">What shoppers say</h2>
      <ul className="home-quotes">
        {reviews.map((r) => (
          <li key={r.id}>
            <blockquote>
              <p>
                <strong>{r.title}</strong> {r.body}
              </p>
            </blockquote>
            <p className="home-quote-by">
              {r.author} · {r.rating} of 5 stars
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MediaMentions({ mentions }: { mentions: HomePage["mediaMentions"] }) {
  if (!mentions?.length) return null;
  return (
    <section aria-labelledby="media-mentions">
      <h2 id="media-mentions">In the press</h2>
      <ul className="home-quotes">
        {mentions.map((m) => (
          <li key={m.id}>
            <blockquote>
              <p>“{m.quote}”</p>
            </blockquote>
            <p className="home-quote-by">
              <StoredLink href={m.link}>{m.outlet}</StoredLink>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Component() {
  const home = useLoaderData<HomePage>();
  return (
    <div className="page home">
      <section className="hero">
        <h1>Every certified diamond, one honest price comparison</h1>
        <p>Natural and lab-grown diamonds from independent retailers, graded by GIA, AGS, IGI and more.</p>
        <p className="home-users">{`Join ${home.users} shoppers who compared before they bought.`}</p>
      </section>
      <Banners banners={home.banners} />
      <section aria-labelledby="by-shape">
        <h2 id="by-shape">Search by shape</h2>
        <Form method="get" action="/diamond-search/s" className="shape-search">
          <fieldset className="origin-switch">
            <legend>Diamond type</legend>
            <label>
              <input type="radio" name="origin" value="natural" defaultChecked /> Natural
            </label>
            <label>
              <input type="radio" name="origin" value="lab" /> Lab-grown
            </label>
          </fieldset>
          <div className="shape-grid">
            {SHAPES.map((s, i) => (
              <button key={s.code} type="submit" name="shape" value={s.slug} className="shape-button">
                <ShapeImage shape={s.code} size={56} eager={i < 10} alt="" />
                <span>{s.label}</span>
              </button>
            ))}
          </div>
        </Form>
      </section>
      <section aria-labelledby="areas">
        <h2 id="areas">Shop</h2>
        <ul className="area-list">
          {SEARCH_AREAS.map((a) => (
            <li key={a.to}>
              <Link to={a.to}>{a.label}</Link>
            </li>
          ))}
        </ul>
      </section>
      <PopularRings rings={home.popularRings} />
      <TopReviews reviews={home.topReviews} />
      <MediaMentions mentions={home.mediaMentions} />
    </div>
  );
}
