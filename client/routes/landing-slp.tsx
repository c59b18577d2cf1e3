/**
 * Setting and jewellery landing pages (§2 `/settings/slp/{slp}`, `/fine-jewelry/slp/{slp}`; issue 20 point 3): a
 * named filter set of shared/landing/setting-landings.ts with its first results and a link to the search with the
 * same filters. An unknown slp is a 404.
 */
import { data, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { jewelryLanding, settingLanding, JEWELRY_LANDINGS, SETTING_LANDINGS } from "#shared/landing/setting-landings.ts";
import { SettingResults } from "../landing/blocks";
import { Breadcrumbs, LinkList, Section } from "../landing/parts";
import { landingContext } from "../landing-context";
import type { RouteHandle } from "../route-handle";
import { serverService } from "../server-page";
import { breadcrumbList } from "../structured-data";

const RESULTS = 12;

/** Which family a path belongs to. */
function familyOf(pathname: string) {
  return pathname.toLowerCase().startsWith("/fine-jewelry/")
    ? { find: jewelryLanding, all: JEWELRY_LANDINGS, base: "/fine-jewelry/slp", parent: { name: "Fine jewellery", path: "/fine-jewelry" } }
    : { find: settingLanding, all: SETTING_LANDINGS, base: "/settings/slp", parent: { name: "Settings", path: "/settings" } };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const family = familyOf(new URL(request.url).pathname);
  const landing = family.find(params.slp ?? "");
  if (!landing) throw data("Not found", { status: 404 });
  const results = await serverService(context, request, landingContext).settingResults(landing.pageId, landing.query, RESULTS);
  const path = `${family.base}/${landing.slug}`;
  const trail = [{ name: "Home", path: "/" }, family.parent, { name: landing.title, path }];
  const others = family.all.filter((l) => l.slug !== landing.slug).map((l) => ({ to: `${family.base}/${l.slug}`, label: l.title }));
  return { title: landing.title, intro: landing.intro, path, trail, results, others };
}

type Data = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<Data> = {
  flags: { scrollToTop: true },
  sharedRender: true,
  meta: (d) =>
    d
      ? {
          title: `${d.title} | Loupe`,
          description: `${d.intro} Compare prices across independent retailers.`,
          canonical: d.path,
          jsonLd: [breadcrumbList(d.trail)],
        }
      : { title: "Loupe" },
};

export function Component() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="page landing">
      <Breadcrumbs trail={d.trail} />
      <header className="landing-head">
        <h1>{d.title}</h1>
        <p className="landing-lead">{d.intro}</p>
      </header>
      {d.results ? (
        <Section heading="Matching pieces">
          <SettingResults settings={d.results.settings} total={d.results.total} href={d.results.href} label={d.title} kind={d.results.kind} />
        </Section>
      ) : (
        <p>The results cannot be shown right now; the search has every piece.</p>
      )}
      <Section heading="More ideas">
        <LinkList links={d.others} />
      </Section>
    </div>
  );
}
