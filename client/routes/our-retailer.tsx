/**
 * `/our-retailers/{name}` (issue 20 point 5): one retailer of the directory — about, what it offers (its features by
 * group), where it is, its social links and ratings, and links to its stones in the diamond search (the search's
 * `retailer` / `labRetailer` filters). An unknown, hidden or logo-less retailer is a 404 page. JSON-LD: the
 * breadcrumbs and a schema.org JewelryStore. Shared across visitors.
 */
import { data, Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { DirectoryRetailer } from "#shared/retailers/schemas.ts";
import { NotFound } from "../components/not-found";
import { Ratings, StoneLinks, sellsText } from "../components/retailer-bits";
import { retailersContext } from "../retailers-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";
import { breadcrumbList } from "../structured-data";
import { StoredLink } from "../components/stored-link";

type Data = { retailer: DirectoryRetailer | null; unavailable?: boolean };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const slug = (params.name ?? "").toLowerCase();
  const found = /^[a-z0-9][a-z0-9-]{0,99}$/.test(slug) ? await serverService(context, request, retailersContext).retailer(slug) : null;
  if (found === "unavailable") return data<Data>({ retailer: null, unavailable: true }, { status: 503 });
  return found ? { retailer: found } : data<Data>({ retailer: null }, { status: 404 });
}

/**
 * schema.org JewelryStore of a retailer (site-relative URLs are made absolute by the renderer). No AggregateRating:
 * the ratings come from other sites, which search engines do not accept as the page's own reviews.
 */
function jewelryStore(r: DirectoryRetailer): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "JewelryStore",
    name: r.name,
    url: `/our-retailers/${r.slugurl}`,
    logo: r.logoUrl,
    description: r.description,
    telephone: r.phone,
    email: r.email,
    sameAs: [r.websiteurl, ...(r.sociallinks ?? []).map((s) => s.url)].filter(Boolean),
    address: { "@type": "PostalAddress", addressLocality: r.city, addressRegion: r.state, postalCode: r.postalCode, addressCountry: "US" },
    ...(r.latitude != null && r.longitude != null ? { geo: { "@type": "GeoCoordinates", latitude: r.latitude, longitude: r.longitude } } : {}),
  };
}

export const handle: RouteHandle<Data> = {
  // The loader reads only the URL and the directory.
  sharedRender: true,
  meta: (d) => {
    const r = d?.retailer;
    if (!r) return { title: d?.unavailable ? "Retailer directory unavailable — Loupe" : "Page not found — Loupe" };
    const path = `/our-retailers/${r.slugurl}`;
    return {
      title: `${r.name} — our retailers — Loupe`,
      description: `${r.name} in ${r.city}, ${r.state}: ${sellsText(r.type).toLowerCase()}, ratings, services and their stones on Loupe.`,
      canonical: path,
      image: r.logoUrl,
      jsonLd: [
        breadcrumbList([
          { name: "Home", path: "/" },
          { name: "Our retailers", path: "/our-retailers" },
          { name: r.name ?? "", path },
        ]),
        jewelryStore(r),
      ],
    };
  },
};

export function Component() {
  const { retailer: r, unavailable } = useLoaderData<typeof loader>() as Data;
  if (unavailable) {
    return (
      <section className="page narrow">
        <h1>Retailer directory unavailable</h1>
        <p>We could not reach the retailer directory. Please try again in a few minutes.</p>
      </section>
    );
  }
  if (!r) return <NotFound />;
  const groups = [...new Set((r.features ?? []).map((f) => f.group))];
  return (
    <article className="page retailer-page" aria-labelledby="retailer-name">
      <nav aria-label="Breadcrumb">
        <Link to="/our-retailers">Our retailers</Link>
      </nav>
      {r.logoUrl && <img src={r.logoUrl} alt={`${r.name} logo`} width={240} height={72} />}
      <h1 id="retailer-name">{r.name}</h1>
      <p className="retailer-place">
        {r.sellerTradeType} in {r.city}, {r.state} {r.postalCode} · {sellsText(r.type)}
      </p>
      <section aria-labelledby="retailer-about">
        <h2 id="retailer-about">About {r.name}</h2>
        <p>{r.description}</p>
        <StoneLinks retailer={r} />
      </section>
      {groups.length > 0 && (
        <section aria-labelledby="retailer-features">
          <h2 id="retailer-features">What they offer</h2>
          {groups.map((g) => (
            <div key={g}>
              <h3>{g}</h3>
              <ul className="retailer-features">
                {(r.features ?? [])
                  .filter((f) => f.group === g)
                  .map((f) => (
                    <li key={f.name} data-active={f.active}>
                      <span aria-hidden="true">{f.active ? "✓ " : "– "}</span>
                      {f.name}
                      {!f.active && <span className="visually-hidden"> (not offered)</span>}
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </section>
      )}
      <section aria-labelledby="retailer-ratings">
        <h2 id="retailer-ratings">Ratings</h2>
        <Ratings ratings={r.ratings} />
      </section>
      <section aria-labelledby="retailer-contact">
        <h2 id="retailer-contact">Contact and social</h2>
        <ul>
          {r.websiteurl && (
            <li>
              <StoredLink href={r.websiteurl} rel="noopener nofollow">
                Website
              </StoredLink>
            </li>
          )}
          {r.phone && <li>Phone: {r.phone}</li>}
          {r.email && (
            <li>
              Email: <a href={`mailto:${r.email}`}>{r.email}</a>
            </li>
          )}
          {(r.sociallinks ?? []).map((s) => (
            <li key={s.network}>
              <StoredLink href={s.url} rel="noopener nofollow">
                {s.network.charAt(0).toUpperCase() + s.network.slice(1)}
              </StoredLink>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
