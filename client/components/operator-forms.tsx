/**
 * The operator's action forms on an order's page (client/routes/operator-order.tsx): one document form per action
 * the order's state allows, posting to the page itself (no JavaScript needed), each saying who it is recorded as
 * (the signed-in operator) and a problem beside its field.
 */
import type { OperatorOrderDetail } from "#shared/orders/operator.ts";

/** What the page's action answered for one form (its fields' problems by name). */
export interface FormAnswer {
  form: string;
  ok: boolean;
  message: string;
  errors: Record<string, string>;
}

interface FormProps {
  action: string;
  title: string;
  submit: string;
  operator: string;
  answer: FormAnswer | undefined;
  children?: React.ReactNode;
  note?: string;
}

/** A field of an action form, its problem beside it. */
function Field(props: { form: string; name: string; label: string; answer: FormAnswer | undefined; type?: string; defaultValue?: string; hint?: string }) {
  const id = `${props.form}-${props.name}`;
  const error = props.answer?.form === props.form ? props.answer.errors[props.name] : undefined;
  const described = [props.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <p className="content-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        defaultValue={props.defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {props.hint ? (
        <span id={`${id}-hint`} className="operator-hint">
          {props.hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </p>
  );
}

function ActionForm({ action, title, submit, operator, answer, children, note }: FormProps) {
  const mine = answer?.form === action ? answer : undefined;
  return (
    <form method="post" className="content-form operator-form" aria-label={title}>
      <h3>{title}</h3>
      {note ? <p>{note}</p> : null}
      <input type="hidden" name="action" value={action} />
      {children}
      <p className="operator-hint">Recorded as {operator}.</p>
      <button type="submit">{submit}</button>
      {mine && !mine.ok ? (
        <p role="alert" className="form-alert">
          {mine.message}
        </p>
      ) : null}
      {mine?.ok ? <p role="status">{mine.message}</p> : null}
    </form>
  );
}

function Select({ form, name, label, options }: { form: string; name: string; label: string; options: [string, string][] }) {
  const id = `${form}-${name}`;
  return (
    <p className="content-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </p>
  );
}

/** The forms of every action the order allows now. */
export function ActionForms({ detail, operator, answer }: { detail: OperatorOrderDetail; operator: string; answer: FormAnswer | undefined }) {
  const allowed = new Set(detail.allowed);
  const common = { operator, answer };
  const shipped = detail.shipping.trackingNumber !== null;
  const left = `${Math.floor(detail.refundable / 100).toLocaleString("en-US")}.${String(detail.refundable % 100).padStart(2, "0")}`;
  return (
    <div className="operator-forms">
      {allowed.has("confirm-availability") ? (
        <ActionForm
          action="confirm-availability"
          title="Confirm availability"
          submit="Confirm availability"
          note="Every retailer confirmed its items: the order is confirmed and can ship."
          {...common}
        />
      ) : null}
      {allowed.has("wire-received") ? (
        <ActionForm action="wire-received" title="Wire received" submit="Mark wire received" note="The bank transfer arrived: the order is paid." {...common} />
      ) : null}
      {allowed.has("shipped") ? (
        <ActionForm action="shipped" title="Mark shipped" submit="Mark shipped" note="The shopper is emailed the tracking number." {...common}>
          <Field form="shipped" name="carrier" label="Carrier" answer={answer} hint="UPS, FedEx, USPS or DHL get a tracking link." />
          <Field form="shipped" name="trackingNumber" label="Tracking number" answer={answer} />
        </ActionForm>
      ) : null}
      {allowed.has("delivered") ? <ActionForm action="delivered" title="Mark delivered" submit="Mark delivered" {...common} /> : null}
      {allowed.has("refund") ? (
        <ActionForm
          action="refund"
          title="Refund"
          submit="Refund"
          note={`Through the provider that took the money, once. $${left} can be given back.`}
          {...common}
        >
          <Field form="refund" name="amount" label="Amount (USD)" answer={answer} hint="Empty: all that is left." />
          <Field form="refund" name="reason" label="Reason" answer={answer} />
        </ActionForm>
      ) : null}
      {allowed.has("cancel") ? (
        <ActionForm
          action="cancel"
          title="Cancel the order"
          submit="Cancel the order"
          note="Only an unpaid order; its open payments are cancelled."
          {...common}
        >
          <Field form="cancel" name="reason" label="Reason" answer={answer} />
        </ActionForm>
      ) : null}
      <ActionForm action="resend-email" title="Send an email again" submit="Send again" {...common}>
        <Select
          form="resend-email"
          name="template"
          label="Email"
          options={
            shipped
              ? [
                  ["confirmation", "Order confirmation"],
                  ["shipping", "Shipping notice"],
                ]
              : [["confirmation", "Order confirmation"]]
          }
        />
      </ActionForm>
    </div>
  );
}
