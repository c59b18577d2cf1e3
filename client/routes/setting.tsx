import { useState } from "react";
import { Form, Link, data, redirect, useActionData, useLoaderData, useLocation, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { SHAPES, byCode, labelOf } from "#shared/enums.ts";
import { RING_SIZES } from "#shared/cart/model.ts";
import { formatUsd } from "#shared/money.ts";
import { diamondPath } from "#shared/slug.ts";
import type { SettingDetail, SettingSummary } from "#shared/settings/schemas.ts";
import { cartContext, catalogueContext, type CatalogueService } from "../context";
import { statusOf } from "#shared/refusal.ts";
import type { RouteHandle } from "../route-handle";
import { settingMeta } from "../components/product-meta";
import { MetalSwitcher, PriceLine } from "../components/metal-switcher";
import { RingSizeOptions } from "../components/ring-size";
import { SettingCard } from "../components/setting-card";
import { SimilarRings } from "../components/similar-rings";
import { Fact } from "../components/fact";
import { SettingHeart } from "../components/heart";
import { diamondTitle, gradeLine } from "../components/diamond-text";
import { builderDiamond } from "../components/builder-diamond";
import { loaderVariant, useMetExperiment, useVariant } from "../experiments/variants";
import { ProductVerifiedReviews } from "../components/verified-reviews";

const ID = /^[1-9]\d{0,8}$/;
const METAL = /^\d{1,3}$/;
const DIAMOND_ID = /^[1-9]\d{0,15}$/;

/** The page family of a detail URL: its first segment (the /ring-detail alias is the /setting page). */
function familyOf(pathname: string): string {
  const first = pathname.split("/")[1] ?? "";
  return first === "ring-detail" ? "setting" : first;
}

/** What the page offers to buy, by item: decided once from the setting, used by the page and its action. */
export type BuyKind =
  /** An engagement ring setting: "Choose this setting" (the ring builder), or "Complete your ring" with a diamond. */
  | "ring-setting"
  /** A stud earring setting: "Choose a pair of diamonds". */
  | "stud"
  /** A wedding band or a preset engagement ring: add to cart with a ring size. */
  | "sized"
  /** Other jewellery: add to cart. */
  | "item";

export function buyKindOf(s: Pick<SettingDetail, "itemType" | "itemTypeName">): BuyKind {
  if (s.itemType === 5 || s.itemTypeName === "PresetEngagementRing") return "sized";
  if (s.itemType === 1) return "ring-setting";
  if (s.itemType === 0) return "sized";
  if (s.itemTypeName === "Stud") return "stud";
  return "item";
}

const shapeSlugs = (shapes: readonly number[]) => shapes.map((code) => byCode(SHAPES, code)?.slug ?? "").filter(Boolean);

/** The diamond search for a setting: the shapes it takes, and the setting and metal chosen (ring builder). */
export function diamondSearchFor(s: Pick<SettingDetail, "id" | "shapes" | "metalId">): string {
  return `/diamond-search/s?shape=${shapeSlugs(s.shapes).join(",")}&setting=${s.id}&metal=${s.metalId}`;
}

/** The setting's page in another metal (the detail's URL ends in its metal). */
const inMetal = (s: Pick<SettingDetail, "url">, metal: number) => s.url.replace(/\/\d+$/, `/${metal}`);

/** The best-selling and popular lists: the same for every setting page, so the browser keeps them a minute. */
let browserLists: { at: number; lists: Promise<[SettingSummary[], SettingSummary[]]> } | null = null;
function settingLists(catalogue: CatalogueService): Promise<[SettingSummary[], SettingSummary[]]> {
  const read = () => Promise.all([catalogue.bestSellingSettings(), catalogue.popularEngagementRings()]);
  // On the server each request reads its own (the lists carry the visitor's promotion variant).
  if (typeof document === "undefined") return read();
  if (!browserLists || Date.now() - browserLists.at > 60_000) {
    const lists = read();
    browserLists = { at: Date.now(), lists };
    lists.catch(() => (browserLists = null));
  }
  return browserLists.lists;
}

/**
 * A setting, preset ring, wedding band or jewellery item in one metal (§2 /setting/{id}/{metalId?}/{rt?},
 * /engagement-ring, /wedding-ring, /fine-jewelry). A non-numeric id or an unknown setting is a 404; a URL
 * without a metal, or with one it does not come in, redirects (302) to its default metal; a URL of the wrong
 * page family (a band under /setting/) redirects (301) to its own. `?diamond={id}` is the ring builder's diamond.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  if (!params.id || !ID.test(params.id)) throw data("Not found", { status: 404 });
  const id = Number(params.id);
  const url = new URL(request.url);
  const catalogue = context.get(catalogueContext);
  const variation = loaderVariant(context, "Promocode_Variation_Global");
  const metal = params.metalId && METAL.test(params.metalId) ? Number(params.metalId) : undefined;
  const detail = metal === undefined ? null : await catalogue.getSetting(id, metal, variation);
  if (!detail) {
    const fallback = await catalogue.getSetting(id, undefined, variation);
    if (!fallback) throw data("Not found", { status: 404 });
    throw redirect(fallback.url + url.search, 302);
  }
  if (familyOf(url.pathname) !== familyOf(detail.url)) throw redirect(detail.url + url.search, 301);
  const diamondParam = url.searchParams.get("diamond");
  const isRing = detail.itemType === 1 || detail.itemType === 5;
  const [rings, [bestSelling, popular], diamond] = await Promise.all([
    // §5: 12 rings for the Similar_Rings_As_Grid test variant, 6 otherwise (the component cuts the list).
    isRing ? catalogue.similarRings({ itemId: id, metal: detail.metalId, pageSize: 12 }) : Promise.resolve([]),
    settingLists(catalogue),
    diamondParam && DIAMOND_ID.test(diamondParam) ? catalogue.getDiamond(Number(diamondParam)) : Promise.resolve(null),
  ]);
  return {
    detail,
    rings,
    bestSelling: bestSelling.filter((s) => s.id !== id),
    popular: popular.filter((s) => s.id !== id),
    diamond: diamond && builderDiamond(diamond),
    /** A diamond was named but is not in the catalogue. */
    diamondMissing: diamondParam !== null && !diamond,
    // Strikethrough pricing depends on the date (§4): the server's clock, so hydration renders the same.
    now: Date.now(),
  };
}

