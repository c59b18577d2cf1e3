/**
 * The local stand-in for TD's account calls (APP_ENV local with TD not configured; docs/decisions/034): the
 * embedded gateway is the lender (it approves, declines, refers or cancels an application on its page), and
 * every application it approves is financed on one test account with two credit plans. The stand-in answers:
 * - GetTdAccountInfo: for an application the gateway approved (or captured), the test account (its last 4
 *   digits 4242), status "open", available credit the order's amount plus $2,500, and the two plans; for a
 *   referred application status "under review" and no credit; another account number is not found;
 * - GetTdAccountNumber: the test account's number for any cardholder, except SSN ending 0000 or date of birth
 *   1900-01-01, which TD "does not know" (so both answers can be seen locally).
 */
import type { TdAccountInfo, TdAccountLookupRequest, TdCreditPlanView } from "#shared/orders/td.ts";
import type { LocalGatewayRow } from "../payments/local";

/** The stand-in's one test account (a made-up number: no card network knows it). */
export const LOCAL_TD_ACCOUNT = "6035320000004242";

/** The stand-in's credit plans; the first is the one used when the shopper chose none. */
export const LOCAL_TD_PLANS: readonly TdCreditPlanView[] = [
  { code: "PLAN12", description: "12 months, no interest if paid in full within 12 months", months: 12, apr: 0 },
  { code: "PLAN36", description: "36 equal monthly payments at 9.99% APR", months: 36, apr: 9.99 },
];

/** The credit line above the order's amount the stand-in offers. */
const EXTRA_CREDIT_CENTS = 250_000;

/** What the stand-in says about `accountNumber` for the gateway's application `row`; null when it is not the account. */
export function localAccountInfo(row: Pick<LocalGatewayRow, "status" | "amount_cents">, accountNumber: string): TdAccountInfo | null {
  if (accountNumber !== LOCAL_TD_ACCOUNT) return null;
  const open = row.status === "approved" || row.status === "captured";
  return {
    accountNumberLast4: LOCAL_TD_ACCOUNT.slice(-4),
    status: open ? "open" : row.status === "referred" ? "under review" : "not open",
    availableCredit: open ? row.amount_cents + EXTRA_CREDIT_CENTS : 0,
    creditPlans: [...LOCAL_TD_PLANS],
  };
}

/** The stand-in's answer to a lost account number. */
export function localAccountLookup(who: TdAccountLookupRequest): string | null {
  if (who.ssnLast4 === "0000" || who.dateOfBirth === "1900-01-01") return null;
  return LOCAL_TD_ACCOUNT;
}

/** Whether the stand-in offers this plan. */
export const isLocalPlan = (code: string) => LOCAL_TD_PLANS.some((p) => p.code === code);
