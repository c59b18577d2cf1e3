import { useEffect, useState, type ReactNode } from "react";
import { data, Link, redirect, useFetcher, useFetchers, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type ShouldRevalidateFunction } from "react-router";
import { CARE_PLAN_DURATIONS } from "#shared/cart/care-plans.ts";
import { namesNothing, parseCartLink } from "#shared/cart/link.ts";
import { ENGRAVING_FONTS, MAX_ENGRAVING_LENGTH, RING_SIZES, type PaymentMethod } from "#shared/cart/model.ts";
import type { CartLine, CartView } from "#shared/cart/schemas.ts";
import { US_STATE_NAMES } from "#shared/cart/tax.ts";
import { formatUsd } from "#shared/money.ts";
import { cartSignal } from "../cart-client";
import { intentFromForm } from "../cart-form";
import { cartContext } from "../context";
import type { RouteHandle } from "../route-handle";
import { useClientSignal } from "../state/use-signal";

/**
 * `/cart/{settingId?}/{variantId?}/{diamondId}` (§2): the cart. A path or query naming items is a shared
 * cart link: it rebuilds that cart, then shows `/cart`. Every form posts plain fields to this route's action
 * (so it works without JavaScript: the server applies the change and redirects back); with JavaScript the
 * same action runs in the browser, the page updates at once (optimistic) and then shows the server's cart.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const segments = [params.a, params.b, params.c].filter((s): s is string => s !== undefined && s !== "");
  const items = parseCartLink(segments, url.searchParams);
  if (!items) throw data("This cart link is not valid", { status: 404 });
  const cart = context.get(cartContext);
  if (!namesNothing(items)) {
    const r = await cart.change({ type: "restore", link: url.pathname + url.search });
    if (!r.ok) throw data(r.message, { status: r.status });
    throw redirect("/cart");
  }
  return { cart: await cart.get(), now: Date.now() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = intentFromForm(form);
  const cart = context.get(cartContext);
  const r = intent === null ? ({ ok: false, status: 400, message: "Nothing to change" } as const) : intent === "lock" ? await cart.lockPrice() : await cart.change(intent);
  const back = typeof form.get("_back") === "string" && String(form.get("_back")).startsWith("/") ? String(form.get("_back")) : "/cart";
  if (!r.ok) return data({ error: r.message, cart: null }, { status: r.status });
  // Without JavaScript the form posted to the server: show the result at its own address (post/redirect/get).
  if (typeof document === "undefined") throw redirect(back);
  return { error: null, cart: r.cart };
}

type CartData = Awaited<ReturnType<typeof loader>>;

/** A change made on the cart page answers with the whole cart: the page needs no second read of it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  (actionResult as { cart?: CartView | null } | undefined)?.cart && currentUrl.pathname === "/cart" && nextUrl.pathname === "/cart" ? false : defaultShouldRevalidate;

export const handle: RouteHandle<CartData> = {
  // §2: the cart prevents Google sign-in and is never reloaded automatically; no robots, no coupon popup.
  flags: { preventRobots: true, preventGoogleSignIn: true, preventCouponPopup: true, buyingFlow: true },
  meta: (d) => ({ title: d?.cart && d.cart.Kind !== "empty" ? `Your cart (${formatUsd(d.cart.Total)}) — Loupe` : "Your cart — Loupe" }),
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

const PAYMENT_LABEL: Record<PaymentMethod, string> = { paypal: "PayPal", card: "Card", affirm: "Affirm (pay over time)", wire: "Bank wire (save 2%)", financing: "Financing" };

/** The optimistic cart after an intent, shown until the server answers (lines only; totals wait). */
function optimistic(cart: CartView, form: FormData): CartView {
  const intent = intentFromForm(form);
  if (!intent || intent === "lock") return cart;
  const drop = (lines: CartLine[]) => lines.filter((l) => intent.type !== "remove" || l.lineId !== intent.lineId);
  const requantify = (lines: CartLine[]) => lines.map((l) => (intent.type === "update" && l.lineId === intent.lineId && intent.quantity ? { ...l, quantity: intent.quantity, total: l.unitPrice * intent.quantity } : l));
  const next = { ...cart, WeddingBands: requantify(drop(cart.WeddingBands)), FineJewelry: requantify(drop(cart.FineJewelry)), Pendants: requantify(drop(cart.Pendants)), Studs: requantify(drop(cart.Studs)) };
  if (intent.type === "remove" && (intent.lineId === "setting" || intent.lineId === "diamond")) {
    const ring = cart.EngagementRings[0];
    const left = ring && { ...ring, [intent.lineId]: null };
    next.EngagementRings = left && (left.setting || left.diamond) ? [left] : [];
    next.PairedDiamond = null;
  }
  if (intent.type === "remove" && intent.lineId === "paired-diamond") next.PairedDiamond = null;
  if (intent.type === "set-ring-size") next.RingSize = intent.ringSize ?? null;
  return next;
}

