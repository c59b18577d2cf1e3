/**
 * The API's one error envelope and its one error handler: refusals thrown by services (`DomainError`) get
 * their status here, and nowhere else; anything unexpected is logged with the request id and answered as a
 * generic 500 without internals.
 */
import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DomainError, REFUSAL_STATUS, type FieldProblem } from "#shared/refusal.ts";
import type { ErrorCode, ErrorEnvelope } from "#shared/schemas.ts";
import type { AppEnv } from "../env";

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  501: "not_implemented",
  502: "bad_gateway",
  503: "service_unavailable",
  504: "gateway_timeout",
};

/** A failure of the HTTP layer itself (validation, content type, body size) with a stable code. */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly details?: FieldProblem[],
    readonly code: ErrorCode = CODE_BY_STATUS[status] ?? "bad_request",
  ) {
    super(status, { message });
  }
}

/** The JSON error envelope response. */
export function errorResponse(c: Context, status: ContentfulStatusCode, code: ErrorCode, message: string, details?: FieldProblem[]) {
  const body: ErrorEnvelope = { error: { code, message, ...(details?.length ? { details } : {}) } };
  c.header("Cache-Control", "no-store");
  return c.json(body, status);
}

/** The answer for a path the API does not serve (and for admin calls without the token). */
export function notFoundRoute(c: Context) {
  return errorResponse(c, 404, "not_found", `No API route ${c.req.method} ${new URL(c.req.url).pathname}`);
}

/** The one error handler of the API. */
export const onApiError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof DomainError) {
    const { kind, message, details, retryAfter } = err.refusal;
    if (retryAfter !== undefined) c.header("Retry-After", String(retryAfter));
    return errorResponse(c, REFUSAL_STATUS[kind], kind, message, details);
  }
  if (err instanceof ApiError) return errorResponse(c, err.status as ContentfulStatusCode, err.code, err.message, err.details);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? "internal" : "bad_request");
    const message = status === 413 ? "Request body too large" : err.message || "Bad request";
    return errorResponse(c, status, code, message);
  }
  console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), message: String(err), stack: err instanceof Error ? err.stack : undefined }));
  return errorResponse(c, 500, "internal", "Something went wrong. Please try again.");
};
