/**
 * `/metro/{name}` (issue 20 point 5, §2): the retailers near a US metro area — nearest first, with how many stones
 * each lists on Loupe — and a link to search their diamonds. An unknown metro is a 404 page. Shared across visitors.
 */
import { data, Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { MetroAreaAnswer } from "#shared/retailers/schemas.ts";
import { DEFAULT_STATE, searchHref } from "#shared/search-url.ts";
import { NotFound } from "../components/not-found";
import { RetailerCard } from "../components/retailer-bits";
import { retailersContext } from "../retailers-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";
import { breadcrumbList } from "../structured-data";

type Data = { answer: (MetroAreaAnswer & { unavailable?: boolean }) | null };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const slug = (params.name ?? "").toLowerCase();
  const answer = /^[a-z][a-z0-9-]{0,59}$/.test(slug) ? await serverService(context, request, retailersContext).metro(slug) : null;
  return answer ? { answer } : data<Data>({ answer: null }, { status: 404 });
}

export const handle: RouteHandle<Data> = {
  // The loader reads only the URL and the directory.
  sharedRender: true,
  meta: (d) => {
    const m = d?.answer?.metro;
    if (!m) return { title: "Page not found — Loupe" };
    const path = `/metro/${m.name}`;
    return {
      title: `Diamond retailers near ${m.displayName} — Loupe`,
      description: `Retailers near ${m.displayName}, ${m.state} whose certified natural and lab-grown diamonds you can compare on Loupe.`,
      canonical: path,
      jsonLd: [
        breadcrumbList([
          { name: "Home", path: "/" },
          { name: "Our retailers", path: "/our-retailers" },
          { name: m.displayName, path },
        ]),
      ],
    };
  },
};

export function Component() {
  const { answer } = useLoaderData<typeof loader>();
  if (!answer) return <NotFound />;
  const { metro, retailers } = answer;
  const ids = retailers.flatMap((r) => (r.id === undefined ? [] : [{ id: r.id, type: r.type ?? 3 }]));
  const natural = ids.filter((r) => r.type & 1).map((r) => r.id);
  const lab = ids.filter((r) => r.type & 2).map((r) => r.id);
  // Natural stones are the search's default; a metro with only lab-grown retailers links to their lab-grown stones.
  const search = natural.length
    ? searchHref({ ...DEFAULT_STATE, naturalDiamondRetailers: natural })
    : lab.length
      ? searchHref({ ...DEFAULT_STATE, isLabGrown: true, labGrownDiamondRetailers: lab })
      : "/diamond-search";
  return (
    <section className="page retailers-page">
      <nav aria-label="Breadcrumb">
        <Link to="/our-retailers">Our retailers</Link>
      </nav>
      <h1>Diamond retailers near {metro.displayName}</h1>
      {answer.unavailable ? (
        <p role="status">The retailer directory is not available right now. Please try again in a few minutes.</p>
      ) : (
        <p>
          {retailers.length} retailers within reach of {metro.displayName}, nearest first. <Link to={search}>Search their diamonds</Link>.
        </p>
      )}
      <ul className="retailer-list" aria-label={`Retailers near ${metro.displayName}`}>
        {retailers.map((r) => (
          <RetailerCard key={r.slugurl} r={r} />
        ))}
      </ul>
    </section>
  );
}