type SettingData = Awaited<ReturnType<typeof loader>>;
export interface SettingActionData {
  error: string;
}

/**
 * The page's buy form (works without JavaScript; with it the same action runs in the browser): "Choose this
 * setting" adds the setting (the cart keeps its diamond, §4) and goes on to the diamond search for its shapes;
 * the others add the item (a band or preset ring with its size) and go to the cart. The variant is the page's
 * own, looked up again; the cart's refusals (sold, …) come back as the form's message.
 */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (!params.id || !ID.test(params.id) || !params.metalId || !METAL.test(params.metalId)) throw data("Not found", { status: 404 });
  const detail = await context
    .get(catalogueContext)
    .getSetting(Number(params.id), Number(params.metalId), loaderVariant(context, "Promocode_Variation_Global"));
  if (!detail) throw data("Not found", { status: 404 });
  const kind = buyKindOf(detail);
  if (kind === "stud") return data<SettingActionData>({ error: "Choose a pair of diamonds for these earrings first" }, { status: 400 });
  const sizeRaw = form.get("size");
  const size = typeof sizeRaw === "string" && sizeRaw !== "" ? Number(sizeRaw) : null;
  if (kind === "sized" && (size === null || !RING_SIZES.includes(size))) return data<SettingActionData>({ error: "Choose a ring size" }, { status: 400 });
  const cart = context.get(cartContext);
  const r = await cart.change({ type: "add-item", variantId: detail.selectedVariant.id, size: kind === "sized" ? size : undefined });
  if (!r.ok) return data<SettingActionData>({ error: r.message }, { status: statusOf(r) });
  // A preset ring takes the ring's place: its size is the ring size (kept by the cart when it was already there).
  const ring = r.cart.EngagementRings[0];
  if (kind === "sized" && ring?.setting?.variantId === detail.selectedVariant.id && ring.RingSize !== size) {
    const sized = await cart.change({ type: "set-ring-size", ringSize: size });
    if (!sized.ok) return data<SettingActionData>({ error: sized.message }, { status: statusOf(sized) });
  }
  throw redirect(kind === "ring-setting" ? diamondSearchFor(detail) : "/cart");
}

export const handle: RouteHandle<SettingData> = {
  // Loaders read only the URL and the catalogue (prices follow Promocode_Variation_Global, part of the key).
  sharedRender: true,
  meta: (d) => (d ? settingMeta(d.detail) : { title: "Setting not found — Loupe" }),
};

