import { Link } from "react-router";

/** The not-found page (/404, unknown entities and the router's catch-all). */
export function NotFound() {
  return (
    <section className="page narrow not-found">
      <h1>Page not found</h1>
      <p>We couldn't find that page. The diamond may have sold, or the link may be out of date.</p>
      <p>
        <Link to="/diamond-search">Search diamonds</Link> or <Link to="/">go to the home page</Link>.
      </p>
    </section>
  );
}

/** The catch-all route's page. */
export function CatchAll() {
  return <NotFound />;
}
