import { useEffect } from "react";
import { Form, Link, data, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { RouteHandle } from "../route-handle";
import { CERTIFICATE_LABS, CLARITIES, COLORS, CUTS, EYE_CLEANLINESS, FINISH_GRADES, FLUORESCENCES, SHAPES, labelOf } from "#shared/enums.ts";
import { formatUsd } from "#shared/money.ts";
import { diamondPath, diamondSlug } from "#shared/slug.ts";
import { catalogueContext } from "../context";
import { ShapeImage } from "../components/shape-icon";
import { diamondTitle, favoriteDiamond, viewedDiamond } from "../components/diamond-text";
import { DiamondHeart } from "../components/heart";
import { AlertMe } from "../components/search-alert";
import { PriceHistory } from "../components/price-history";
import { CompareTable } from "../components/compare-table";
import { CompareToggle } from "../components/compare-tray";
import { RecentlyViewed } from "../components/recently-viewed";
import { SimilarRings } from "../components/similar-rings";
import { Fact } from "../components/fact";
import { diamondMeta } from "../components/product-meta";
import { loaderVariant, useMetExperiment, useVariant } from "../experiments/variants";
import { hiddenDiamonds, recordDiamondView, toggleHiddenDiamond } from "../state/viewing";
import { useClientSignal } from "../state/use-signal";
import { showsConcierge } from "#shared/viewing.ts";
import { AVAILABILITY_TEXT, diamondAvailability } from "#shared/availability.ts";
import { ringOf } from "#shared/ring-builder.ts";
import type { SettingDetail } from "#shared/settings/schemas.ts";

const ID = /^[1-9]\d{0,15}$/;

/**
 * `/diamond/{id}/{slug?}/{pairId?}` (alias `/product/...`): unknown ids are 404; a missing or wrong slug,
 * or a pair id that is not this diamond's pair, redirects (301) to the canonical URL.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  if (!params.id || !ID.test(params.id)) throw data("Not found", { status: 404 });
  const diamond = await context.get(catalogueContext).getDiamond(Number(params.id));
  if (!diamond) throw data("Not found", { status: 404 });
  const slug = diamondSlug(diamond);
  const pairOk = !params.pairId || (ID.test(params.pairId) && Number(params.pairId) === diamond.pairedDiamondId);
  if (params.slug !== slug || !pairOk) {
    const url = new URL(request.url);
    const pair = pairOk && params.pairId ? Number(params.pairId) : null;
    throw redirect(diamondPath(diamond, pair) + url.search, 301);
  }
  const catalogue = context.get(catalogueContext);
  // The ring builder's setting half (§4), when the shopper came from a setting: `?setting=ID&metal=M`.
  const ring = new URLSearchParams(ringOf(new URL(request.url).searchParams));
  const variation = loaderVariant(context, "Promocode_Variation_Global");
  const [similar, rings, promotion, setting] = await Promise.all([
    catalogue.similarDiamonds({
      id: diamond.id,
      certificateLab: diamond.certificateLab,
      isLabGrown: diamond.isLabGrown,
      shape: diamond.shape,
      carat: diamond.carat,
      cut: diamond.cut,
      color: diamond.color,
      clarity: diamond.clarity,
    }),
    // §5: 12 rings for the Similar_Rings_As_Grid test variant, 6 otherwise (the component cuts the list).
    catalogue.similarRings({ shape: diamond.shape, pageSize: 12 }),
    // Promocode_Variation_Global decides which running code is offered (promoCodeVariation).
    catalogue.offeredPromotion(diamond.id, variation),
    ring.has("setting") ? catalogue.getSetting(Number(ring.get("setting")), ring.has("metal") ? Number(ring.get("metal")) : undefined, variation) : null,
  ]);
  return { diamond, similar, rings, promotion, asPair: Boolean(params.pairId), setting };
}

type DetailData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<DetailData> = {
  flags: { darkTheme: true, buyingFlow: true, scrollToTop: true },
  // Loaders read only the URL and the catalogue.
  sharedRender: true,
  meta: (data) => (data ? diamondMeta(data.diamond) : { title: "Diamond not found — Loupe" }),
};

/** Logs one view of a diamond (fire and forget: a failed log never disturbs the page). */
function logDiamondView(id: number): void {
  import("../api").then(({ call }) => call("GET /logging/diamonds/views/{id}", { params: { id: String(id) } }, { keepalive: true })).catch(() => undefined);
}

/** Hides the diamond from this shopper's result lists, or shows it again. */
function HideToggle({ id }: { id: number }) {
  const hidden = useClientSignal(hiddenDiamonds, []).includes(id);
  return (
    <button type="button" className="link-button" onClick={() => toggleHiddenDiamond(id)} aria-pressed={hidden}>
      {hidden ? "Show in my search results again" : "Hide from my search results"}
    </button>
  );
}

/** A plain post to the cart's action: works without JavaScript, and with it as a router submission. */
function AddToCart({ id, pairId }: { id: number; pairId: number | null }) {
  return (
    <Form method="post" action="/cart" className="add-to-cart">
      <input type="hidden" name="_type" value="add-diamond" />
      <input type="hidden" name="diamondId" value={id} />
      {pairId ? <input type="hidden" name="pairId" value={pairId} /> : null}
      <button type="submit" className="primary">
        {pairId ? "Add the pair to cart" : "Add to cart"}
      </button>
    </Form>
  );
}

/**
 * The ring builder from the diamond's side: with a setting chosen, complete the ring (or the earrings, for
 * a stud setting and a paired diamond); without one, choose a setting that holds this shape, or studs for a pair.
 */
function Builder({ d, setting }: { d: DetailData["diamond"]; setting: SettingDetail | null }) {
  const shape = SHAPES.find((s) => s.code === d.shape)!;
  if (setting) {
    const studs = setting.itemTypeName === "Stud";
    const fits = setting.shapes.includes(d.shape) && (!studs || d.pairedDiamond !== null);
    const next = `/complete-${studs ? "earrings" : "ring"}/${setting.metalId}/${d.id}?setting=${setting.id}`;
    return (
      // biome-ignore lint/a11y/useSemanticElements: a group of links and facts, not form controls (fieldset is for those)
      <div className="builder-box" role="group" aria-label="Your ring">
        <p>
          Your setting: <Link to={setting.url}>{setting.selectedVariant.name}</Link>
        </p>
        {fits ? (
          <Link className="button primary" to={next}>
            {studs ? "Complete your earrings" : "Complete your ring"}
          </Link>
        ) : (
          <p className="notice">
            {studs && !d.pairedDiamond
              ? "Stud earrings need a matched pair; this diamond has none."
              : `This setting does not hold a ${shape.label.toLowerCase()} diamond.`}
          </p>
        )}
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of links, not form controls (fieldset is for those)
    <div className="builder-box" role="group" aria-label="Build with this diamond">
      <Link className="button" to={`/setting-search/s?shape=${shape.slug}&diamond=${d.id}`}>
        Choose a setting
      </Link>
      {d.pairedDiamond ? (
        <Link className="button" to={`/complete-earrings/2/${d.id}`}>
          Make stud earrings
        </Link>
      ) : null}
    </div>
  );
}

export function Component() {
  const { diamond: d, similar, rings, promotion, asPair, setting } = useLoaderData<DetailData>();
  const ringsAsGrid = useVariant("Similar_Rings_As_Grid") === 1;
  // Sticky_Checkout_Button: the test variant keeps add-to-cart in a bar fixed to the bottom of the screen.
  const stickyCheckout = useVariant("Sticky_Checkout_Button") === 1;
  // A stone another shopper's order holds, or sold, cannot be added (docs/decisions/058-inventory-holds.md).
  const availability = diamondAvailability(d);
  const buyable = availability === "available";
  useMetExperiment("Sticky_Checkout_Button", buyable);
  useMetExperiment("Similar_Rings_As_Grid", rings.length > 0);
  const pair = asPair ? d.pairedDiamond : null;
  useEffect(() => {
    recordDiamondView(viewedDiamond(d));
    logDiamondView(d.id);
  }, [d]);
  return (
    <article className="page diamond-detail">
      <p className="breadcrumbs">
        <Link to={d.isLabGrown ? "/diamond-search?origin=lab" : "/diamond-search"}>{d.isLabGrown ? "Lab-grown diamonds" : "Natural diamonds"}</Link>
      </p>
      <div className="detail-layout">
        {/* The title before the picture: screen readers meet it first (on wide screens the grid puts it on the right, decision 047). */}
        <h1>{diamondTitle(d)}</h1>
        <figure className="diamond-figure">
          <ShapeImage shape={d.shape} size={320} eager alt={`${labelOf(SHAPES, d.shape)} diamond illustration`} />
          <figcaption>Illustration of the {labelOf(SHAPES, d.shape).toLowerCase()} shape</figcaption>
        </figure>
        <div className="detail-main">
          <p className="grade-summary">
            {labelOf(COLORS, d.color)} colour · {labelOf(CLARITIES, d.clarity)} clarity · {labelOf(CUTS, d.cut)} cut
          </p>
          <p className="detail-price">
            {d.priceBeforeDiscount ? (
              <>
                <span className="visually-hidden">Was </span>
                <s>{formatUsd(d.priceBeforeDiscount)}</s>{" "}
              </>
            ) : null}
            <strong>{formatUsd(d.price)}</strong>
            {d.discountPercentage ? <span className="badge">{d.discountPercentage}% off</span> : null}
          </p>
          {promotion ? (
            <p className="offered-promo">
              With code <strong>{promotion.promoCode}</strong>: {formatUsd(d.price - promotion.amount)}
              {promotion.percentage ? ` (${promotion.percentage}% off)` : null}
            </p>
          ) : null}
          <p className="deal-report-link">
            <a href={`/diamond-report?diamondId=${d.id}`}>Get a deal report</a>: its price against comparable stones listed today
          </p>
          {buyable ? <AddToCart id={d.id} pairId={pair?.id ?? null} /> : null}
          {buyable ? <Builder d={d} setting={setting} /> : null}
          {availability === "on_hold" ? (
            <p className="notice on-hold" role="status">
              On hold: another shopper's order is waiting for its payment. If it is not paid, this diamond becomes available again; similar diamonds are
              compared below.
            </p>
          ) : null}
          {asPair && d.pairedDiamond ? (
            <p className="pair-price">
              Sold as a matched pair with <Link to={`/diamond/${d.pairedDiamond.id}`}>diamond {d.pairedDiamond.id}</Link>: pair price{" "}
              <strong>{formatUsd(d.price + d.pairedDiamond.price)}</strong>
            </p>
          ) : null}
          <p className="retailer-line">
            Sold by <strong>{d.retailer.name}</strong> · ships in {d.shippingDays} {d.shippingDays === 1 ? "day" : "days"}
          </p>
          {showsConcierge(d.price, d.isLabGrown) ? (
            <p className="concierge" role="note">
              <strong>Concierge service.</strong> A Loupe gemologist will check this diamond with the retailer, review its certificate and video, and negotiate
              on your behalf — free for diamonds of this value.
            </p>
          ) : null}
          <div className="detail-actions">
            <DiamondHeart diamond={favoriteDiamond(d)} />
            <CompareToggle diamond={viewedDiamond(d)} />
            <HideToggle id={d.id} />
          </div>
          {!d.isSold ? <AlertMe target={{ kind: "diamond", diamondId: d.id }} /> : null}
          <PriceHistory points={d.priceHistory} />
          <dl className="facts">
            <Fact label="Available">{AVAILABILITY_TEXT[availability]}</Fact>
            <Fact label="Origin">{d.isLabGrown ? "Lab-grown" : "Natural"}</Fact>
            {d.isLabGrown ? <Fact label="Growth">{growthText(d.growthMethod ?? null, d.treated ?? null)}</Fact> : null}
            <Fact label="Shape">{labelOf(SHAPES, d.shape)}</Fact>
            <Fact label="Carat">{d.carat.toFixed(2)}</Fact>
            <Fact label="Colour">{labelOf(COLORS, d.color)}</Fact>
            <Fact label="Clarity">{labelOf(CLARITIES, d.clarity)}</Fact>
            <Fact label="Cut">{labelOf(CUTS, d.cut)}</Fact>
            <Fact label="Polish">{labelOf(FINISH_GRADES, d.polish)}</Fact>
            <Fact label="Symmetry">{labelOf(FINISH_GRADES, d.symmetry)}</Fact>
            <Fact label="Fluorescence">{labelOf(FLUORESCENCES, d.fluorescence)}</Fact>
            <Fact label="Depth">{d.depthPct.toFixed(1)}%</Fact>
            <Fact label="Table">{d.tablePct.toFixed(1)}%</Fact>
            <Fact label="Measurements">
              {d.measurements.length.toFixed(2)} × {d.measurements.width.toFixed(2)} × {d.measurements.depth.toFixed(2)} mm
            </Fact>
            <Fact label="Length/width ratio">{d.lwRatio.toFixed(2)}</Fact>
            <Fact label="Eye clean">{labelOf(EYE_CLEANLINESS, d.eyeClean)}</Fact>
            <Fact label="Certificate">
              {labelOf(CERTIFICATE_LABS, d.certificateLab)} {d.certificateId}
            </Fact>
            <Fact label="Retailer">{d.retailer.name}</Fact>
            {d.pairedDiamond ? (
              <>
                <Fact label="Matching pair">
                  <Link to={`/diamond/${d.pairedDiamond.id}`}>Diamond {d.pairedDiamond.id}</Link> · {formatUsd(d.pairedDiamond.price)}
                </Fact>
                <Fact label="Pair price">
                  <Link to={diamondPath(d, d.pairedDiamond.id)}>{formatUsd(d.price + d.pairedDiamond.price)}</Link> for both stones
                </Fact>
              </>
            ) : null}
          </dl>
        </div>
      </div>
      <CompareTable heading="Compare with similar diamonds" columns={[{ d, header: "This diamond" }, ...similar.map((o) => ({ d: o }))]} />
      <SimilarRings rings={rings} grid={ringsAsGrid} />
      <RecentlyViewed currentId={d.id} />
      {stickyCheckout && buyable ? (
        <div className="sticky-checkout" data-testid="sticky-checkout">
          <span>
            {diamondTitle(d)} · <strong>{formatUsd(pair ? d.price + pair.price : d.price)}</strong>
          </span>
          <AddToCart id={d.id} pairId={pair?.id ?? null} />
        </div>
      ) : null}
    </article>
  );
}

/** A lab-grown stone's growth line: "CVD · as grown", "HPHT", "Not stated" (docs/decisions/028-report-sections.md). */
function growthText(method: "CVD" | "HPHT" | null, treated: boolean | null): string {
  const treatment = treated === null ? null : treated ? "treated after growth" : "as grown";
  if (method === null) return treatment === null ? "Not stated" : `Method not stated · ${treatment}`;
  return treatment === null ? method : `${method} · ${treatment}`;
}