/** The main image and a thumbnail button per image (keyboard: Tab to a thumbnail, Enter or Space shows it). */
function Gallery({ images, alt }: { images: readonly string[]; alt: string }) {
  const [shown, setShown] = useState(0);
  const main = images[shown] ?? images[0];
  return (
    <figure className="sd-gallery">
      {main ? (
        <img className="sd-main-image" src={main} width={480} height={480} alt={`${alt}, view ${shown + 1} of ${images.length}`} fetchPriority="high" />
      ) : null}
      {images.length > 1 ? (
        <ul className="sd-thumbs" aria-label="Images">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className="sd-thumb"
                aria-pressed={i === shown}
                aria-label={`Show view ${i + 1} of ${images.length}`}
                onClick={() => setShown(i)}
              >
                <img src={src} width={72} height={72} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}

function RingSizeSelect({ id, name = "size", label = "Ring size" }: { id: string; name?: string; label?: string }) {
  return (
    <label className="sd-size" htmlFor={id}>
      {label}{" "}
      <select id={id} name={name} required defaultValue="">
        <RingSizeOptions chooseDisabled />
      </select>
    </label>
  );
}

type Builder = SettingData["diamond"];

/** "Complete your ring" when the builder's diamond fits this setting (or its pair, these studs). */
function completeHref(s: SettingDetail, kind: BuyKind, diamond: Builder): string | null {
  if (!diamond || diamond.isSold || !s.shapes.includes(diamond.shape)) return null;
  if (kind === "ring-setting") return `/complete-ring/${s.metalId}/${diamond.id}?setting=${s.id}`;
  if (kind === "stud" && diamond.pairedDiamond) return `/complete-earrings/${s.metalId}/${diamond.id}?setting=${s.id}`;
  return null;
}

const BUY_FORM_ID = "sd-buy";

/** The page's main action: the buy form (its button can sit in the sticky bar too, by `form=`), or a link on. */
function BuyAction({ s, kind, diamond, inBar = false }: { s: SettingDetail; kind: BuyKind; diamond: Builder; inBar?: boolean }) {
  const complete = completeHref(s, kind, diamond);
  if (complete) {
    return (
      <Link to={complete} className="sd-button">
        {kind === "stud" ? "Complete your earrings" : "Complete your ring"}
      </Link>
    );
  }
  if (kind === "stud") {
    return (
      <Link to={diamondSearchFor(s)} className="sd-button">
        Choose a pair of diamonds
      </Link>
    );
  }
  const label = kind === "ring-setting" ? "Choose this setting" : "Add to cart";
  if (inBar) {
    return (
      <button type="submit" form={BUY_FORM_ID} className="sd-button">
        {label}
      </button>
    );
  }
  return (
    <Form method="post" id={BUY_FORM_ID} className="add-to-cart sd-buy" preventScrollReset>
      {kind === "sized" ? <RingSizeSelect id="sd-size" /> : null}
      <button type="submit" className="sd-button">
        {label}
      </button>
    </Form>
  );
}

/** The ring builder's diamond: what it is, and whether this setting holds it. */
function BuilderDiamond({ s, kind, diamond, missing }: { s: SettingDetail; kind: BuyKind; diamond: Builder; missing: boolean }) {
  if (missing) return <p className="sd-builder notice">The diamond you chose is no longer listed.</p>;
  if (!diamond || (kind !== "ring-setting" && kind !== "stud")) return null;
  const shape = labelOf(SHAPES, diamond.shape);
  const fits = s.shapes.includes(diamond.shape);
  return (
    <section className="sd-builder" aria-label="Your diamond">
      <p>
        Your diamond:{" "}
        <Link to={diamondPath(diamond)}>
          {diamondTitle(diamond)} · {gradeLine(diamond)}
        </Link>{" "}
        · <strong>{formatUsd(diamond.price)}</strong>
        {diamond.isSold ? <span className="badge"> Sold</span> : null}
      </p>
      {!fits ? (
        <p className="sd-misfit" role="note">
          This setting does not hold a {shape.toLowerCase()} diamond.{" "}
          <Link to={`/setting-search/s?shape=${byCode(SHAPES, diamond.shape)!.slug}&diamond=${diamond.id}`}>See settings that do</Link>
        </p>
      ) : kind === "stud" && !diamond.pairedDiamond ? (
        <p className="sd-misfit" role="note">
          Earrings need a matched pair; this diamond is sold on its own.
        </p>
      ) : null}
    </section>
  );
}

function SettingList({ id, heading, list, query }: { id: string; heading: string; list: readonly SettingSummary[]; query: string }) {
  if (list.length === 0) return null;
  return (
    <section className={`sd-list sd-list-${id}`} aria-labelledby={`sd-${id}-heading`}>
      <h2 id={`sd-${id}-heading`}>{heading}</h2>
      <ul className="sd-cards">
        {list.map((s) => (
          <SettingCard key={s.id} s={s} query={query} />
        ))}
      </ul>
    </section>
  );
}

export function Component() {
  const { detail: s, rings, bestSelling, popular, diamond, diamondMissing, now } = useLoaderData<SettingData>();
  const actionData = useActionData<SettingActionData>();
  const location = useLocation();
  const ringsAsGrid = useVariant("Similar_Rings_As_Grid") === 1;
  // Sticky_Checkout_Button: the test variant repeats the main action in a bar fixed to the bottom of the screen.
  const stickyCheckout = useVariant("Sticky_Checkout_Button") === 1;
  const v = s.selectedVariant;
  const kind = buyKindOf(s);
  useMetExperiment("Sticky_Checkout_Button", !v.isSold);
  useMetExperiment("Similar_Rings_As_Grid", rings.length > 0);
  const diamondId = new URLSearchParams(location.search).get("diamond");
  // The ring builder's diamond follows the shopper from page to page.
  const query = diamondId ? `?diamond=${encodeURIComponent(diamondId)}` : "";
  const isRing = s.itemType === 1 || s.itemType === 5;
  const drawable = isRing || s.itemType === 0;
  const firstShape = byCode(SHAPES, s.shapes[0] ?? 1)!.slug;
  const promo = v.isSold ? null : s.offeredPromotion;
  const favoriteKind = familyOf(s.url) === "fine-jewelry" ? "jewellery" : "setting";
  return (
    <article className="page sd-page">
      <div className="detail-layout">
        {/* The title before the pictures: screen readers meet it first (on wide screens the grid puts it on the right, decision 047). */}
        <h1>{s.name}</h1>
        <Gallery key={v.id} images={s.images} alt={`${s.name} in ${v.metalName}`} />
        <div className="detail-main">
          <SettingHeart setting={{ id: s.id, kind: favoriteKind, name: s.name, path: s.url, price: v.price, image: s.images[0] ?? null }} />
          {s.styleNames.length ? <p className="sd-style-names">{s.styleNames.join(" · ")}</p> : null}
          <MetalSwitcher metals={s.variants} current={s.metalId} href={(m) => inMetal(s, m) + query} />
          <PriceLine price={v.price} priceBeforeDiscount={v.priceBeforeDiscount} discountPercentage={v.discountPercentage} now={now} />
          {promo ? (
            <p className="offered-promo">
              With code <strong>{promo.promoCode}</strong>: {formatUsd(v.price - promo.amount)}
              {promo.percentage ? ` (${promo.percentage}% off)` : null}
            </p>
          ) : null}
          <BuilderDiamond s={s} kind={kind} diamond={diamond} missing={diamondMissing} />
          {v.isSold ? <p className="sd-sold">{v.metalName} is sold out: choose another metal.</p> : <BuyAction s={s} kind={kind} diamond={diamond} />}
          {actionData?.error ? (
            <p className="form-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <p className="retailer-line">
            Sold by <strong>{s.retailer.name}</strong> · ships in {s.shippingDays} {s.shippingDays === 1 ? "day" : "days"}
          </p>
          {drawable ? (
            <p className="sd-viewer-link">
              <Link to={`/viewer?setting=${s.id}&metal=${s.metalId}&shape=${firstShape}`}>View in 3D</Link>
            </p>
          ) : null}
          {s.description ? <p className="sd-description">{s.description}</p> : null}
          <dl className="facts">
            <Fact label="Metal">{v.metalName}</Fact>
            {kind === "ring-setting" || kind === "stud" ? <Fact label="Diamond shapes">{s.shapes.map((c) => labelOf(SHAPES, c)).join(", ")}</Fact> : null}
            <Fact label="Side stones">{s.sideStonesWeight > 0 ? `${s.sideStonesWeight.toFixed(2)} ct` : "None"}</Fact>
            {s.widthMm > 0 ? <Fact label="Width">{s.widthMm.toFixed(1)} mm</Fact> : null}
            <Fact label="Ships in">
              {s.shippingDays} {s.shippingDays === 1 ? "day" : "days"}
            </Fact>
            <Fact label="Retailer">{s.retailer.name}</Fact>
          </dl>
          {s.matchingBand ? (
            <aside className="sd-band" aria-label="Matching band">
              <img src={s.matchingBand.imageUrl} width={96} height={96} alt="" loading="lazy" />
              <div>
                <h2>Matching band</h2>
                <p>
                  <Link to={s.matchingBand.url}>{s.matchingBand.name}</Link> · <strong>{formatUsd(s.matchingBand.price)}</strong>
                </p>
                <p className="muted">Made to sit flush against this ring. Add it when you complete your ring.</p>
              </div>
            </aside>
          ) : null}
        </div>
      </div>
      <ProductVerifiedReviews reviews={s.verifiedReviews} name={s.name} />
      {isRing ? <SimilarRings rings={rings} grid={ringsAsGrid} heading="Similar rings" /> : null}
      <SettingList id="best-selling" heading="Best-selling rings" list={bestSelling} query={query} />
      <SettingList id="popular" heading="Most popular engagement rings" list={popular} query={query} />
      {stickyCheckout && !v.isSold ? (
        <div className="sticky-checkout" data-testid="sticky-checkout">
          <span>
            {s.name} · <strong>{formatUsd(v.price)}</strong>
          </span>
          <BuyAction s={s} kind={kind} diamond={diamond} inBar />
        </div>
      ) : null}
    </article>
  );
}
