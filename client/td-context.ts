/**
 * TD financing's pages (issue 22 point 3; docs/decisions/034-td-financing.md): the return page shared by the four
 * outcomes (/order/td/{outcome}) and the lost-account-number form (/financing-account-lookup, alias /recover).
 * Only the server implements this service (worker/loaders/td.ts): the pages never see TD's secrets, and a return
 * from TD is confirmed by the server with TD before any page says "approved".
 */
import { createContext } from "react-router";
import type { ApprovalResult } from "#shared/orders/schemas.ts";
import type { TdAccountLookupResult } from "#shared/orders/td.ts";
import type { Outcome } from "#shared/refusal.ts";

/** The lookup form's fields as posted (checked by the service). */
export interface AccountLookupForm {
  /** The financing order the lookup is for, and its key (from the emailed link; empty for its signed-in shopper). */
  orderNumber: string;
  key: string;
  lastName: string;
  postalCode: string;
  ssnLast4: string;
  dateOfBirth: string;
}

export interface TdFinanceService {
  /**
   * Back from the lender: our payment id (`?payment=`) and TD's transaction link when it sent one; the server
   * asks the provider and applies its answer once (refusals: not_found — no such financing payment; conflict —
   * the provider could not be reached).
   */
  confirmReturn(paymentId: string, transactionLink: string | null): Promise<Outcome<ApprovalResult>>;
  /**
   * A lost account number, masked but for its last 4 digits, for a financing order of the caller's (bad_request
   * with the fields' problems; not_found — not the caller's order; rate_limited; the same answer's shape for a miss).
   */
  lookupAccount(form: AccountLookupForm): Promise<Outcome<TdAccountLookupResult>>;
}

export const tdFinanceContext = createContext<TdFinanceService>();
