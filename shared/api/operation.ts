/**
 * One API operation, declared once (docs/decisions/011-api-contract.md): its method and path, the valibot
 * schemas of its path, query and body, and each status it answers with that status's body schema. From the
 * declarations come the worker's validation and routing (worker/http/routes.ts), the OpenAPI document
 * (shared/api/openapi.ts) and the browser's typed calls (client/api.ts). The browser imports only the types
 * of the contract (no schema reaches its bundle).
 */
import type * as v from "valibot";
import { ErrorEnvelope } from "../schemas";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Schema = v.GenericSchema;

/** One documented answer: what it means and its JSON body (none for 204 or a redirect). */
export interface Answer<S extends Schema | undefined = Schema | undefined> {
  readonly description: string;
  readonly schema: S;
}

/**
 * A credential the API reads (each is a security scheme of the document, shared/api/security.ts):
 * - `session`: a signed-in customer (the session cookie, or `Authorization: Bearer <token>`);
 * - `visitor`: this browser's signed visitor cookie (its cart, its orders, its chat; issued on any answer without it);
 * - `orderKey`: an order's key from its emailed links (`key`, next to the order number);
 * - `reviewKey`: a review request's key from its emailed star links (`key`, next to the `reviewId`);
 * - `retailerKey`: a retailer's key for one order (`key`, next to the `retailerId`);
 * - `alertLink`: the signed token of a deal alert's emailed link (`token`);
 * - `stripeSignature`: Stripe's `Stripe-Signature` over a webhook's raw body;
 * - `paypalSignature`, `braintreeSignature`, `affirmSignature`, `splititSignature`: the other providers' webhook signatures;
 * - `admin`: an operator (the admin cookie or token; Cloudflare Access in production).
 */
export type Credential =
  | "session"
  | "visitor"
  | "orderKey"
  | "reviewKey"
  | "retailerKey"
  | "alertLink"
  | "stripeSignature"
  | "paypalSignature"
  | "braintreeSignature"
  | "affirmSignature"
  | "splititSignature"
  | "admin";

/** One way into an operation: a credential, or several presented together. */
export type Access = Credential | readonly Credential[];

/** How the operation reads its body: JSON only (415 otherwise), or a form too (pages that work without JavaScript). */
export type BodyType = "json" | "json-or-form";

export interface Operation {
  readonly method: Method;
  /** The path under `/api`, with `{name}` for each path parameter (OpenAPI's template syntax). */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  readonly bodyType?: BodyType;
  /** Only for an operator (Cloudflare Access; locally the admin token, `Authorization: Bearer …`); anyone else gets the unknown-route 404. */
  readonly admin?: boolean;
  /**
   * `"user"`: only for a signed-in customer (the session cookie, or `Authorization: Bearer <token>`); anyone
   * else gets 401. `"optional"`: a signed-in customer's call is about them, an anonymous one still answers.
   */
  readonly auth?: "user" | "optional";
  /**
   * Every way a caller may open the operation (any one entry suffices). Absent, it follows `admin` and
   * `auth`: `["admin"]`, `["session"]`, or anyone (an `"optional"` call personalised by the session). Declared
   * when the operation reads other credentials: a caller with none of them is refused (404 or 401), or, for
   * the visitor cookie, is a new visitor (an empty cart, no orders).
   */
  readonly credentials?: readonly Access[];
  /** Every status the handler itself answers (the generic 400/413/415/500 are added by `answersOf`). */
  readonly responses: Readonly<Record<number, Answer>>;
}

/** Declares an operation, keeping its literal types (method, path, statuses, schemas). */
export function operation<const O extends Operation>(o: O): O {
  return o;
}

/** An answer with a JSON body. */
export function json<const S extends Schema>(description: string, schema: S): Answer<S> {
  return { description, schema };
}

/** A refusal: the error envelope, with what this status means for the operation. */
export function refusal(description: string): Answer<typeof ErrorEnvelope> {
  return { description, schema: ErrorEnvelope };
}

