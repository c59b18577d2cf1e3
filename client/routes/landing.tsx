/**
 * The landing and shopping pages of §2 (issue 20 point 3): `/diamonds`, `/lab-grown-diamonds`, `/engagement-rings`,
 * `/settings`, `/fine-jewelry`, `/financing`, `/lab-created-diamonds`, `/shop-engagement-rings`,
 * `/buy-engagement-rings`, `/diamond-earrings`, `/diamond-studs`, `/diamond-pendant`,
 * `/most-popular-engagement-rings` and `/free-diamond-earrings`. One module, data-driven: each page's texts and
 * blocks are in shared/landing/pages/ and reach the browser only as the page's loader data (no page's JavaScript
 * carries the texts); the live figures and results come from the server's landing service.
 */
import { data, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { LandingDef } from "#shared/landing/pages/types.ts";
import { LiveBlockView, TextBlock } from "../landing/blocks";
import { Breadcrumbs } from "../landing/parts";
import { landingContext } from "../landing-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";
import { breadcrumbList } from "../structured-data";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const found = await serverService(context, request, landingContext).landingPage(new URL(request.url).pathname);
  if (!found) throw data("Not found", { status: 404 });
  return found;
}

type Data = Awaited<ReturnType<typeof loader>>;

/** The page's trail, home first. */
export const trailOf = (def: LandingDef) => [{ name: "Home", path: "/" }, ...def.parents, { name: def.name, path: def.path }];

export const handle: RouteHandle<Data> = {
  flags: { scrollToTop: true },
  sharedRender: true,
  meta: (d) => {
    if (!d) return { title: "Loupe" };
    const { def } = d;
    return { title: def.title, description: def.description, canonical: def.path, jsonLd: [breadcrumbList(trailOf(def))] };
  },
};

export function Component() {
  const { def, live } = useLoaderData<typeof loader>();
  return (
    <div className="page landing">
      <Breadcrumbs trail={trailOf(def)} />
      <header className="landing-head">
        <h1>{def.h1}</h1>
        <p className="landing-lead">{def.lead}</p>
      </header>
      {def.body.map((b, i) =>
        b.kind === "text" ? <TextBlock key={b.heading} block={b} /> : <LiveBlockView key={`${b.kind}-${b.heading}`} block={b} index={i} live={live} />,
      )}
    </div>
  );
}
