/**
 * Why a request was refused, in one shape for every layer (docs/decisions/011-api-contract.md): the pure
 * domain returns it, services throw it wrapped in a `DomainError`, the API layer alone turns its kind into
 * an HTTP status (worker/http/errors.ts), the pages show its message. Its kinds are the error envelope's
 * codes, so the browser reads the same kind back from an API answer.
 */
import type { ErrorCode } from "./schemas";

export type RefusalKind = Extract<ErrorCode, "bad_request" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "rate_limited" | "not_implemented">;

/** One field's problem (the envelope's `details`). */
export interface FieldProblem {
  path: string;
  message: string;
}

export interface Refusal {
  ok: false;
  kind: RefusalKind;
  message: string;
  details?: FieldProblem[];
  /** For `rate_limited`: seconds until a retry can succeed (the `Retry-After` header). */
  retryAfter?: number;
}

/** A result: the value's fields with `ok: true`, or a refusal. */
export type Outcome<T extends object> = ({ ok: true } & T) | Refusal;

export function refuse(kind: RefusalKind, message: string, details?: FieldProblem[]): Refusal {
  return details?.length ? { ok: false, kind, message, details } : { ok: false, kind, message };
}

/** A refusal thrown by a service (it knows nothing of HTTP); the API layer maps it to a status. */
export class DomainError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
    this.name = "DomainError";
  }
}

/** Throws a refusal from a service. */
export function refused(kind: RefusalKind, message: string, details?: FieldProblem[]): never {
  throw new DomainError(refuse(kind, message, details));
}

/** A rate limit's refusal: try again after `seconds`. */
export function refusedRetry(message: string, seconds: number): never {
  throw new DomainError({ ok: false, kind: "rate_limited", message, retryAfter: Math.max(1, Math.ceil(seconds)) });
}

/** The HTTP status of each refusal (the API's answers and the pages' action responses). */
export const REFUSAL_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  not_implemented: 501,
} as const satisfies Record<RefusalKind, number>;

/** The HTTP status of a refusal. */
export const statusOf = (r: Refusal): number => REFUSAL_STATUS[r.kind];