/** An answer without a body (204, 303). */
export function empty(description: string): Answer<undefined> {
  return { description, schema: undefined };
}

/** The error statuses every operation can answer beyond its own, and why. */
export const GENERIC_ERRORS = {
  400: "Invalid path, query or body (details name each field)",
  401: "Not signed in, or the session has ended (sign in again)",
  403: "A request from another site: its Origin or Sec-Fetch-Site is not this site's (or a browser's cookie came with neither)",
  404: "Unknown route, or an admin call from someone who is not an operator",
  413: "Request body too large",
  415: "Content-Type is not application/json",
  429: "Admin calls, APP_ENV local: too many wrong admin tokens from this address (Retry-After says when to try again)",
  500: "Unexpected failure (logged with the request id)",
  503: "A deployed site whose configuration is incomplete answers nothing else (docs/decisions/050-fail-closed.md)",
} as const;

/**
 * Every status an operation can answer: its own, 400 when it reads input, 401 when it needs a signed-in
 * customer, 403 and 413 for any method but GET (a request from another site; a body too large), 415 when it reads JSON, 404 and 429 for admin calls, and 500 (each with the error envelope).
 */
export function answersOf(op: Operation): Map<number, Answer> {
  const out = new Map<number, Answer>();
  for (const [status, a] of Object.entries(op.responses)) out.set(Number(status), a);
  const generic = (status: keyof typeof GENERIC_ERRORS) => {
    if (!out.has(status)) out.set(status, refusal(GENERIC_ERRORS[status]));
  };
  if (op.params || op.query || op.body) generic(400);
  if (op.auth === "user") generic(401);
  if (op.admin) generic(404);
  if (op.admin) generic(429);
  if (op.method !== "GET") generic(403);
  if (op.method !== "GET") generic(413);
  if (op.body) generic(415);
  generic(500);
  generic(503);
  return out;
}

/** `"POST /diamonds2"`: an operation's key in the contract (its method and path). */
export type KeyOf<O extends Operation> = `${O["method"]} ${O["path"]}`;

/** A contract: a union of operations by key. */
export type Contract<U extends Operation> = { [O in U as KeyOf<O>]: O };

type InputPart<K extends string, S> = S extends Schema
  ? object extends v.InferInput<S>
    ? { [P in K]?: v.InferInput<S> }
    : { [P in K]: v.InferInput<S> }
  : unknown;

/** What a caller sends: `params`, `query` and `body`, each as the schema reads it. */
export type RequestOf<O extends Operation> = InputPart<"params", O["params"]> & InputPart<"query", O["query"]> & InputPart<"body", O["body"]>;

/** What a handler gets: the validated (and transformed) `params`, `query` and `body`. */
export type InputOf<O extends Operation> = {
  params: O["params"] extends Schema ? v.InferOutput<O["params"]> : Record<string, never>;
  query: O["query"] extends Schema ? v.InferOutput<O["query"]> : Record<string, never>;
  body: O["body"] extends Schema ? v.InferOutput<O["body"]> : undefined;
};

type BodyOf<A> = A extends Answer<infer S> ? (S extends Schema ? v.InferOutput<S> : null) : never;

/** The statuses below 400 an operation declares. */
export type SuccessStatus<O extends Operation> =
  Extract<keyof O["responses"], number> extends infer S ? (S extends number ? (`${S}` extends `${1 | 2 | 3}${string}` ? S : never) : never) : never;

/** A successful answer: one of the operation's success statuses with its body. */
export type Reply<O extends Operation> = { [S in SuccessStatus<O>]: { status: S; body: BodyOf<O["responses"][S]> } }[SuccessStatus<O>];

/** What a typed call resolves to: a declared success with its body, or an error status with the envelope. */
export type Result<O extends Operation> =
  | { [S in SuccessStatus<O>]: { ok: true; status: S; data: BodyOf<O["responses"][S]> } }[SuccessStatus<O>]
  | { ok: false; status: number; error: ErrorEnvelope["error"] };
