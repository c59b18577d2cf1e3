/**
 * The contract check every worker test runs through `call()` (helpers.ts): an answer from `/api` must be
 * one its operation declares (shared/api) — a documented status, and a JSON body that matches the
 * documented schema for that status. A mismatch fails the test that made the call.
 */
import * as v from "valibot";
import { operations } from "#shared/api/index.ts";
import { answersOf, type Operation } from "#shared/api/operation.ts";
import { ErrorEnvelope } from "#shared/schemas.ts";

const matchers = operations.map((op) => ({ op, re: new RegExp(`^/api${op.path.replace(/\{\w+\}/g, "[^/]+")}$`) }));

/** The operation that serves this method and path, as the worker's router picks it (literal segments first). */
export function operationFor(method: string, pathname: string): Operation | undefined {
  const found = matchers.filter((m) => m.op.method === method && m.re.test(pathname)).map((m) => m.op);
  // Several templates match (`/settings/best-selling` and `/settings/{id}`): the one with more literal segments.
  const literals = (op: Operation) => op.path.split("/").filter((s) => s && !s.startsWith("{")).length;
  return found.sort((a, b) => literals(b) - literals(a))[0];
}

/** Throws when the answer is not one the contract documents for the request. */
export async function checkContract(request: Request, response: Response): Promise<void> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/api/")) return;
  const op = operationFor(request.method, url.pathname);
  const label = `${request.method} ${url.pathname} → ${response.status}`;
  const type = response.headers.get("content-type") ?? "";
  if (!op) {
    // Not an operation: the unknown-route 404 in the error envelope.
    if (response.status !== 404 || !v.is(ErrorEnvelope, await response.clone().json()))
      throw new Error(`${label}: no operation serves this request, and the answer is not the unknown-route 404`);
    return;
  }
  const answer = answersOf(op).get(response.status);
  if (!answer) throw new Error(`${label}: status ${response.status} is not documented for ${op.operationId}`);
  if (!answer.schema) {
    if (response.body !== null && (await response.clone().text()) !== "") throw new Error(`${label}: documented without a body, but it has one`);
    return;
  }
  if (!/application\/json/.test(type)) throw new Error(`${label}: documented as JSON, answered ${type || "without a content type"}`);
  const parsed = v.safeParse(answer.schema, await response.clone().json());
  if (!parsed.success) {
    const issues = parsed.issues.slice(0, 3).map((i) => `${v.getDotPath(i) ?? "(body)"}: ${i.message}`);
    throw new Error(`${label}: the body does not match the documented schema of ${op.operationId}: ${issues.join("; ")}`);
  }
}
