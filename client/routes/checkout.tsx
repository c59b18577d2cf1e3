import { data, Link, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { checkoutProblems, viewLines } from "#shared/cart/checkout.ts";
import type { CartView } from "#shared/cart/schemas.ts";
import { cartOrderLines, lineDetails } from "#shared/cart/breakdown.ts";
import { formatCents } from "#shared/cents.ts";
import { LineDetails } from "../components/line-details";
import { statusOf } from "#shared/refusal.ts";
import { restoreSharedLink, revalidateUnlessAnswered, submitCartForm } from "../cart-form";
import {
  type CartActionData,
  CartForm,
  cartTotal,
  Hidden,
  PAYMENT_LABEL,
  PaymentMethodForm,
  Totals,
  UsStateOptions,
  useCurrentCart,
} from "../components/cart-parts";
import { pageOrders, paymentPage } from "../components/order-parts";
import { cartContext } from "../context";
import type { RouteHandle } from "../route-handle";

/**
 * `/checkout/{settingId?}/{variantId?}/{diamondId}` (§2): the last step before payment — the order
 * summary, the shipping address and contact email, the payment method, and "Place order", which places the
 * order on the server and starts its payment (fresh prices, a valid price lock honoured, tax for the
 * address) — a form posted as a document, answered with a redirect to where the shopper approves the payment
 * (PayPal's page, the local test gateway, the card page `/orders/{n}/pay` for Braintree and Stripe) or, for a wire, to the order's page with the transfer details; a
 * refusal is shown beside the button. Like the cart, a path naming items rebuilds that cart first, every form
 * works without JavaScript, and the page is never reloaded automatically.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const cart = context.get(cartContext);
  await restoreSharedLink(request, params, cart, "/checkout");
  // A signed-in customer's empty address starts as their last order's (docs/decisions/064-pay-again-and-remembered-address.md).
  return { cart: await cart.forCheckout() };
}

/** The Place order form's intent (a document post: the order service lives on the server). */
const PLACE_ORDER = "place-order";

export async function action({ request, context }: ActionFunctionArgs) {
  if ((await request.clone().formData()).get("_type") === PLACE_ORDER) return placeOrder(request, context);
  return submitCartForm(request, context.get(cartContext), "/checkout");
}

/** Places the order and starts its payment: off to approve it, or to the order's page (a wire); a refusal for the page. */
async function placeOrder(request: Request, context: ActionFunctionArgs["context"]) {
  const r = await pageOrders(context, request).place();
  if (!r.ok) return data<CartActionData>({ error: r.message, cart: null }, { status: statusOf(r) });
  return redirect(paymentPage(r), 303);
}

type CheckoutData = Awaited<ReturnType<typeof loader>>;

/** A change made here answers with the whole cart: no second read. */
export const shouldRevalidate = revalidateUnlessAnswered("/checkout");

export const handle: RouteHandle<CheckoutData> = {
  // §2: checkout has a simple navigation and no footer; like the cart, no robots, no Google sign-in, no coupon popup.
  flags: {
    navigation: "simple",
    footer: false,
    announcement: false,
    preventRobots: true,
    preventGoogleSignIn: true,
    preventCouponPopup: true,
    hideOfferLauncher: true,
  },
  meta: () => ({ title: "Checkout — Loupe" }),
  // The shopper's address and email (a signed-in customer's filled in from their last order): never stored.
  personal: true,
};

/** What an address field may set on its input. */
interface FieldProps {
  required?: boolean;
  autoComplete?: string;
  type?: "email" | "tel";
  inputMode?: "numeric";
  autoCapitalize?: "words" | "off";
  spellCheck?: boolean;
  maxLength?: number;
}

function AddressForm({ cart }: { cart: CartView }) {
  const a = cart.ShippingAddress;
  // Each field names its autofill token and keyboard (type / inputMode): a phone offers the saved address and the right keys.
  const field = (name: string, label: string, value: string, props: FieldProps = {}) => (
    <label>
      {label} <input name={`shipping.${name}`} defaultValue={value} {...props} />
    </label>
  );
  return (
    <CartForm action="/checkout" className="address" label="Shipping address">
      <Hidden fields={{ _type: "set-addresses", "shipping.countryCode": "US" }} />
      <h2>Shipping address</h2>
      {field("name", "Full name", a?.name ?? "", { required: true, autoComplete: "name", autoCapitalize: "words", maxLength: 100 })}
      {field("line1", "Address", a?.line1 ?? "", { required: true, autoComplete: "address-line1", autoCapitalize: "words", maxLength: 200 })}
      {field("apt", "Apartment, suite (optional)", a?.apt ?? "", { autoComplete: "address-line2", autoCapitalize: "words", maxLength: 50 })}
      {field("city", "City", a?.city ?? "", { required: true, autoComplete: "address-level2", autoCapitalize: "words", maxLength: 100 })}
      <label>
        State{" "}
        <select name="shipping.state" defaultValue={a?.state ?? ""} required autoComplete="address-level1">
          <option value="">Choose…</option>
          <UsStateOptions />
        </select>
      </label>
      {/* The address is a US one (countryCode above): a ZIP code is digits, so the digit keypad. */}
      {field("postalCode", "ZIP code", a?.postalCode ?? "", { required: true, autoComplete: "postal-code", inputMode: "numeric", maxLength: 12 })}
      {field("email", "Email for the order", a?.email || cart.UserEmail || "", {
        required: true,
        autoComplete: "email",
        type: "email",
        autoCapitalize: "off",
        spellCheck: false,
        maxLength: 254,
      })}
      {field("phone", "Phone (optional)", a?.phone ?? "", { autoComplete: "tel", type: "tel", maxLength: 25 })}
      <label>
        <input type="checkbox" name="billingSameAsShipping" defaultChecked={cart.BillingSameAsShipping} /> Billing address is the same
      </label>
      <button type="submit">Save address</button>
    </CartForm>
  );
}

export function Component() {
  const { cart: loaded } = useLoaderData<CheckoutData>();
  const { cart, pending } = useCurrentCart(loaded);
  const placed = useActionData<CartActionData>();
  const lines = viewLines(cart);
  const details = new Map(cartOrderLines(cart).map((l) => [l.lineId, lineDetails(l)]));
  if (lines.length === 0) {
    return (
      <article className="page checkout-page">
        <h1>Checkout</h1>
        <p>Your cart is empty.</p>
        <p>
          Find a diamond in the <Link to="/diamond-search">diamond search</Link>.
        </p>
      </article>
    );
  }
  const problems = checkoutProblems(cart);
  return (
    <article className="page checkout-page">
      <h1>Checkout</h1>
      <p>
        <Link to="/cart">Back to the cart</Link>
      </p>
      <section aria-label="Your order">
        <h2>Your order</h2>
        <ul className="checkout-lines">
          {lines.map((l) => (
            <li key={l.lineId} className={l.status === "available" ? undefined : "unavailable"}>
              {l.name}
              {l.quantity > 1 ? ` × ${l.quantity}` : ""} — {l.status === "available" ? formatCents(l.total) : "no longer available"}
              <LineDetails details={details.get(l.lineId)} />
            </li>
          ))}
        </ul>
      </section>
      <AddressForm cart={cart} />
      <PaymentMethodForm cart={cart} action="/checkout" />
      <Totals cart={cart} pending={pending} />
      {cart.OrderDrafted ? (
        <section className="order-drafted" aria-label="Order placed" role="status">
          <h2>Order {cart.OrderDrafted}</h2>
          <p>
            Your order is placed at {formatCents(cartTotal(cart))}
            {cart.LockedPrice ? `, your locked price of ${formatCents(cart.LockedPrice.total)} honoured` : ""}. It waits for your payment by{" "}
            {PAYMENT_LABEL[cart.PaymentMethod]}; we email {cart.ShippingAddress?.email || cart.UserEmail} the confirmation once it is paid.
          </p>
          {/* On phones the fixed bottom bar (styles-phone-cart.css): the total beside the real link. */}
          <p className="order-bar">
            <span className="bar-total">
              Total <strong>{formatCents(cartTotal(cart))}</strong>
            </span>
            <a className="button primary" href={`/orders/re-payment/${cart.OrderDrafted}`}>
              Pay now
            </a>
          </p>
        </section>
      ) : (
        <section className="place-order" aria-label="Place order">
          {problems.length ? (
            <>
              <p>Before you place the order:</p>
              <ul className="checkout-problems">
                {problems.map((p) => (
                  <li key={p.path}>{p.message}</li>
                ))}
              </ul>
            </>
          ) : null}
          {placed?.error ? (
            <p className="form-error" role="alert">
              {placed.error}
            </p>
          ) : null}
          {/* On phones the fixed bottom bar (styles-phone-cart.css): the total beside the real form. */}
          <div className="order-bar">
            <p className="bar-total">
              Total <strong>{formatCents(cartTotal(cart))}</strong>
            </p>
            {/* A plain form: the browser posts the document, the server places the order and redirects to the payment. */}
            <form method="post" action="/checkout" aria-label="Place order">
              <Hidden fields={{ _type: PLACE_ORDER }} />
              <button type="submit" disabled={problems.length > 0}>
                Place order
              </button>
            </form>
          </div>
        </section>
      )}
    </article>
  );
}
