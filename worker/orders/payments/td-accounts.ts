/**
 * TD's account calls (docs/decisions/034-td-financing.md), for the shopper paying with a TD account and for one
 * who lost its number: `GET /accounts/{accountNumber}?transactionLink=` → `{accountNumberLast4, status,
 * availableCredit, creditPlans: [{code, description, months, apr}]}` (404: no such account for the
 * application) and `POST /accounts/lookup {merchantId, lastName, postalCode, ssnLast4?, dateOfBirth?}` →
 * `{accountNumber}` (404: TD knows no such cardholder). Neither moves money: no idempotency key.
 */
import type { TdAccountInfo, TdAccountLookupRequest } from "#shared/orders/td.ts";
import { cents } from "./provider";
import type { TdConfig } from "./td-config";
import { errorOf, tdCall, tdUnavailable } from "./td-http";

interface AccountAnswer {
  accountNumberLast4?: unknown;
  status?: unknown;
  availableCredit?: unknown;
  creditPlans?: { code?: unknown; description?: unknown; months?: unknown; apr?: unknown }[];
}

/** The account TD opened (or the cardholder used) for an application, or null when TD knows no such pair. */
export async function tdAccountInfo(config: TdConfig, transactionLink: string, accountNumber: string): Promise<TdAccountInfo | null> {
  const path = `/accounts/${encodeURIComponent(accountNumber)}?transactionLink=${encodeURIComponent(transactionLink)}`;
  const answer = await tdCall(config, "GET", path, undefined, null, "account lookup");
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw tdUnavailable(`TD refused the account lookup: HTTP ${answer.status} ${errorOf(answer.body).text}`);
  const a = answer.body as AccountAnswer;
  return {
    accountNumberLast4: String(a.accountNumberLast4 ?? accountNumber.slice(-4)),
    status: String(a.status ?? "unknown"),
    availableCredit: typeof a.availableCredit === "string" ? cents(a.availableCredit) : 0,
    creditPlans: (a.creditPlans ?? []).map((p) => ({
      code: String(p.code ?? ""),
      description: String(p.description ?? ""),
      months: Number(p.months ?? 0),
      apr: Number(p.apr ?? 0),
    })),
  };
}

/** The account number of the cardholder TD finds by these identity facts, or null. */
export async function tdAccountLookup(config: TdConfig, who: TdAccountLookupRequest): Promise<string | null> {
  const body = {
    merchantId: config.merchantId,
    lastName: who.lastName,
    postalCode: who.postalCode,
    ...(who.ssnLast4 ? { ssnLast4: who.ssnLast4 } : {}),
    ...(who.dateOfBirth ? { dateOfBirth: who.dateOfBirth } : {}),
  };
  const answer = await tdCall(config, "POST", "/accounts/lookup", body, null, "account number lookup");
  if (answer.status === 404) return null;
  const number = (answer.body as { accountNumber?: unknown } | null)?.accountNumber;
  if (answer.status !== 200 || typeof number !== "string")
    throw tdUnavailable(`TD refused the account number lookup: HTTP ${answer.status} ${errorOf(answer.body).text}`);
  return number;
}
