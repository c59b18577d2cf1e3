import { createMiddleware } from "hono/factory";
import { validator } from "hono/validator";
import * as v from "valibot";
import { ApiError, type ErrorDetail } from "./errors";

function details(issues: readonly v.BaseIssue<unknown>[]): ErrorDetail[] {
  return issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message }));
}

function parseOrThrow<S extends v.GenericSchema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new ApiError(400, `Invalid ${what}`, details(result.issues));
  return result.output;
}

/**
 * Validates a JSON body against a shared schema: 415 for another content type, 400 for malformed JSON or
 * values outside the schema. The content type is checked first so the answer says what is wrong.
 */
export function jsonBody<S extends v.GenericSchema>(schema: S) {
  const requireJson = createMiddleware(async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) throw new ApiError(415, "Content-Type must be application/json");
    await next();
  });
  return [
    requireJson,
    validator("json", (value) => {
      // Every body of this API is a JSON object; arrays and scalars are refused before the schema runs.
      if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ApiError(400, "Invalid request body: expected a JSON object");
      return parseOrThrow(schema, value, "request body");
    }),
  ] as const;
}

/** Validates path parameters. */
export function pathParams<S extends v.GenericSchema>(schema: S) {
  return validator("param", (value) => parseOrThrow(schema, value, "path"));
}

/** Validates the query string. */
export function queryParams<S extends v.GenericSchema>(schema: S) {
  return validator("query", (value) => parseOrThrow(schema, value, "query"));
}
