/**
 * The PayPal fake's refunds (tests/fakes/paypal.ts): `POST /v2/payments/captures/{capture_id}/refund` as PayPal
 * documents it (https://developer.paypal.com/docs/api/payments/v2/#captures_refund): an empty body refunds what is
 * left, `amount {value, currency_code}` part of it; the answer is the refund `{id, status, amount, links}` (201).
 * A repeated `PayPal-Request-Id` answers the first refund again and refunds nothing. Refusals are 422
 * `CAPTURE_FULLY_REFUNDED`, `REFUND_AMOUNT_EXCEEDED`, `CURRENCY_MISMATCH`, 404 `INVALID_RESOURCE_ID` (an unknown
 * capture), 400 `INVALID_PARAMETER_SYNTAX`. The capture shows PARTIALLY_REFUNDED, then REFUNDED.
 */

interface Money {
  currency_code: string;
  value: string;
}
/** A capture as the refund sees it (the fake's own capture record, changed in place). */
export interface RefundableCapture {
  id: string;
  status: string;
  amount: Money;
}
interface Answer {
  status: number;
  body: unknown;
}
type Problem = (status: number, name: string, message: string, issue?: string, description?: string) => Answer;

/** One refund PayPal made. */
export interface FakePayPalRefund {
  id: string;
  captureId: string;
  status: "COMPLETED" | "PENDING";
  amount: Money;
  note: string | null;
  time: string;
}

/** An account's refunds: by capture, the answers kept per request id, and whether the next one stays PENDING. */
export interface RefundBook {
  refunds: FakePayPalRefund[];
  answered: Map<string, Answer>;
  pendingNext: boolean;
}

export const refundBook = (): RefundBook => ({ refunds: [], answered: new Map(), pendingNext: false });

const toCents = (value: string) => {
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
};
const toValue = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** How much of a capture was refunded so far. */
export const refundedCents = (book: RefundBook, captureId: string) =>
  book.refunds.filter((r) => r.captureId === captureId).reduce((sum, r) => sum + toCents(r.amount.value), 0);

function view(r: FakePayPalRefund, origin: string) {
  return {
    id: r.id,
    status: r.status,
    ...(r.status === "PENDING" ? { status_details: { reason: "ECHECK" } } : {}),
    amount: r.amount,
    ...(r.note ? { note_to_payer: r.note } : {}),
    seller_payable_breakdown: { gross_amount: r.amount, total_refunded_amount: r.amount },
    create_time: r.time,
    update_time: r.time,
    links: [
      { href: `${origin}/paypal/v2/payments/refunds/${r.id}`, rel: "self", method: "GET" },
      { href: `${origin}/paypal/v2/payments/captures/${r.captureId}`, rel: "up", method: "GET" },
    ],
  };
}

/** `POST /v2/payments/captures/{id}/refund` on `capture` (undefined: PayPal does not know it). */
export function refundCapture(
  book: RefundBook,
  capture: RefundableCapture | undefined,
  raw: string,
  requestId: string | null,
  origin: string,
  problem: Problem,
  newId: () => string,
): Answer {
  const earlier = requestId === null ? undefined : book.answered.get(requestId);
  if (earlier) return earlier;
  if (!capture)
    return problem(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
  let body: { amount?: Partial<Money>; note_to_payer?: string };
  try {
    body = raw ? (JSON.parse(raw) as typeof body) : {};
  } catch {
    return problem(400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", "MALFORMED_REQUEST_JSON");
  }
  const captured = toCents(capture.amount.value);
  const left = captured - refundedCents(book, capture.id);
  if (left <= 0)
    return problem(
      422,
      "UNPROCESSABLE_ENTITY",
      "The requested action could not be performed.",
      "CAPTURE_FULLY_REFUNDED",
      "The capture has already been fully refunded.",
    );
  let cents = left;
  if (body.amount) {
    if (!/^\d{1,10}(\.\d{1,2})?$/.test(body.amount.value ?? ""))
      return problem(400, "INVALID_REQUEST", "Request is not well-formed.", "INVALID_PARAMETER_SYNTAX", "amount/value");
    if (body.amount.currency_code !== capture.amount.currency_code)
      return problem(
        422,
        "UNPROCESSABLE_ENTITY",
        "The requested action could not be performed.",
        "CURRENCY_MISMATCH",
        "Refund must be in the capture's currency.",
      );
    cents = toCents(body.amount.value!);
    if (cents <= 0) return problem(422, "UNPROCESSABLE_ENTITY", "Must be greater than zero.", "CANNOT_BE_ZERO_OR_NEGATIVE");
    if (cents > left)
      return problem(
        422,
        "UNPROCESSABLE_ENTITY",
        "The requested action could not be performed.",
        "REFUND_AMOUNT_EXCEEDED",
        "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
      );
  }
  const refund: FakePayPalRefund = {
    id: newId(),
    captureId: capture.id,
    status: book.pendingNext ? "PENDING" : "COMPLETED",
    amount: { currency_code: capture.amount.currency_code, value: toValue(cents) },
    note: body.note_to_payer ?? null,
    time: new Date().toISOString(),
  };
  book.pendingNext = false;
  book.refunds.push(refund);
  capture.status = refundedCents(book, capture.id) >= captured ? "REFUNDED" : "PARTIALLY_REFUNDED";
  const answer = { status: 201, body: view(refund, origin) };
  if (requestId !== null) book.answered.set(requestId, answer);
  return answer;
}
