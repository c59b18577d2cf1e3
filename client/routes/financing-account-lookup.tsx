/**
 * `/financing-account-lookup` (alias `/recover`): the shopper of a financing order who lost their TD account
 * number names the order — signed in as its shopper, or with its key from the emailed link (`?order=…&key=…`
 * fills the form) — and who they are (last name, ZIP code, and the SSN's last 4 digits or the date of birth),
 * and gets the last 4 digits of the number back (`**** **** **** 4242`: never the whole number). The form posts
 * to the page itself as a document (no JavaScript needed); problems stand beside their fields; an order that is
 * not the caller's is not found; a miss says so in the same place as a find; too many tries wait (429 and
 * `Retry-After`, as the API answers). Nothing typed here is stored. docs/decisions/034-td-financing.md,
 * docs/decisions/052-order-ownership.md
 */
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { TdAccountLookupResult } from "#shared/orders/td.ts";
import { Field, type FormAnswer, FormMessages, readForm, refusedForm, waitText } from "../components/account-form";
import { OrderPage, orderHandle } from "../components/order-parts";
import { serverService } from "../server-page";
import { tdFinanceContext } from "../td-context";

const FIELDS = ["orderNumber", "key", "lastName", "postalCode", "ssnLast4", "dateOfBirth"] as const;

/** The order and its key from the emailed link's address, to fill the form. */
export function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  return { orderNumber: q.get("order") ?? "", key: q.get("key") ?? "" };
}

/** The lookup's answer: the form's problems, or what TD said (an account number, or none). */
interface LookupAnswer extends FormAnswer {
  result: TdAccountLookupResult | null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = readForm(await request.formData(), FIELDS);
  const r = await serverService(context, request, tdFinanceContext).lookupAccount(form);
  // The identity typed is not sent back to the page (it is not kept anywhere), only the order, the name and ZIP code.
  const values = { orderNumber: form.orderNumber, key: form.key, lastName: form.lastName, postalCode: form.postalCode };
  if (!r.ok) {
    const message =
      r.kind === "rate_limited"
        ? `Too many lookups. ${waitText(r.retryAfter)}`
        : r.kind === "not_found"
          ? "We found no financing order of yours with this number. Sign in, or open this page from the link in your order's email."
          : undefined;
    const refused = refusedForm(r, FIELDS, values, message);
    return data<LookupAnswer>({ ...refused.data, result: null }, refused.init ?? undefined);
  }
  return { message: null, kind: null, fields: {}, values, notice: null, result: { accountNumber: r.accountNumber, message: r.message } } satisfies LookupAnswer;
}

export const handle = orderHandle("Find your financing account number");

/** "**** **** **** 4242": the masked number in groups of four, as on a statement. */
const grouped = (n: string) => n.replace(/(.{4})(?=.)/g, "$1 ");

export function Component() {
  const link = useLoaderData<typeof loader>();
  const answer = useActionData<LookupAnswer>();
  const result = answer?.result ?? null;
  return (
    <OrderPage title="Find your financing account number">
      <p>
        Lost track of your TD financing account? Name your order paid by financing and tell us who you are: TD looks the account up and we show the last 4
        digits of its number, so you can tell which card and statements are this account's. For the whole number, call TD at the number on your statement.
      </p>
      <FormMessages answer={answer} />
      {result ? (
        <div className={result.accountNumber ? "form-notice" : "form-alert"} role="status">
          <p>{result.message}</p>
          {result.accountNumber ? (
            <p>
              Account number: <strong data-testid="td-account-number">{grouped(result.accountNumber)}</strong>
            </p>
          ) : null}
        </div>
      ) : null}
      <form method="post" className="account-form" aria-label="Find your account number">
        <Field
          name="orderNumber"
          label="Order number"
          autoComplete="off"
          answer={answer}
          initial={link.orderNumber}
          hint="LP and 10 digits, as in your order's email."
        />
        <input type="hidden" name="key" value={answer?.values.key ?? link.key} />
        <Field name="lastName" label="Last name" autoComplete="family-name" answer={answer} />
        <Field name="postalCode" label="ZIP code" autoComplete="postal-code" answer={answer} hint="The ZIP code of your billing address, 5 digits." />
        <Field name="ssnLast4" label="Last 4 digits of your SSN" autoComplete="off" answer={answer} required={false} hint="Or give your date of birth below." />
        <Field name="dateOfBirth" label="Date of birth" autoComplete="bday" answer={answer} required={false} hint="YYYY-MM-DD, for example 1990-04-21." />
        <button type="submit" className="primary">
          Find my account number
        </button>
      </form>
      <p className="account-links">
        <a href="/financing">About financing</a> · <a href="/my-stuff/orders">Your orders</a>
      </p>
    </OrderPage>
  );
}
