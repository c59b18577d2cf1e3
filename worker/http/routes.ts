/**
 * Registers the contract's operations (shared/api) on the `/api` app: each handler is bound to its
 * declaration, which alone decides the route, the validation of path, query and body (one 400 envelope,
 * 415 for a body that is not JSON), the admin check, and the statuses the handler may answer.
 */
import type { Context, Hono, MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { InputOf, Operation, Reply, Schema } from "#shared/api/operation.ts";
import type { FieldProblem } from "#shared/refusal.ts";
import type { AppEnv } from "../env";
import { isAdmin } from "../middleware/admin";
import { currentUser } from "../middleware/session";
import { ApiError, notFoundRoute } from "./errors";

/** What a handler answers: a declared success status with its body (and headers), or a ready Response (a redirect). */
export type Answer<O extends Operation> = Reply<O> | Response;

export type Handler<O extends Operation> = (input: InputOf<O>, c: Context<AppEnv>) => Answer<O> | Promise<Answer<O>>;

/** An operation with its handler. */
export interface Route {
  readonly op: Operation;
  readonly handler: Handler<Operation>;
}

/** Binds a handler to its operation: the handler's input and answers are typed by the declaration. */
export function handle<const O extends Operation>(op: O, handler: NoInfer<Handler<O>>): Route {
  return { op, handler: handler as unknown as Handler<Operation> };
}

function problems(issues: readonly v.BaseIssue<unknown>[]): FieldProblem[] {
  return issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message }));
}

function parse<S extends Schema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new ApiError(400, `Invalid ${what}`, problems(result.issues));
  return result.output;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const FORM_TYPE = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

/** Reads the body as the operation takes it: JSON (an object), or for `json-or-form` a form too. */
async function readBody(c: Context<AppEnv>, op: Operation): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (op.bodyType === "json-or-form" && FORM_TYPE.test(type)) return c.req.parseBody();
  if (!JSON_TYPE.test(type))
    throw new ApiError(415, op.bodyType === "json-or-form" ? "Content-Type must be a form or application/json" : "Content-Type must be application/json");
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    throw new ApiError(400, "Malformed JSON in request body");
  }
  // Every body of this API is a JSON object; arrays and scalars are refused before the schema runs.
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ApiError(400, "Invalid request body: expected a JSON object");
  return value;
}

/** `/settings/{id}` → Hono's `/settings/:id`. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/**
 * Literal segments before parameters, segment by segment (`/settings/best-selling` before
 * `/settings/{id}`), so a route never shadows a more specific one whatever the feature order.
 */
export function bySpecificity(a: Route, b: Route): number {
  const x = a.op.path.split("/");
  const y = b.op.path.split("/");
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const px = x[i]!.startsWith("{");
    const py = y[i]!.startsWith("{");
    if (px !== py) return px ? 1 : -1;
  }
  return y.length - x.length;
}

/** What a call is about, for the operators' audit (worker/middleware/operator-audit.ts): its path's order number, slug or id. */
const targetOf = (params: Record<string, unknown>) => Object.values(params).map(String).join("/").slice(0, 200);

/** The request handler of one route: admin check, validation, the handler, its answer as JSON. */
function requestHandler(route: Route): MiddlewareHandler<AppEnv> {
  const { op, handler } = route;
  return async (c) => {
    if (op.admin && !(await isAdmin(c))) return notFoundRoute(c);
    if (op.auth === "user") await currentUser(c);
    const input = {
      params: op.params ? parse(op.params, c.req.param(), "path") : {},
      query: op.query ? parse(op.query, c.req.query(), "query") : {},
      body: op.body ? parse(op.body, await readBody(c, op), "request body") : undefined,
    } as InputOf<Operation>;
    if (op.params) c.set("operatorTarget", targetOf(input.params as Record<string, unknown>));
    const a = (await handler(input, c)) as { status: number; body: unknown } | Response;
    if (a instanceof Response) return a;
    if (op.admin) c.header("Cache-Control", "private, no-store");
    // A declared body (JSON null included) is JSON; a status declared without one (204) has none.
    return op.responses[a.status]?.schema ? c.json(a.body, a.status as 200) : c.body(null, a.status as 204);
  };
}

/** Registers the routes on the app, the most specific paths first. */
export function mount(app: Hono<AppEnv>, routes: readonly Route[]): Hono<AppEnv> {
  for (const route of [...routes].sort(bySpecificity)) app.on(route.op.method, honoPath(route.op.path), requestHandler(route));
  return app;
}
