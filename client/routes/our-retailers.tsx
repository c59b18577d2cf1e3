/**
 * `/our-retailers` (issue 20 point 5): the retailers whose stones Loupe lists — visible ones with a logo (§4) — with
 * what they sell and their ratings, and a postal-code form (a plain GET, no JavaScript needed) that orders them
 * nearest first. The HTML depends only on the URL, so it is shared across visitors.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { RetailerCard } from "../components/retailer-bits";
import { retailersContext } from "../retailers-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";
import { breadcrumbList } from "../structured-data";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const postalCode = (new URL(request.url).searchParams.get("postalCode") ?? "").trim().slice(0, 10);
  const service = serverService(context, request, retailersContext);
  const [directory, metros] = await Promise.all([service.directory(postalCode || null), service.metros()]);
  return { directory, metros, postalCode };
}

type Data = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<Data> = {
  // The loader reads only the URL and the directory.
  sharedRender: true,
  meta: () => ({
    title: "Our retailers — Loupe",
    description:
      "The jewellers, wholesalers and makers whose diamonds you can compare on Loupe: what each sells, how shoppers rate them, and which are near you.",
    canonical: "/our-retailers",
    jsonLd: [
      breadcrumbList([
        { name: "Home", path: "/" },
        { name: "Our retailers", path: "/our-retailers" },
      ]),
    ],
  }),
};

export function Component() {
  const { directory, metros, postalCode } = useLoaderData<typeof loader>();
  const near = directory.location;
  return (
    <section className="page retailers-page">
      <h1>Our retailers</h1>
      <p>
        Every diamond on Loupe is listed by one of these retailers. Each one ships with a grading report, and we show the same stone at the same price whichever
        way you find it.
      </p>
      <form method="get" action="/our-retailers" className="retailer-postal" aria-label="Retailers near you">
        <label htmlFor="retailer-postal-code">Your ZIP code</label>
        <input id="retailer-postal-code" name="postalCode" inputMode="numeric" autoComplete="postal-code" defaultValue={postalCode} pattern="\d{5}(-\d{4})?" />
        <button type="submit">Show nearest first</button>
      </form>
      {directory.error && (
        <p className="form-error" role="alert">
          {directory.error}. Please enter a five-digit US ZIP code.
        </p>
      )}
      {directory.unavailable || directory.fallback ? (
        <p role="status">The retailer directory is not available right now. Please try again in a few minutes.</p>
      ) : null}
      {near && (
        <p role="status">
          Nearest first to {near.postalCode}. <Link to="/our-retailers">Show all by name</Link>
        </p>
      )}
      <ul className="retailer-list" aria-label={near ? `Retailers nearest to ${near.postalCode}` : "Retailers"}>
        {directory.retailers.map((r) => (
          <RetailerCard key={r.slugurl} r={r} />
        ))}
      </ul>
      <nav aria-label="Retailers by metro area" className="retailer-metros">
        <h2>Retailers by metro area</h2>
        <ul>
          {metros.map((m) => (
            <li key={m.name}>
              <Link to={`/metro/${m.name}`}>{m.displayName}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
