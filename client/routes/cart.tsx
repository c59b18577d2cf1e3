import { useEffect, useState, type ReactNode } from "react";
import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { CARE_PLAN_DURATIONS } from "#shared/cart/care-plans.ts";
import { ENGRAVING_FONTS, MAX_ENGRAVING_LENGTH } from "#shared/cart/model.ts";
import { SIZE_LATER_NOTE, SizeChoiceOptions, sizeValue } from "../components/ring-size";
import type { CartLine, CartView } from "#shared/cart/schemas.ts";
import { formatCents } from "#shared/cents.ts";
import { CartError, CartForm, cartTotal, Hidden, PaymentMethodForm, Totals, useCurrentCart, type CartActionData } from "../components/cart-parts";
import { restoreSharedLink, revalidateUnlessAnswered, submitCartForm } from "../cart-form";
import { cartContext } from "../context";
import type { RouteHandle } from "../route-handle";
import { useMetExperiment, useVariant } from "../experiments/variants";

/**
 * `/cart/{settingId?}/{variantId?}/{diamondId}` (§2): the cart. A path or query naming items is a shared
 * cart link: it rebuilds that cart, then shows `/cart`. Every form posts plain fields to this route's action
 * (so it works without JavaScript: the server applies the change and redirects back); with JavaScript the
 * same action runs in the browser, the page updates at once (optimistic) and then shows the server's cart.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const cart = context.get(cartContext);
  await restoreSharedLink(request, params, cart, "/cart");
  return { cart: await cart.get(), now: Date.now() };
}

export function action({ request, context }: ActionFunctionArgs) {
  return submitCartForm(request, context.get(cartContext), "/cart");
}

type CartData = Awaited<ReturnType<typeof loader>>;

/** Copies the cart's link and says whether it worked (the clipboard can be refused: no permission, no HTTPS). */
async function copyLink(link: string): Promise<void> {
  const copied = await navigator.clipboard.writeText(new URL(link, location.href).href).then(
    () => true,
    () => false,
  );
  const { notifications } = await import("../notifications/store");
  notifications.notify(
    copied ? { message: "Link copied", tone: "success" } : { message: "Could not copy the link: select it and copy it instead", tone: "error" },
  );
}

/** A change made on the cart page answers with the whole cart: the page needs no second read of it. */
export const shouldRevalidate = revalidateUnlessAnswered("/cart");

export const handle: RouteHandle<CartData> = {
  // §2: the cart prevents Google sign-in and is never reloaded automatically; no robots, no coupon popup.
  flags: { preventRobots: true, preventGoogleSignIn: true, preventCouponPopup: true, buyingFlow: true },
  meta: (d) => ({ title: d?.cart && d.cart.Kind !== "empty" ? `Your cart (${formatCents(cartTotal(d.cart))}) — Loupe` : "Your cart — Loupe" }),
};

const KIND_LABEL: Record<CartView["Kind"], string> = {
  empty: "",
  "loose-diamond": "Loose diamond",
  "complete-ring": "Complete ring",
  "bridal-set": "Bridal set",
  necklace: "Necklace",
  "earring-setting": "Earrings",
  jewelry: "Jewellery",
};

function Price({ line }: { line: CartLine }) {
  if (line.status !== "available") return <span className="line-status">{line.status === "sold" ? "Sold — no longer available" : "No longer listed"}</span>;
  return (
    <span className="line-price">
      {line.listPrice && line.listPrice > line.unitPrice ? <s>{formatCents(line.listPrice * line.quantity)}</s> : null} {formatCents(line.total)}
      {line.freeQuantity ? <em> (one pair free)</em> : null}
    </span>
  );
}

function Line({ line, children }: { line: CartLine; children?: ReactNode }) {
  return (
    <li className={`cart-line${line.status === "available" ? "" : " unavailable"}`} data-line={line.lineId}>
      <img src={line.imageUrl} alt="" width={72} height={72} />
      <div className="cart-line-body">
        <Link to={line.url}>{line.name}</Link>
        {line.quantity > 1 ? <span> × {line.quantity}</span> : null}
        <Price line={line} />
        {children}
        <CartForm className="inline" label={`Remove ${line.name}`}>
          <Hidden fields={{ _type: "remove", lineId: line.lineId }} />
          <button type="submit" className="link-button">
            Remove
          </button>
        </CartForm>
      </div>
    </li>
  );
}

