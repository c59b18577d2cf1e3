import { Link, data, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { METALS, SHAPES, byCode, labelOf } from "#shared/enums.ts";
import { catalogueContext } from "../context";
import type { RouteHandle } from "../route-handle";
import { MetalSwitcher, type MetalChoice } from "../components/metal-switcher";
import { RingViewer, styleSlugOf } from "../components/ring-viewer";

const ID = /^[1-9]\d{0,8}$/;
const METAL = /^\d{1,3}$/;
const STYLE = /^[a-z][a-z0-9-]{0,39}$/;
/** What /viewer shows without a setting or style: the plain solitaire in 14K white gold. */
const DEFAULT_STYLE = "solitaire";
const DEFAULT_METAL = 2;
/** The metals every style is drawn in when no setting narrows them: platinum and the 14K/18K golds. */
const STYLE_METALS = [1, 2, 3, 4, 5, 6, 7];

/** A shape from the URL: its slug ("oval") or its code ("6"); null when it is neither. */
function shapeParam(raw: string | null): number | null {
  if (!raw) return null;
  const s = SHAPES.find((x) => x.slug === raw.toLowerCase() || String(x.code) === raw);
  return s ? s.code : null;
}

function viewerHref(q: { setting?: number; style?: string; metal: number; shape: number | null }): string {
  const p = new URLSearchParams();
  if (q.setting !== undefined) p.set("setting", String(q.setting));
  else if (q.style) p.set("style", q.style);
  p.set("metal", String(q.metal));
  if (q.shape !== null) p.set("shape", byCode(SHAPES, q.shape)!.slug);
  return `/viewer?${p}`;
}

/**
 * `/viewer?setting={id}&metal={m}&shape={s}` (or `style={slug}` instead of a setting): the ring viewer (§2:
 * no navigation, footer or announcement). A setting gives the style, its metals and the shapes it takes; a
 * metal it does not come in redirects to its default metal. An unknown setting or a malformed style is a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const settingRaw = url.searchParams.get("setting");
  const metalRaw = url.searchParams.get("metal");
  const metalAsked = metalRaw && METAL.test(metalRaw) ? Number(metalRaw) : undefined;
  const shapeAsked = shapeParam(url.searchParams.get("shape"));
  if (settingRaw !== null) {
    if (!ID.test(settingRaw)) throw data("Not found", { status: 404 });
    const id = Number(settingRaw);
    const catalogue = context.get(catalogueContext);
    const detail = (metalAsked !== undefined ? await catalogue.getSetting(id, metalAsked, 0) : null) ?? (await catalogue.getSetting(id, undefined, 0));
    if (!detail) throw data("Not found", { status: 404 });
    const style = styleSlugOf(detail.selectedVariant.images[0] ?? "");
    if (!style) throw data("Not found", { status: 404 });
    // Bands hold no centre stone: no shape to choose (the drawing still needs one).
    const holdsDiamond = detail.itemType === 1 || detail.itemType === 5;
    const shapes = holdsDiamond ? detail.shapes : [];
    const shape = shapeAsked !== null && shapes.includes(shapeAsked) ? shapeAsked : (shapes[0] ?? null);
    if (detail.metalId !== metalAsked) throw redirect(viewerHref({ setting: id, metal: detail.metalId, shape }), 302);
    const metals: MetalChoice[] = detail.variants.map((x) => ({ metal: x.metal, metalName: x.metalName, isSold: false }));
    return { title: detail.name, back: detail.url, setting: id, style, metal: detail.metalId, shape, shapes, metals };
  }
  const styleRaw = url.searchParams.get("style") ?? DEFAULT_STYLE;
  if (!STYLE.test(styleRaw)) throw data("Not found", { status: 404 });
  const metal = metalAsked !== undefined && byCode(METALS, metalAsked) && metalAsked !== 0 ? metalAsked : DEFAULT_METAL;
  const list = STYLE_METALS.includes(metal) ? STYLE_METALS : [...STYLE_METALS, metal];
  const shapes = SHAPES.map((s) => s.code);
  return {
    title: `${styleRaw.charAt(0).toUpperCase()}${styleRaw.slice(1).replace(/-/g, " ")} setting`,
    back: null,
    setting: undefined,
    style: styleRaw,
    metal,
    shape: shapeAsked ?? 1,
    shapes,
    metals: list.map((m): MetalChoice => ({ metal: m, metalName: labelOf(METALS, m), isSold: false })),
  };
}

type ViewerData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<ViewerData> = {
  // §2: the viewer hides navigation, footer and announcement.
  flags: { navigation: "none", footer: false, announcement: false },
  // The loader reads only the URL and the catalogue (no prices, so no promotion variant).
  sharedRender: true,
  meta: (d) => ({
    title: d ? `${d.title} in 3D — Loupe` : "Ring viewer — Loupe",
    canonical: d ? viewerHref({ setting: d.setting, style: d.setting === undefined ? d.style : undefined, metal: d.metal, shape: d.shape }) : undefined,
  }),
};

export function Component() {
  const d = useLoaderData<ViewerData>();
  const q = { setting: d.setting, style: d.setting === undefined ? d.style : undefined };
  return (
    <article className="page rv-page">
      <p className="rv-back">{d.back ? <Link to={d.back}>← Back to {d.title}</Link> : <Link to="/setting-search">← Engagement ring settings</Link>}</p>
      <h1>
        {d.title} <small className="muted">in {labelOf(METALS, d.metal)}</small>
      </h1>
      <RingViewer styleSlug={d.style} metal={d.metal} shape={d.shape ?? 1} />
      <div className="rv-pickers">
        {d.shapes.length > 1 ? (
          <nav className="rv-shapes" aria-label="Diamond shape">
            <span className="sd-metals-label">Diamond shape</span>
            <ul>
              {d.shapes.map((code) => (
                <li key={code}>
                  <Link to={viewerHref({ ...q, metal: d.metal, shape: code })} replace preventScrollReset aria-current={code === d.shape ? "true" : undefined}>
                    {labelOf(SHAPES, code)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <MetalSwitcher metals={d.metals} current={d.metal} href={(metal) => viewerHref({ ...q, metal, shape: d.shape })} replace />
      </div>
    </article>
  );
}
