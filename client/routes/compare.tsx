import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { RouteHandle } from "../route-handle";
import { compareIds } from "#shared/viewing.ts";
import type { Diamond } from "#shared/schemas.ts";
import { catalogueContext } from "../context";
import { CompareTable } from "../components/compare-table";
import { CompareToggle } from "../components/compare-tray";
import { diamondTitle, gradeLine, viewedDiamond } from "../components/diamond-text";
import { diamondPath } from "#shared/slug.ts";

/**
 * `/compare?ids=1,2,3,4`: up to four diamonds side by side — what the compare tray links to, and a link a
 * shopper can share. Ids that are not diamonds are listed as gone rather than failing the page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ids = compareIds(new URL(request.url).searchParams.get("ids"));
  const catalogue = context.get(catalogueContext);
  const found = await Promise.all(ids.map((id) => catalogue.getDiamond(id)));
  const diamonds = found.filter((d): d is Diamond => d !== null);
  return { diamonds, missing: ids.filter((id) => !diamonds.some((d) => d.id === id)) };
}

type CompareData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<CompareData> = {
  flags: { preventRobots: true },
  meta: (data) => ({ title: data?.diamonds.length ? `Compare ${data.diamonds.length} diamonds — Loupe` : "Compare diamonds — Loupe" }),
};

export function Component() {
  const { diamonds, missing } = useLoaderData<CompareData>();
  return (
    <article className="page compare-page">
      <h1>Compare diamonds</h1>
      {missing.length ? (
        <p role="status">{missing.length === 1 ? "One diamond you chose is" : `${missing.length} diamonds you chose are`} no longer listed.</p>
      ) : null}
      {diamonds.length < 2 ? (
        <p>
          Choose {diamonds.length ? "another diamond" : "two to four diamonds"} with “Compare” in the <Link to="/diamond-search">diamond search</Link> or on a
          diamond’s page.
        </p>
      ) : null}
      <CompareTable heading="Side by side" columns={diamonds.map((d) => ({ d, header: <Link to={diamondPath(d)}>{diamondTitle(d)}</Link> }))} />
      <ul className="compare-choices">
        {diamonds.map((d) => (
          <li key={d.id}>
            {diamondTitle(d)} · {gradeLine(d)} <CompareToggle diamond={viewedDiamond(d)} />
          </li>
        ))}
      </ul>
    </article>
  );
}
