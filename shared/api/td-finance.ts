/**
 * §7 Orders: TD financing (issue 22 point 3). The shopper is sent to TD's application (GetTdFinanceUrl), TD's
 * answer is read by the server from TD — never from the return page's address or the approve call's body —
 * and applied once (tdfinance/approve). The account calls help a cardholder pay with, or find, their account.
 * Each call naming an order needs its key, its shopper or an operator; the number alone is a 404 (the account
 * number lookup: the key or the shopper only). docs/decisions/034-td-financing.md, docs/decisions/052-order-ownership.md
 */
import * as v from "valibot";
import { ApprovalResult, OrderKeyQuery, OrderNumber } from "../orders/schemas";
import {
  TdAccountInfo,
  TdAccountInfoRequest,
  TdAccountLookupRequest,
  TdAccountLookupResult,
  TdApproveRequest,
  TdFinanceUrl,
  TdFinanceUrlRequest,
} from "../orders/td";
import { json, operation, refusal } from "./operation";

const unavailable = refusal("TD could not be reached; the order is saved and nothing was charged");

export const tdFinanceOperations = {
  tdFinanceUrl: operation({
    method: "POST",
    path: "/orders/GetTdFinanceUrl",
    operationId: "getTdFinanceUrl",
    credentials: ["orderKey", "visitor", "session", "admin"],
    summary: "Starts (or answers the open) TD financing application of the shopper's own unpaid financing order: where to send the shopper",
    description:
      "The order is the one named (with its key, or the shopper's own), else the newest unpaid financing order placed from the shopper's cart. Return addresses must be on this site's origin (400 otherwise: never an open redirect); without them TD returns to /order/td/{outcome}. The amount is the order's, never the browser's.",
    body: TdFinanceUrlRequest,
    responses: {
      200: json("The payment and TD's application page", TdFinanceUrl),
      400: refusal("A return address is not on this site"),
      404: refusal("No unpaid financing order of this shopper, or the order named is not the caller's (no key of it, not its shopper)"),
      409: refusal("The order does not wait for a payment (paid, referred to the lender, expired)"),
      501: refusal("Financing is not available on this site"),
      502: unavailable,
    },
  }),
  tdFinanceApprove: operation({
    method: "PUT",
    path: "/orders/{id}/tdfinance/approve",
    credentials: ["orderKey", "visitor", "session", "admin"],
    operationId: "approveTdFinance",
    summary:
      "The shopper approved at TD: the server asks TD about the application and, when approved, authorises and captures the order's amount on the account — once",
    description:
      "The body names the account and credit plan to charge; the account's last 4 digits must be the application's, and TD decides the outcome. Concurrent approvals of one payment: one asks TD, the others answer 202.",
    params: v.object({ id: OrderNumber }),
    query: OrderKeyQuery,
    body: TdApproveRequest,
    responses: {
      200: json("What TD says: paid, declined, referred, cancelled or pending; the order as it is now", ApprovalResult),
      202: json("Another request is confirming this payment right now; the order as it is now", ApprovalResult),
      400: refusal("The account number is not the application's, or TD does not offer the credit plan"),
      404: refusal("No such order, or not the caller's (no key of it, not its shopper, not an operator), or no such financing payment of it"),
      409: refusal("The order cannot take a payment now (cancelled, expired)"),
      502: unavailable,
    },
  }),
  tdAccountInfo: operation({
    method: "POST",
    path: "/orders/GetTdAccountInfo",
    operationId: "getTdAccountInfo",
    credentials: ["visitor", "session"],
    summary: "The TD account of an application of the shopper's own order: its last 4 digits, status, available credit and the credit plans offered",
    body: TdAccountInfoRequest,
    responses: {
      200: json("The account (never its whole number)", TdAccountInfo),
      404: refusal("No such application of this shopper's orders, or no such account for it"),
      501: refusal("Financing is not available on this site"),
      502: unavailable,
    },
  }),
  tdAccountNumber: operation({
    method: "POST",
    path: "/orders/GetTdAccountNumber",
    credentials: ["orderKey", "visitor", "session"],
    operationId: "getTdAccountNumber",
    summary:
      "The shopper of a financing order who lost their TD account number gives the order (its key, or signed in as its shopper) and who they are (last name, ZIP code, SSN's last 4 digits or date of birth) and gets its last 4 digits back",
    description:
      "The answer masks all but the last 4 digits (`************4242`); a miss answers the same shape (accountNumber null). Each order and each signed-in customer may try 5 times in 15 minutes, each client address 10 times; the next try answers 429 with Retry-After. Nothing is stored.",
    body: TdAccountLookupRequest,
    responses: {
      200: json("The account number masked but for its last 4 digits, or null when TD knows no such cardholder", TdAccountLookupResult),
      404: refusal("No such financing order, or not the caller's (no key of it, not its shopper)"),
      429: refusal("Too many lookups for this order, this customer or from this address: Retry-After says when to try again"),
      501: refusal("Financing is not available on this site"),
      502: unavailable,
    },
  }),
} as const;