function Engraving({ cart, parentItemId }: { cart: CartView; parentItemId: string }) {
  const current = cart.Engravings.find((e) => e.parentItemId === parentItemId);
  return (
    <CartForm className="engraving" label="Engraving">
      <Hidden fields={{ _type: "set-engraving", parentItemId }} />
      <label>
        Engraving <input name="text" maxLength={MAX_ENGRAVING_LENGTH} defaultValue={current?.text ?? ""} required />
      </label>
      <label>
        Font{" "}
        <select name="fontName" defaultValue={current?.fontName ?? "script"}>
          {ENGRAVING_FONTS.map((f) => (
            <option key={f}>{f}</option>
          ))}
        </select>
      </label>
      <button type="submit">{current ? "Change engraving" : "Add engraving"}</button>
    </CartForm>
  );
}

function CarePlan({ cart, productId }: { cart: CartView; productId: string }) {
  const offer = cart.CarePlans.find((o) => o.productIds.includes(productId));
  if (!offer) return null;
  const active = cart.ActiveCarePlans.find((p) => p.productId === productId);
  return (
    <CartForm className="care-plan" label="Care plan">
      <Hidden fields={{ _type: "choose-care-plan", productId }} />
      <label>
        Loupe Care plan{" "}
        <select name="applicablePlanDuration" defaultValue={active ? String(active.applicablePlanDuration) : ""}>
          <option value="">No plan</option>
          {offer.quotes.map((q) => (
            <option key={q.planSku} value={q.applicablePlanDuration}>
              {q.applicablePlanDuration / 12} {q.applicablePlanDuration === 12 ? "year" : "years"} — {formatCents(q.cost)} (usually{" "}
              {formatCents(q.planRetailPrice)})
            </option>
          ))}
        </select>
      </label>
      <button type="submit">Save plan</button>
    </CartForm>
  );
}

