/**
 * The wire shapes of TD financing (issue 22 point 3; §7 Orders: GetTdFinanceUrl, tdfinance/approve,
 * GetTdAccountInfo, GetTdAccountNumber; §3 Cart financing fields; §4 financing outcomes).
 * docs/decisions/034-td-financing.md
 */
import * as v from "valibot";
import { Cents } from "../cart/schemas";
import { GivenOrderKey, OrderNumber, PAYMENT_PROVIDERS } from "./schemas";

/** §4: what the lender answers an application; the return page's `{outcome}` (one page for the four). */
export const TD_OUTCOMES = ["approved", "declined", "cancelled", "referred"] as const;
export type TdOutcome = (typeof TD_OUTCOMES)[number];

/** How the shopper enters TD's pages: a new credit application, or an existing cardholder using their account. */
export const TD_ENTRY_TYPES = ["apply", "existing"] as const;
export type TdEntryType = (typeof TD_ENTRY_TYPES)[number];

/** Our payment id (`pay_` and 32 hex digits). */
export const PaymentId = v.pipe(v.string(), v.maxLength(36), v.regex(/^pay_[0-9a-f]{32}$/, "not a payment id"));

/** TD's id of an application (the "transaction link"); the embedded gateway's payment id stands in for it locally. */
export const TransactionLink = v.pipe(v.string(), v.trim(), v.maxLength(100), v.regex(/^[\w-]{3,100}$/, "not a transaction link"));

/** A TD card account number as typed (at most 40 characters): spaces and dashes are dropped; 12 to 19 digits. */
export const TdAccountNumber = v.pipe(
  v.string(),
  v.maxLength(40),
  v.transform((s) => s.replace(/[\s-]/g, "")),
  v.regex(/^\d{12,19}$/, "An account number is 12 to 19 digits"),
);

/** A credit plan's code as TD names it ("PLAN12"). */
export const TdCreditPlan = v.pipe(v.string(), v.trim(), v.maxLength(20), v.regex(/^[A-Za-z0-9_-]{1,20}$/, "not a credit plan"));

/** A return address: an absolute URL of this site or a path; the service checks it is a safe path of this site (shared/safe-path.ts). */
const ReturnUrl = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(2000));

/** `POST /api/orders/GetTdFinanceUrl`. */
export const TdFinanceUrlRequest = v.object({
  entryType: v.picklist(TD_ENTRY_TYPES),
  /** The order to finance; by default the shopper's newest unpaid financing order placed from their cart. */
  orderNumber: v.optional(OrderNumber),
  /** The named order's key (its emailed link's), when the caller is not its shopper. */
  key: v.optional(GivenOrderKey),
  approvedUrl: v.optional(ReturnUrl),
  declinedUrl: v.optional(ReturnUrl),
  cancelledUrl: v.optional(ReturnUrl),
  referredUrl: v.optional(ReturnUrl),
});
export type TdFinanceUrlRequest = v.InferOutput<typeof TdFinanceUrlRequest>;

export const TdFinanceUrl = v.object({
  orderNumber: v.string(),
  paymentId: v.string(),
  provider: v.picklist(PAYMENT_PROVIDERS),
  /** TD's application id (the embedded gateway's payment id locally). */
  transactionLink: v.nullable(v.string()),
  /** Where to send the shopper: TD's application page (the embedded gateway's page locally). */
  url: v.string(),
});
export type TdFinanceUrl = v.InferOutput<typeof TdFinanceUrl>;

/** `PUT /api/orders/{id}/tdfinance/approve` (§7). */
export const TdApproveRequest = v.object({
  paymentId: PaymentId,
  TdAccountNumber,
  TdCreditPlan,
});
export type TdApproveRequest = v.InferOutput<typeof TdApproveRequest>;

/** `POST /api/orders/GetTdAccountInfo` (§7). */
export const TdAccountInfoRequest = v.object({ transactionLink: TransactionLink, accountNumber: TdAccountNumber });

export const TdCreditPlanView = v.object({
  code: v.string(),
  description: v.string(),
  months: v.number(),
  /** Annual percentage rate, e.g. 0 or 29.99. */
  apr: v.number(),
});
export type TdCreditPlanView = v.InferOutput<typeof TdCreditPlanView>;

/** The account as TD describes it for an application: never the whole number. */
export const TdAccountInfo = v.object({
  accountNumberLast4: v.string(),
  status: v.string(),
  availableCredit: Cents,
  creditPlans: v.array(TdCreditPlanView),
});
export type TdAccountInfo = v.InferOutput<typeof TdAccountInfo>;

/**
 * `POST /api/orders/GetTdAccountNumber` and the /financing-account-lookup form: the financing order it is for (its
 * key, or its own signed-in shopper) and who the cardholder is (docs/decisions/052-order-ownership.md).
 */
export const TdAccountLookupRequest = v.pipe(
  v.object({
    orderNumber: v.pipe(v.string(), v.trim(), v.maxLength(12), v.toUpperCase(), v.regex(/^LP\d{10}$/, "Enter your order number: LP and 10 digits")),
    key: v.optional(GivenOrderKey),
    lastName: v.pipe(v.string(), v.trim(), v.minLength(1, "Enter your last name"), v.maxLength(80)),
    postalCode: v.pipe(v.string(), v.trim(), v.maxLength(10), v.regex(/^\d{5}(-\d{4})?$/, "Enter a 5-digit ZIP code")),
    ssnLast4: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(4), v.regex(/^(\d{4})?$/, "Enter the last 4 digits of your SSN"))),
    dateOfBirth: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(10), v.regex(/^(\d{4}-\d{2}-\d{2})?$/, "Enter your date of birth as YYYY-MM-DD"))),
  }),
  v.forward(
    v.check((i) => Boolean(i.ssnLast4 || i.dateOfBirth), "Enter the last 4 digits of your SSN or your date of birth"),
    ["ssnLast4"],
  ),
);
export type TdAccountLookupRequest = v.InferOutput<typeof TdAccountLookupRequest>;

/** The lookup's answer: the same shape whether an account was found or not; never the whole number. */
export const TdAccountLookupResult = v.object({
  accountNumber: v.pipe(
    v.nullable(v.pipe(v.string(), v.regex(/^\*{8,15}\d{4}$/, "an account number is masked but for its last 4 digits"))),
    v.description("the account number masked but for its last 4 digits (`************4242`, one `*` per hidden digit); null when TD knows no such cardholder"),
  ),
  message: v.string(),
});
export type TdAccountLookupResult = v.InferOutput<typeof TdAccountLookupResult>;

/** The account number as the shop may keep it: its last 4 digits. */
export const last4 = (accountNumber: string) => accountNumber.slice(-4);

/** The account number as the shop may show it: a `*` for each digit but the last 4 (`************4242`). */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, "");
  return "*".repeat(Math.max(digits.length - 4, 8)) + digits.slice(-4);
}
