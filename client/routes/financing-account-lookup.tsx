/**
 * `/financing-account-lookup` (§2; alias `/recover`): a TD cardholder who lost their account number gives who
 * they are — last name, ZIP code, and the SSN's last 4 digits or the date of birth — and gets the number back to
 * pay with it. The form posts to the page itself as a document (no JavaScript needed); problems stand beside
 * their fields; a miss says so in the same place as a find; too many tries from one connection wait (429 and
 * `Retry-After`, as the API answers). Nothing typed here is stored. docs/decisions/034-td-financing.md
 */
import { data, useActionData, type ActionFunctionArgs } from "react-router";
import type { TdAccountLookupResult } from "#shared/orders/td.ts";
import { Field, type FormAnswer, FormMessages, readForm, refusedForm, waitText } from "../components/account-form";
import { OrderPage, orderHandle } from "../components/order-parts";
import { serverService } from "../server-page";
import { tdFinanceContext } from "../td-context";

const FIELDS = ["lastName", "postalCode", "ssnLast4", "dateOfBirth"] as const;

/** The lookup's answer: the form's problems, or what TD said (an account number, or none). */
interface LookupAnswer extends FormAnswer {
  result: TdAccountLookupResult | null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = readForm(await request.formData(), FIELDS);
  const r = await serverService(context, request, tdFinanceContext).lookupAccount(form);
  // The identity typed is not sent back to the page (it is not kept anywhere), only the name and ZIP code.
  const values = { lastName: form.lastName, postalCode: form.postalCode };
  if (!r.ok) {
    const refused = refusedForm(r, FIELDS, values, r.kind === "rate_limited" ? `Too many lookups. ${waitText(r.retryAfter)}` : undefined);
    return data<LookupAnswer>({ ...refused.data, result: null }, refused.init ?? undefined);
  }
  return { message: null, kind: null, fields: {}, values, notice: null, result: { accountNumber: r.accountNumber, message: r.message } } satisfies LookupAnswer;
}

export const handle = orderHandle("Find your financing account number");

/** "6035 3200 0000 4242": the number in groups of four, as on a statement. */
const grouped = (n: string) => n.replace(/(\d{4})(?=\d)/g, "$1 ");

export function Component() {
  const answer = useActionData<LookupAnswer>();
  const result = answer?.result ?? null;
  return (
    <OrderPage title="Find your financing account number">
      <p>Lost the number of your TD financing account? Tell us who you are and TD will look it up. You need it to pay with an account you already have.</p>
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