/** "71 h 59 min left", ticking each minute in the browser (the server's `now` first, so hydration matches). */
function Countdown({ expiry, now }: { expiry: number; now: number }) {
  const [t, setT] = useState(now);
  useEffect(() => {
    setT(Date.now());
    const id = setInterval(() => setT(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  const left = Math.max(0, expiry - t);
  const h = Math.floor(left / 3_600_000);
  const m = Math.floor((left % 3_600_000) / 60_000);
  return <span className="countdown">{left === 0 ? "expired" : `${h} h ${m} min left`}</span>;
}

/** A wedding band's size: one of the sizes, or "I don't know my size yet" (asked for after the order). */
function BandSize({ line }: { line: CartLine }) {
  return (
    <CartForm className="ring-size" label={`Band size of ${line.name}`}>
      <Hidden fields={{ _type: "update", lineId: line.lineId }} />
      <label>
        Band size{" "}
        <select name="size" defaultValue={sizeValue(line.size, line.sizeLater)} key={sizeValue(line.size, line.sizeLater)}>
          <SizeChoiceOptions />
        </select>
      </label>
      <button type="submit">Set size</button>
      {line.sizeLater ? <p className="field-hint size-later-note">{SIZE_LATER_NOTE}</p> : null}
    </CartForm>
  );
}

export function Component() {
  const { cart: loaded, now } = useLoaderData<CartData>();
  const { cart, pending } = useCurrentCart(loaded);
  // Lock_Price: the price-lock button is its test variant (locks already made always show); met with a non-empty cart.
  const lockOffered = useVariant("Lock_Price") === 1;
  useMetExperiment("Lock_Price", cart.Kind !== "empty");
  const ring = cart.EngagementRings[0];
  const lines = [...cart.WeddingBands, ...cart.Pendants, ...cart.Studs, ...cart.FineJewelry];
  // A change posted from another page (a diamond's "Add to cart") and refused: why, and what to choose instead.
  const answered = useActionData<CartActionData>();
  const refusal = answered?.error ? <CartError error={answered.error} similar={answered.similar} /> : null;
  if (cart.Kind === "empty") {
    return (
      <article className="page cart-page">
        <h1>Your cart</h1>
        {refusal}
        <p>Your cart is empty.</p>
        <p>
          Find a diamond in the <Link to="/diamond-search">diamond search</Link>.
        </p>
      </article>
    );
  }
  return (
    <article className="page cart-page">
      <h1>
        Your cart <small>{KIND_LABEL[cart.Kind]}</small>
      </h1>
      {refusal}
      <ul className="cart-lines">
        {ring?.setting ? (
          <Line line={ring.setting}>
            <CartForm className="ring-size" label="Ring size">
              <Hidden fields={{ _type: "set-ring-size" }} />
              <label>
                Ring size{" "}
                <select name="ringSize" defaultValue={sizeValue(ring.RingSize, ring.RingSizeLater)} key={sizeValue(ring.RingSize, ring.RingSizeLater)}>
                  <SizeChoiceOptions />
                </select>
              </label>
              <button type="submit">Set size</button>
              {cart.RingSizeError ? <span className="field-error">{cart.RingSizeError}</span> : null}
              {ring.RingSizeLater ? <p className="field-hint size-later-note">{SIZE_LATER_NOTE}</p> : null}
            </CartForm>
            <Engraving cart={cart} parentItemId="setting" />
            <CarePlan cart={cart} productId="setting" />
          </Line>
        ) : null}
        {ring?.diamond ? (
          <Line line={ring.diamond}>
            <CarePlan cart={cart} productId="diamond" />
          </Line>
        ) : null}
        {cart.PairedDiamond ? <Line line={cart.PairedDiamond} /> : null}
        {lines.map((l) => (
          <Line key={l.lineId} line={l}>
            {l.isMatchingBand ? <span className="badge">Matching band</span> : null}
            {cart.BandSizeErrors[l.lineId] ? <span className="field-error">{cart.BandSizeErrors[l.lineId]}</span> : null}
            {cart.WeddingBands.includes(l) ? <BandSize line={l} /> : null}
            <CartForm className="inline" label={`Quantity of ${l.name}`}>
              <Hidden fields={{ _type: "update", lineId: l.lineId }} />
              <label>
                Quantity <input type="number" inputMode="numeric" name="quantity" min={1} max={99} defaultValue={l.quantity} key={l.quantity} />
              </label>
              <button type="submit">Update</button>
            </CartForm>
            <CarePlan cart={cart} productId={l.lineId} />
          </Line>
        ))}
      </ul>
      {cart.FreeStudsEligible ? (
        <p className="free-studs">Your order qualifies for a free pair of diamond studs.</p>
      ) : (
        <p className="free-studs">Add {formatCents(cart.FreeStudsRemaining)} more for a free pair of diamond studs.</p>
      )}
      <CartForm className="promo" label="Promo code">
        <Hidden fields={{ _type: "apply-promo" }} />
        <label>
          Promo code <input name="code" defaultValue={cart.PromoCode ?? ""} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
        </label>
        <button type="submit">Apply</button>
        {cart.InvalidDiscountMessage ? (
          <p className="form-error" role="status">
            {cart.InvalidDiscountMessage}
          </p>
        ) : null}
      </CartForm>
      <Totals cart={cart} pending={pending} />
      {/* On phones this paragraph is the fixed bottom bar (styles-phone-cart.css): the total beside the real link. */}
      <p className="checkout-link">
        <span className="bar-total">
          Total <strong>{formatCents(cartTotal(cart))}</strong>
        </span>
        <Link to="/checkout" className="button">
          Checkout
        </Link>
      </p>
      {lockOffered || cart.LockedPrices.length ? (
        <section className="price-lock" aria-label="Price lock">
          <h2>Lock this price</h2>
          {lockOffered ? (
            <>
              <p>Hold today’s total for 72 hours while you decide (up to 3 a day, reset at midnight UTC).</p>
              <CartForm label="Lock price">
                <Hidden fields={{ _type: "lock-price" }} />
                <button type="submit">Lock price for 72 hours</button>
              </CartForm>
            </>
          ) : null}
          {cart.LockedPrices.length ? (
            <ul className="locks">
              {cart.LockedPrices.map((l) => (
                <li key={l.id}>
                  {formatCents(l.total)} locked — <Countdown expiry={l.expiry} now={now} />{" "}
                  {cart.LockedPrice?.id === l.id ? <strong>applied</strong> : <Link to={l.cartLink}>its cart</Link>}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <section className="share" aria-label="Share this cart">
        <h2>Share this cart</h2>
        <p>
          <a href={cart.CartLink} data-testid="share-link">
            {cart.CartLink}
          </a>{" "}
          <button type="button" className="link-button" onClick={() => void copyLink(cart.CartLink)}>
            Copy link
          </button>
        </p>
      </section>
      <PaymentMethodForm cart={cart} />
      <p className="care-note">Care plans: {CARE_PLAN_DURATIONS.join(", ")} months of cover against loss of stones, prongs and wear.</p>
      <CartForm className="inline" label="Empty cart">
        <Hidden fields={{ _type: "clear" }} />
        <button type="submit" className="link-button">
          Empty the cart
        </button>
      </CartForm>
    </article>
  );
}