/** A form posting one intent; with JavaScript it runs the action in the browser and updates the page at once. */
function CartForm({ children, className, label }: { children: ReactNode; className?: string; label?: string }) {
  const fetcher = useFetcher<typeof action>();
  const error = fetcher.data?.error ?? null;
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      className={className}
      aria-label={label}
      onSubmit={(e) => {
        const cart = cartSignal.value;
        if (cart) cartSignal.value = optimistic(cart, new FormData(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter));
      }}
    >
      {children}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function Hidden({ fields }: { fields: Record<string, string | number> }) {
  return (
    <>
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

function Price({ line }: { line: CartLine }) {
  if (line.status !== "available") return <span className="line-status">{line.status === "sold" ? "Sold — no longer available" : "No longer listed"}</span>;
  return (
    <span className="line-price">
      {line.listPrice && line.listPrice > line.unitPrice ? <s>{formatUsd(line.listPrice * line.quantity)}</s> : null} {formatUsd(line.total)}
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
              {q.applicablePlanDuration / 12} {q.applicablePlanDuration === 12 ? "year" : "years"} — {formatUsd(q.cost)} (usually {formatUsd(q.planRetailPrice)})
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

function Totals({ cart, pending }: { cart: CartView; pending: boolean }) {
  const region = cart.TaxRegion;
  const row = (label: string, cents: number, negative = false) => (
    <>
      <dt>{label}</dt>
      <dd>{negative ? `−${formatUsd(cents)}` : formatUsd(cents)}</dd>
    </>
  );
  return (
    <section className="cart-totals" aria-label="Order summary" aria-busy={pending}>
      <h2>Order summary</h2>
      <dl>
        {row("Subtotal", cart.Subtotal)}
        {cart.Discount ? row(`Promo ${cart.PromoCode}`, cart.Discount, true) : null}
        {cart.CarePlansTotal ? row("Care plans", cart.CarePlansTotal) : null}
        {cart.EngagementRings[0]?.diamond || cart.PairedDiamond ? (
          <>
            <dt>Independent appraisal</dt>
            <dd>Included</dd>
          </>
        ) : null}
        {cart.LockSavings ? row("Price lock", cart.LockSavings, true) : null}
        <dt>Total before tax</dt>
        <dd data-testid="cart-pretax">{formatUsd(cart.Total)}</dd>
        <dt>Estimated tax{region ? ` (${US_STATE_NAMES[region.state] ?? region.state}${region.source === "location" ? ", from your location" : ""})` : ""}</dt>
        <dd data-testid="cart-tax">{region ? formatUsd(cart.Tax) : "At checkout"}</dd>
        <dt className="total">Total</dt>
        <dd className="total" data-testid="cart-total">
          {formatUsd(cart.TotalWithTax)}
        </dd>
      </dl>
      {region?.source !== "shipping" ? (
        <CartForm className="tax-region" label="Estimate tax for">
          <Hidden fields={{ _type: "set-tax-region" }} />
          <label>
            Estimate tax for{" "}
            <select name="state" defaultValue={region?.source === "chosen" ? region.state : ""} key={region ? `${region.source}-${region.state}` : "none"}>
              <option value="">Your location</option>
              {Object.entries(US_STATE_NAMES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Update</button>
        </CartForm>
      ) : null}
      {cart.Total > 0 ? <p className="wire-price">Pay by bank wire: {formatUsd(cart.WireTotal + cart.WireTax)}</p> : null}
      {!cart.AllowPayPal ? <p>PayPal takes orders up to $10,000; choose another payment method.</p> : null}
    </section>
  );
}

export function Component() {
  const { cart: loaded, now } = useLoaderData<CartData>();
  const current = useClientSignal(cartSignal, null);
  useEffect(() => {
    // The loader's cart is the newest when it is (a navigation or revalidation).
    if (!cartSignal.value || cartSignal.value.Revision <= loaded.Revision) cartSignal.value = loaded;
  }, [loaded]);
  const cart = current && current.Revision >= loaded.Revision ? current : loaded;
  const pending = useFetchers().some((f) => f.state !== "idle");
  const ring = cart.EngagementRings[0];
  const lines = [...cart.WeddingBands, ...cart.Pendants, ...cart.Studs, ...cart.FineJewelry];
  if (cart.Kind === "empty") {
    return (
      <article className="page cart-page">
        <h1>Your cart</h1>
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
      <ul className="cart-lines">
        {ring?.setting ? (
          <Line line={ring.setting}>
            <CartForm className="ring-size" label="Ring size">
              <Hidden fields={{ _type: "set-ring-size" }} />
              <label>
                Ring size{" "}
                <select name="ringSize" defaultValue={ring.RingSize === null ? "" : String(ring.RingSize)} key={String(ring.RingSize)}>
                  <option value="">Choose…</option>
                  {RING_SIZES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit">Set size</button>
              {cart.RingSizeError ? <span className="field-error">{cart.RingSizeError}</span> : null}
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
            <CartForm className="inline" label={`Quantity of ${l.name}`}>
              <Hidden fields={{ _type: "update", lineId: l.lineId }} />
              <label>
                Quantity <input type="number" name="quantity" min={1} max={99} defaultValue={l.quantity} key={l.quantity} />
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
        <p className="free-studs">Add {formatUsd(cart.FreeStudsRemaining)} more for a free pair of diamond studs.</p>
      )}
      <CartForm className="promo" label="Promo code">
        <Hidden fields={{ _type: "apply-promo" }} />
        <label>
          Promo code <input name="code" defaultValue={cart.PromoCode ?? ""} autoComplete="off" />
        </label>
        <button type="submit">Apply</button>
        {cart.InvalidDiscountMessage ? (
          <p className="form-error" role="status">
            {cart.InvalidDiscountMessage}
          </p>
        ) : null}
      </CartForm>
      <Totals cart={cart} pending={pending} />
      <section className="price-lock" aria-label="Price lock">
        <h2>Lock this price</h2>
        <p>Hold today’s total for 72 hours while you decide (up to 3 a day, reset at midnight UTC).</p>
        <CartForm label="Lock price">
          <Hidden fields={{ _type: "lock-price" }} />
          <button type="submit">Lock price for 72 hours</button>
        </CartForm>
        {cart.LockedPrices.length ? (
          <ul className="locks">
            {cart.LockedPrices.map((l) => (
              <li key={l.id}>
                {formatUsd(l.total)} locked — <Countdown expiry={l.expiry} now={now} /> {cart.LockedPrice?.id === l.id ? <strong>applied</strong> : <Link to={l.cartLink}>its cart</Link>}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section className="share" aria-label="Share this cart">
        <h2>Share this cart</h2>
        <p>
          <a href={cart.CartLink} data-testid="share-link">
            {cart.CartLink}
          </a>{" "}
          <button type="button" className="link-button" onClick={() => void navigator.clipboard?.writeText(new URL(cart.CartLink, location.href).href)}>
            Copy link
          </button>
        </p>
      </section>
      <CartForm className="payment" label="Payment method">
        <Hidden fields={{ _type: "set-payment-method" }} />
        <label>
          Payment method{" "}
          <select name="paymentMethod" defaultValue={cart.PaymentMethod} key={cart.PaymentMethod}>
            {(Object.keys(PAYMENT_LABEL) as PaymentMethod[]).map((m) => (
              <option key={m} value={m} disabled={m === "paypal" && !cart.AllowPayPal}>
                {PAYMENT_LABEL[m]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Save</button>
      </CartForm>
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
