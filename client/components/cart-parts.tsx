/**
 * What the cart and checkout pages share: the intent forms (plain form posts that work without JavaScript;
 * with it, an optimistic update through the cart signal), the order summary and the payment labels.
 */
import { Fragment, useEffect, type ReactNode } from "react";
import { Link, useFetcher, useFetchers } from "react-router";
import type { PaymentMethod } from "#shared/cart/model.ts";
import type { CartLine, CartView } from "#shared/cart/schemas.ts";
import { US_STATE_NAMES } from "#shared/cart/tax.ts";
import { type BreakdownRow, cartBreakdown, rowAmount } from "#shared/cart/breakdown.ts";
import { formatCents } from "#shared/cents.ts";
import { cartSignal } from "../cart-client";
import { intentFromForm } from "../cart-form";
import { useClientSignal } from "../state/use-signal";

/** What a cart or checkout action answers: the cart after the change, or why it was refused. */
export interface CartActionData {
  error: string | null;
  cart: CartView | null;
  /** With a refusal of a stone someone else holds: the pages of similar free stones. */
  similar?: string[];
}

/** A refusal's message, with the similar stones it offers (a stone someone else holds). */
export function CartError({ error, similar }: { error: string; similar?: string[] }) {
  if (!similar?.length)
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  return (
    <div className="form-error" role="alert">
      <p>{error}. Similar diamonds available now:</p>
      <ul className="similar-offer">
        {similar.map((path) => (
          <li key={path}>
            <Link to={path}>{slugText(path)}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `/diamond/123/1.01ct-g-vs1-ideal-round-diamond` → "1.01ct g vs1 ideal round diamond" (the page's words). */
const slugText = (path: string) => (path.split("/")[3] ?? path).replace(/-/g, " ");

export const PAYMENT_LABEL: Record<PaymentMethod, string> = {
  paypal: "PayPal",
  card: "Card",
  affirm: "Affirm (pay over time)",
  splitit: "Splitit (interest-free instalments on your card)",
  wire: "Bank wire (save 2%)",
  financing: "Financing (TD)",
};

/** The optimistic cart after an intent, shown until the server answers (lines only; totals wait). */
function optimistic(cart: CartView, form: FormData): CartView {
  const intent = intentFromForm(form);
  if (!intent || intent === "lock" || intent === "draft") return cart;
  const drop = (lines: CartLine[]) => lines.filter((l) => intent.type !== "remove" || l.lineId !== intent.lineId);
  const requantify = (lines: CartLine[]) =>
    lines.map((l) =>
      intent.type === "update" && l.lineId === intent.lineId && intent.quantity ? { ...l, quantity: intent.quantity, total: l.unitPrice * intent.quantity } : l,
    );
  const next = {
    ...cart,
    WeddingBands: requantify(drop(cart.WeddingBands)),
    FineJewelry: requantify(drop(cart.FineJewelry)),
    Pendants: requantify(drop(cart.Pendants)),
    Studs: requantify(drop(cart.Studs)),
  };
  if (intent.type === "remove" && (intent.lineId === "setting" || intent.lineId === "diamond")) {
    const ring = cart.EngagementRings[0];
    const left = ring && { ...ring, [intent.lineId]: null };
    next.EngagementRings = left && (left.setting || left.diamond) ? [left] : [];
    next.PairedDiamond = null;
  }
  if (intent.type === "remove" && intent.lineId === "paired-diamond") next.PairedDiamond = null;
  if (intent.type === "set-ring-size") {
    next.RingSize = intent.ringSize ?? null;
    next.RingSizeLater = false;
  }
  if (intent.type === "set-ring-size-later" && (intent.lineId ?? "setting") === "setting") {
    next.RingSize = null;
    next.RingSizeLater = true;
  }
  return next;
}

/** A form posting one intent; with JavaScript it runs the action in the browser and updates the page at once. */
export function CartForm({ children, className, label, action = "/cart" }: { children: ReactNode; className?: string; label?: string; action?: string }) {
  const fetcher = useFetcher<CartActionData>();
  const error = fetcher.data?.error ?? null;
  return (
    <fetcher.Form
      method="post"
      action={action}
      className={className}
      aria-label={label}
      onSubmit={(e) => {
        const cart = cartSignal.value;
        if (cart) cartSignal.value = optimistic(cart, new FormData(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter));
      }}
    >
      {children}
      {error ? <CartError error={error} similar={fetcher.data?.similar} /> : null}
    </fetcher.Form>
  );
}

export function Hidden({ fields }: { fields: Record<string, string | number> }) {
  return (
    <>
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

/** The cart's breakdown for its payment method (shared/cart/breakdown.ts), the tax region named by its state. */
export const cartAmounts = (cart: CartView) => cartBreakdown(cart, (code) => US_STATE_NAMES[code] ?? code);

/** What the cart comes to: the breakdown's total, the amount the order's payment collects. */
export const cartTotal = (cart: CartView): number => cartAmounts(cart).totalCents;

const TESTID: Partial<Record<BreakdownRow["key"], string>> = { tax: "cart-tax" };

/**
 * The order summary: every part of the breakdown to the cent, then the total they add up to (the total
 * before tax, after the price lock, is shown for reference where it differs from the subtotal).
 */
export function Totals({ cart, pending }: { cart: CartView; pending: boolean }) {
  const region = cart.TaxRegion;
  const b = cartAmounts(cart);
  return (
    <section className="cart-totals" aria-label="Order summary" aria-busy={pending}>
      <h2>Order summary</h2>
      <dl>
        {b.rows.map((r) => (
          <Fragment key={r.key}>
            {r.key === "wire" || (r.key === "tax" && !b.rows.some((x) => x.key === "wire")) ? (
              <>
                <dt className="pretax">Total before tax</dt>
                <dd className="pretax" data-testid="cart-pretax">
                  {formatCents(cart.Total)}
                </dd>
              </>
            ) : null}
            <dt>{r.label}</dt>
            <dd data-testid={TESTID[r.key]} data-cents={r.cents}>
              {rowAmount(r)}
            </dd>
          </Fragment>
        ))}
        <dt className="total">Total</dt>
        <dd className="total" data-testid="cart-total" data-cents={b.totalCents}>
          {formatCents(b.totalCents)}
        </dd>
      </dl>
      {region?.source !== "shipping" ? (
        <CartForm className="tax-region" label="Estimate tax for">
          <Hidden fields={{ _type: "set-tax-region" }} />
          <label>
            Estimate tax for{" "}
            <select name="state" defaultValue={region?.source === "chosen" ? region.state : ""} key={region ? `${region.source}-${region.state}` : "none"}>
              <option value="">Your location</option>
              <UsStateOptions />
            </select>
          </label>
          <button type="submit">Update</button>
        </CartForm>
      ) : null}
      {cart.Total > 0 && cart.PaymentMethod !== "wire" ? <p className="wire-price">Pay by bank wire: {formatCents(cart.WireTotal + cart.WireTax)}</p> : null}
      {!cart.AllowPayPal ? <p>PayPal takes orders up to $10,000; choose another payment method.</p> : null}
    </section>
  );
}

/**
 * The cart a cart or checkout page shows: the loader's, or the signal's when that is newer (an optimistic
 * change or a form's answer); the loader's cart becomes the signal's when it is the newest. Also whether a
 * form is still on its way.
 */
export function useCurrentCart(loaded: CartView): { cart: CartView; pending: boolean } {
  const current = useClientSignal(cartSignal, null);
  useEffect(() => {
    // The loader's cart is the newest when it is (a navigation or revalidation).
    if (!cartSignal.value || cartSignal.value.Revision <= loaded.Revision) cartSignal.value = loaded;
  }, [loaded]);
  const pending = useFetchers().some((f) => f.state !== "idle");
  return { cart: current && current.Revision >= loaded.Revision ? current : loaded, pending };
}

/** One option per US state (and DC), by name. */
export function UsStateOptions() {
  return (
    <>
      {Object.entries(US_STATE_NAMES).map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}

/** The payment-method picker (PayPal disabled over its limit), posting to the page's own action. */
export function PaymentMethodForm({ cart, action }: { cart: CartView; action?: string }) {
  return (
    <CartForm action={action} className="payment" label="Payment method">
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
  );
}
